/** Every configuration file shipped in config/ loads and passes the trading checks as it is. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { checkTradingConfig } from '../../src/trading/config-check.js';

const dir = join(import.meta.dirname, '..', '..', 'config');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('config/ examples', () => {
  it('ships one example per strategy', () => {
    expect(files).toEqual(expect.arrayContaining(['default.json', 'bands.example.json', 'avellaneda.example.json', 'makerd.example.json']));
  });

  it.each(files)('%s is valid', async (f) => {
    const { config } = loadConfig({ configFile: join(dir, f), env: {} });
    const strategies = await checkTradingConfig(config);
    expect(strategies.has(config.strategy.name)).toBe(true);
  });
});
