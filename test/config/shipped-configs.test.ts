/**
 * The configuration files shipped in config/ are what users copy: each loads without a warning
 * and passes the checks `makerd check-config` makes (strategy, its parameters with the guards and
 * the reward stage, risk limits). config/venue-maker.json is the one a user runs on the venue.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { packageRoot } from '../../src/package-root.js';
import { checkTradingConfig } from '../../src/trading/config-check.js';

const dir = join(packageRoot(), 'config');
// venue-facts.json is data (published figures), not a makerd configuration.
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'venue-facts.json');

describe('shipped configuration files', () => {
  it('ships the tuned file of every built-in strategy and venue-maker.json', () => {
    for (const f of ['avellaneda-tuned.json', 'bands-tuned.json', 'glft-tuned.json', 'venue-maker.json']) expect(files).toContain(f);
  });

  for (const file of files) {
    it(`${file} is valid as shipped`, async () => {
      const env = file === 'makerd.example.json' ? { MAKERD_VENUE_SECRET: 'c2VjcmV0', MAKERD_VENUE_PASSPHRASE: 'ab'.repeat(32) } : {};
      const loaded = loadConfig({ configFile: join(dir, file), env });
      expect(loaded.warnings).toEqual([]);
      const strategies = await checkTradingConfig(loaded.config);
      expect(strategies.has(loaded.config.strategy.name)).toBe(true);
    });
  }

  it('venue-maker.json: glft with the reward stage, markets chosen by income, limits for a few thousand USDC', () => {
    const { config } = loadConfig({ configFile: join(dir, 'venue-maker.json'), env: {} });
    expect(config.strategy.name).toBe('glft');
    expect((config.strategy.params as { rewards?: { enabled?: boolean } }).rewards?.enabled).toBe(true);
    expect(config.selector.by).toBe('income');
    expect(config.selector.top).toBeGreaterThan(0);
    expect(config.selector.rerankSec).toBeGreaterThan(0);
    // Resting orders never lock more than 2,500 USDC; a day's loss and the drawdown are bounded.
    expect(String(config.risk.maxGrossNotional)).toBe('2500');
    expect(String(config.risk.maxDailyLoss)).toBe('100');
    expect(String(config.risk.maxDrawdown)).toBe('200');
    expect(String(config.risk.perEvent.maxWorstLossUsdc)).toBe('300');
  });
});
