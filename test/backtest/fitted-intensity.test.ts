/**
 * The backtest fits each market's taker-arrival intensity as the daemon does (src/backtest/run-intensity.ts)
 * and reports it per run and market in --json (`fitted_a`, `fitted_k`); glft quotes with it.
 */
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.js';

type Json = Record<string, any>;

async function backtest(args: string[]): Promise<Json> {
  const run = await cli(['backtest', '--json', '--no-progress', '--jobs', '1', ...args]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

describe('fitted flow intensity in backtests', () => {
  it('converges: after 2 simulated hours of glft on a demo-world market of A 1 and k 40, the fit is within 25 % of both', async () => {
    const out = await backtest([
      '--world',
      'demo',
      '--strategy',
      'glft',
      '--flow-a',
      '1',
      '--flow-k',
      '40',
      '--hours',
      '2',
      '--seeds',
      '1',
      '--seed-start',
      '4',
      '--markets',
      '1',
    ]);
    const run = out.strategies[0].perRun[0];
    expect(run.fills).toBeGreaterThan(0);
    expect(run.markets).toHaveLength(1);
    const m = run.markets[0];
    expect(m).toMatchObject({ market: expect.stringMatching(/^0x[0-9a-f]{64}$/), fit: 'fitted' });
    expect(m.fitTrades).toBeGreaterThan(1000);
    expect(Math.abs(m.fitted_a / 1 - 1)).toBeLessThan(0.25);
    expect(Math.abs(m.fitted_k / 40 - 1)).toBeLessThan(0.25);
  }, 60_000);

  it('runs glft beside bands on the very same flow, and reports every market of every run', async () => {
    const out = await backtest([
      '--world',
      'demo',
      '--compare',
      'bands,glft',
      '--hours',
      '0.25',
      '--seeds',
      '2',
      '--markets',
      '2',
      '--flow-digest',
    ]);
    const [bands, glft] = out.strategies;
    expect(glft.strategy).toBe('glft');
    expect(glft.perRun.map((r: Json) => r.flowDigest)).toEqual(bands.perRun.map((r: Json) => r.flowDigest));
    expect(glft.perRun.reduce((n: number, r: Json) => n + r.orders.placed, 0)).toBeGreaterThan(0);
    for (const r of [...bands.perRun, ...glft.perRun]) {
      expect(r.markets).toHaveLength(2);
      for (const m of r.markets) {
        expect(['fitted', 'few-trades', 'one-distance', 'imprecise', 'out-of-bounds']).toContain(m.fit);
        expect(m.fitted_a === null || typeof m.fitted_a === 'number').toBe(true);
        expect(m.fitted_k === null || typeof m.fitted_k === 'number').toBe(true);
      }
    }
  }, 60_000);
});
