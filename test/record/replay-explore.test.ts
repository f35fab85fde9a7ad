import { existsSync } from 'node:fs';
import { it } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { runReplay } from '../../src/backtest/run-replay.js';
import { recordSimulation } from '../../src/record/sim-recording.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { parseQuotingParams } from '../../src/guard/index.js';
import bands from '../../strategies/bands.js';

it('explore', async () => {
  const dir = '/tmp/rp/rec1h';
  let t0 = performance.now();
  if (!existsSync(dir)) {
    const fig = await recordSimulation({ dir, seed: 'x', markets: 20, hours: 1 });
    console.log('record', (performance.now() - t0) / 1000, fig);
  }
  t0 = performance.now();
  const data = loadReplay(dir);
  console.log('load', (performance.now() - t0) / 1000, data.events.length, data.problems.slice(0, 3), data.damage);
  const { params, guards } = parseQuotingParams(bands, {}, 'x');
  t0 = performance.now();
  for (let i = 0; i < 1; i++) {
  t0 = performance.now();
  const r = runReplay({ data, strategy: { label: 'bands', strategy: bands, params, guards }, settings: { staleAfterMs: 5000, markoutHorizonsS: [0, 60], risk: DEFAULT_RISK_LIMITS, diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 }, samples: 600 } });
  console.log('replay', (performance.now() - t0) / 1000, r.fills, r.totalPnl.toFixed(), r.orders, r.evaluations, r.realizedPnl.toFixed(), r.unrealizedPnl.toFixed(), (globalThis as any).CAUSES, r.markouts.map((m) => [m.horizonS, m.perShare?.toFixed(4)]));
  }
}, 600_000);
