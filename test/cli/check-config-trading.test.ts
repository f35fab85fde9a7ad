/**
 * `makerd check-config` checks what the daemon would refuse at start-up, without the network:
 * strategy names, strategy parameters (default and per market), risk limits and shards, with
 * errors that name the market entry, the parameter, the value and the rule.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../../src/cli/cli.js';
import { loadConfig } from '../../src/config/load.js';
import { packageRoot } from '../../src/package-root.js';
import { tmpFile } from '../support/config-helpers.js';

async function checkConfig(config: object): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const file = tmpFile('makerd.json', JSON.stringify(config));
  const code = await runCli(['--config', file, 'check-config'], {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: {},
  });
  return { code, stdout, stderr };
}

describe('check-config: trading settings', () => {
  it('accepts both strategies with per-market parameters and says what will be quoted', async () => {
    const r = await checkConfig({
      strategy: { name: 'avellaneda', params: { gamma: 0.1, levels: 3 } },
      markets: [
        { market: 'some-slug' },
        {
          market: 'other-slug',
          strategy: 'bands',
          params: {
            bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '5', avgAmount: '10', maxAmount: '15' }],
          },
        },
      ],
      shard: { index: 1, count: 2 },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'configuration valid: mode=sim, credentials from the embedded simulator, strategy avellaneda (known: avellaneda, bands, glft), markets 2 listed, shard 1/2\n',
    );
  });

  it('names the market entry, the parameter, the value and the rule of a bad parameter', async () => {
    const r = await checkConfig({
      markets: [{ market: 'a' }, { market: 'b', strategy: 'avellaneda', params: { gamma: -1 } }],
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('makerd: MAKERD_ERR_CONFIG: markets[1] b (avellaneda): params.gamma must be a number > 0 (got -1)\n');
  });

  it('checks the guard settings under params.guards, default and per market, with the same errors', async () => {
    const ok = await checkConfig({ strategy: { name: 'bands', params: { guards: { jumpAction: 'pull', coolDownS: 60 } } } });
    expect(ok.code).toBe(0);
    const r = await checkConfig({
      markets: [{ market: 'a' }, { market: 'b', strategy: 'avellaneda', params: { guards: { burstFills: 2.5 } } }],
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'makerd: MAKERD_ERR_CONFIG: markets[1] b (avellaneda): params.guards.burstFills must be an integer >= 0 (got 2.5)\n',
    );
    const def = await checkConfig({ strategy: { name: 'bands', params: { guards: { fairValue: 'vwap' } } } });
    expect(def.stderr).toBe(
      'makerd: MAKERD_ERR_CONFIG: strategy.params (bands): params.guards.fairValue must be one of "mid", "microprice" (got "vwap")\n',
    );
  });

  it('checks the reward-aware settings under params.rewards with the same errors', async () => {
    const r = await checkConfig({
      markets: [{ market: 'a' }, { market: 'b', strategy: 'bands', params: { rewards: { enabled: true, spreadFraction: '1.5' } } }],
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'makerd: MAKERD_ERR_CONFIG: markets[1] b (bands): params.rewards.spreadFraction must be a decimal > 0 and <= 0.95 (got "1.5")\n',
    );
  });

  it('passes config/rewards.example.json, the reward-farming example, as shipped', async () => {
    let stderr = '';
    const code = await runCli(['--config', join(packageRoot(), 'config', 'rewards.example.json'), 'check-config'], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      env: {},
    });
    expect([code, stderr]).toEqual([0, expect.stringMatching(/^configuration valid: mode=sim, .*strategy avellaneda/)]);
    const { config } = loadConfig({ configFile: join(packageRoot(), 'config', 'rewards.example.json'), env: {} });
    expect((config.strategy.params.rewards as { enabled: boolean }).enabled).toBe(true);
    expect(config.selector.by).toBe('rewards');
  });

  it('refuses an unknown strategy, listing the known ones', async () => {
    const r = await checkConfig({ strategy: { name: 'martingale' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('makerd: MAKERD_ERR_CONFIG: strategy.name: unknown strategy "martingale" (known: avellaneda, bands, glft)\n');
  });

  it('refuses inconsistent risk limits and a shard outside its count', async () => {
    const risk = await checkConfig({ risk: { minPrice: '0.5', maxPrice: '0.4' } });
    expect(risk.code).toBe(1);
    expect(risk.stderr).toContain('risk.maxPrice must be a decimal in (0, 1) greater than risk.minPrice (got "0.4")');
    const shard = await checkConfig({ shard: { index: 3, count: 3 } });
    expect(shard.code).toBe(1);
    expect(shard.stderr).toMatch(/shard\.index/);
  });
});
