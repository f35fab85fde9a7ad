/**
 * The fitted flow intensity in /metrics and /status: A, k, the takers in the window and whether
 * the fit is trusted, per market and side, as the estimator has them; the fallbacks of a strategy
 * that reads the fit, by reason; /status's flowIntensity per market.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { FlowIntensities } from '../../src/market/intensity/flow-intensities.js';
import type { IntensitySides } from '../../src/market/intensity/intensity-estimate.js';
import { DEFAULT_INTENSITY_SETTINGS } from '../../src/market/intensity/intensity-settings.js';
import { MarketIntensity } from '../../src/market/intensity/market-intensity.js';
import { registerIntensityMetrics } from '../../src/metrics/intensity-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { runFlow } from '../market/intensity/synthetic-flow.js';
import { CONDITION, makeView } from '../strategy/view-fixture.js';

const T0 = 1_767_225_600_000;
const END = T0 + 3_600_000;

/** m1: an hour of flow of A 1, k 50 on touches between 0.5 and 3 cents; m2: a minute of it. */
function snapshot(): Map<string, IntensitySides> {
  const busy = new MarketIntensity(['m1:0', 'm1:1']);
  runFlow(busy, { a: 1, k: 50, seed: 'metrics', seconds: 3600, distances: [0.005, 0.01, 0.02, 0.03], holdS: 15, startMs: T0 });
  const quiet = new MarketIntensity(['m2:0', 'm2:1']);
  runFlow(quiet, { a: 1, k: 50, seed: 'quiet', seconds: 60, distances: [0.02], holdS: 15, startMs: END - 60_000 });
  return new Map([
    ['m1', busy.sides(END)],
    ['m2', quiet.sides(END)],
  ]);
}

function series(text: string, name: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
}

describe('flow intensity metrics', () => {
  it('exports A, k, the takers and whether each side is trusted, as fitted; no A or k without a fit', async () => {
    const snap = snapshot();
    const m1 = snap.get('m1')!;
    const m2 = snap.get('m2')!;
    expect(m1.bid.status).toBe('fitted');
    expect(m2.bid).toMatchObject({ status: 'few-trades', a: undefined });
    const registry = createRegistry();
    registerIntensityMetrics(registry, { snapshot: () => snap, counts: () => undefined });
    const text = await registry.metrics();
    expect(series(text, 'makerd_flow_intensity_a')).toEqual([
      `makerd_flow_intensity_a{market="m1",side="bid"} ${m1.bid.a}`,
      `makerd_flow_intensity_a{market="m1",side="ask"} ${m1.ask.a}`,
    ]);
    expect(series(text, 'makerd_flow_intensity_k')).toEqual([
      `makerd_flow_intensity_k{market="m1",side="bid"} ${m1.bid.k}`,
      `makerd_flow_intensity_k{market="m1",side="ask"} ${m1.ask.k}`,
    ]);
    expect(Math.abs(m1.bid.k! / 50 - 1)).toBeLessThan(0.15);
    expect(series(text, 'makerd_flow_intensity_samples')).toEqual([
      `makerd_flow_intensity_samples{market="m1",side="bid"} ${m1.bid.trades}`,
      `makerd_flow_intensity_samples{market="m1",side="ask"} ${m1.ask.trades}`,
      `makerd_flow_intensity_samples{market="m2",side="bid"} ${m2.bid.trades}`,
      `makerd_flow_intensity_samples{market="m2",side="ask"} ${m2.ask.trades}`,
    ]);
    expect(m2.bid.trades).toBeGreaterThan(0);
    expect(series(text, 'makerd_flow_intensity_trusted')).toEqual([
      'makerd_flow_intensity_trusted{market="m1",side="bid"} 1',
      'makerd_flow_intensity_trusted{market="m1",side="ask"} 1',
      'makerd_flow_intensity_trusted{market="m2",side="bid"} 0',
      'makerd_flow_intensity_trusted{market="m2",side="ask"} 0',
    ]);
  });

  it('counts the fallbacks of a strategy that reads the fit by market, side and reason, and the takers counted', async () => {
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS });
    const few = snapshot().get('m2')!;
    f.observe(makeView());
    const cid = CONDITION;
    f.noteUse(cid, few);
    f.noteUse(cid, few);
    const registry = createRegistry();
    registerIntensityMetrics(registry, { snapshot: () => f.snapshot(END), counts: () => f.counts });
    const text = await registry.metrics();
    expect(series(text, 'makerd_flow_intensity_fallback_total')).toEqual([
      `makerd_flow_intensity_fallback_total{market="${cid}",side="bid",reason="few-trades"} 2`,
      `makerd_flow_intensity_fallback_total{market="${cid}",side="ask",reason="few-trades"} 2`,
    ]);
    expect(series(text, 'makerd_flow_intensity_takers_total')).toEqual([
      'makerd_flow_intensity_takers_total{result="counted"} 0',
      'makerd_flow_intensity_takers_total{result="unplaced"} 0',
    ]);
  });

  it('/status shows each market its sides: status, A and k (6 significant digits), their standard error and the takers', () => {
    const clock = new FakeClock(END);
    const snap = snapshot();
    const src: StatusSource = {
      version: '9.9.9',
      startedAtMs: T0,
      now: () => clock.now(),
      notReady: () => undefined,
      phase: () => 'trade',
      risk: () => undefined,
      portfolio: () => new Portfolio({ clock }).snapshot(),
      limiter: () => undefined,
      markets: () => ['m1', 'm2', 'm3'],
      bookAgeSeconds: () => 1,
      quotes: () => new Map(),
      lossLimits: () => undefined,
      streams: () => ({ enabled: { market: true, user: false }, probes: {} }),
      lastErrors: () => [],
      intensity: () => snap,
    };
    const s = buildStatus(src);
    const m1 = snap.get('m1')!.bid;
    expect(s.markets[0]?.flowIntensity?.bid).toEqual({
      status: 'fitted',
      a: Number(m1.a!.toPrecision(6)),
      k: Number(m1.k!.toPrecision(6)),
      kStandardError: Number(m1.kStandardError!.toPrecision(6)),
      trades: m1.trades,
    });
    expect(s.markets[1]?.flowIntensity?.ask).toMatchObject({ status: 'few-trades', a: null, k: null });
    expect(s.markets[2]?.flowIntensity).toBeUndefined();
  });
});
