/**
 * Every configuration file shipped in config/ loads and passes the trading checks as it is; the
 * data file beside them (venue-facts.json, read by `makerd survey --compare`) passes its own check.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readFacts } from '../../src/survey/facts.js';
import { checkTradingConfig } from '../../src/trading/config-check.js';

const dir = join(import.meta.dirname, '..', '..', 'config');
/** config/'s data files, which are not configuration. */
const DATA_FILES = ['venue-facts.json'];
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !DATA_FILES.includes(f));

describe('config/ examples', () => {
  it('ships one example per strategy', () => {
    expect(files).toEqual(expect.arrayContaining(['default.json', 'bands.example.json', 'avellaneda.example.json', 'makerd.example.json']));
  });

  it('venue-facts.json is a facts file for makerd survey --compare', () => {
    const facts = readFacts(join(dir, 'venue-facts.json'));
    expect(facts.figures.length).toBeGreaterThan(10);
    for (const f of facts.figures) expect(f.source, f.key).not.toBe('');
  });

  it.each(files)('%s is valid', async (f) => {
    const { config } = loadConfig({ configFile: join(dir, f), env: {} });
    const strategies = await checkTradingConfig(config);
    expect(strategies.has(config.strategy.name)).toBe(true);
  });
});
