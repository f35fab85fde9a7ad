/**
 * The fitted taker-arrival intensity of each market and side (src/market/intensity), read at
 * scrape time: A (takers a second per book side at the midpoint) and k (per price unit) as fitted
 * — a side with no fit has no A or k series —, whether the fit is trusted, the takers in its
 * window, and how often a strategy that reads the fit quoted with its configured values instead,
 * by reason.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { IntensitySides } from '../market/intensity/intensity-estimate.js';
import { cumulative } from './cumulative.js';

export interface IntensityMetricsSource {
  /** Each market's estimates now. */
  readonly snapshot: () => ReadonlyMap<string, IntensitySides> | undefined;
  /** Fallback evaluations by `market|side|reason`; takers counted and not placed. */
  readonly counts: () => { readonly fallbacks: ReadonlyMap<string, number>; readonly taken: number; readonly unplaced: number } | undefined;
}

export function registerIntensityMetrics(registry: Registry, src: IntensityMetricsSource): void {
  let refresh: () => void = () => {};
  // First registered: its collect() refreshes every series below before they are serialized.
  const a = new Gauge({
    name: 'makerd_flow_intensity_a',
    help: 'Fitted taker arrivals a second per book side at the midpoint (A of A*exp(-k*distance)), by market and side; absent while nothing is fitted',
    labelNames: ['market', 'side'],
    registers: [registry],
    collect() {
      refresh();
    },
  });
  const k = new Gauge({
    name: 'makerd_flow_intensity_k',
    help: 'Fitted decay of the taker arrivals with distance from the midpoint, per price unit, by market and side; absent while nothing is fitted',
    labelNames: ['market', 'side'],
    registers: [registry],
  });
  const samples = new Gauge({
    name: 'makerd_flow_intensity_samples',
    help: 'Takers counted within the fit window, by market and side',
    labelNames: ['market', 'side'],
    registers: [registry],
  });
  const trusted = new Gauge({
    name: 'makerd_flow_intensity_trusted',
    help: '1 when the side fit is trusted (strategies that read it quote with it), else 0',
    labelNames: ['market', 'side'],
    registers: [registry],
  });
  const addFallback = cumulative(
    new Counter({
      name: 'makerd_flow_intensity_fallback_total',
      help: 'Evaluations of a strategy that reads the fitted intensity (glft) which quoted with its configured a and k, by market, side and reason (few-trades, one-distance, imprecise, out-of-bounds)',
      labelNames: ['market', 'side', 'reason'],
      registers: [registry],
    }),
  );
  const addTakers = cumulative(
    new Counter({
      name: 'makerd_flow_intensity_takers_total',
      help: 'Taker orders counted by the intensity fit (counted: placed at a known touch; unplaced: no recent view of their book)',
      labelNames: ['result'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  refresh = () => {
    for (const g of [a, k, samples, trusted]) g.reset();
    for (const [market, sides] of src.snapshot() ?? []) {
      for (const side of ['bid', 'ask'] as const) {
        const e = sides[side];
        const labels = { market, side };
        if (e.a !== undefined && Number.isFinite(e.a)) a.set(labels, e.a);
        if (e.k !== undefined && Number.isFinite(e.k)) k.set(labels, e.k);
        samples.set(labels, e.trades);
        trusted.set(labels, e.status === 'fitted' ? 1 : 0);
      }
    }
    const c = src.counts();
    if (c === undefined) return;
    for (const [key, n] of c.fallbacks) {
      const [market = '', side = '', reason = ''] = key.split('|');
      addFallback({ market, side, reason }, n);
    }
    addTakers({ result: 'counted' }, c.taken);
    addTakers({ result: 'unplaced' }, c.unplaced);
  };
}
