/**
 * Synthetic taker flows of known A and k for the intensity tests: the simulator's exponential-reach
 * model (src/sim/flow/taker-arrivals.ts) on four book sides whose best prices move, drawn from a
 * seeded stream. Each step, every book side's takers arrive as Poisson(A·dt) and each reaches
 * D ~ Exp(k) from the midpoint; one that reaches the side's best price trades there.
 */
import { type BookPrices, QUOTE_SIDE_OF, newBookPrices } from '../../../src/market/intensity/book-touches.js';
import type { MarketIntensity } from '../../../src/market/intensity/market-intensity.js';
import { SimRng } from '../../../src/sim/rng.js';

export interface FlowSpec {
  readonly a: number;
  readonly k: number;
  readonly seed: string;
  /** Seconds of flow. */
  readonly seconds: number;
  /** The touch distances (price) each book side draws from, uniformly, every `holdS` seconds. */
  readonly distances: readonly number[];
  readonly holdS: number;
  readonly startMs?: number;
  readonly stepMs?: number;
  readonly mid?: number;
}

/** Runs the flow into `intensity` (observeBooks and trade); returns the takers that traded per outcome-0 side. */
export function runFlow(intensity: MarketIntensity, spec: FlowSpec): { bid: number; ask: number } {
  const rng = new SimRng(spec.seed);
  const stepMs = spec.stepMs ?? 250;
  const start = spec.startMs ?? 1_763_800_000_000;
  const mid = spec.mid ?? 0.5;
  const touch = [0, 0, 0, 0];
  const prices: BookPrices = newBookPrices();
  const traded = { bid: 0, ask: 0 };
  const draw = (): void => {
    for (let s = 0; s < 4; s++) {
      touch[s] = spec.distances[rng.int(0, spec.distances.length - 1)]!;
      const m = s < 2 ? mid : 1 - mid;
      prices[s] = s === 0 || s === 2 ? m - touch[s]! : m + touch[s]!;
    }
  };
  draw();
  intensity.observeBooks(start, mid, prices);
  let nextDraw = start + spec.holdS * 1000;
  for (let t = start + stepMs; t <= start + spec.seconds * 1000; t += stepMs) {
    for (let s = 0; s < 4; s++) {
      const n = rng.poisson((spec.a * stepMs) / 1000);
      for (let i = 0; i < n; i++) {
        if (rng.exponential(spec.k) < touch[s]!) continue;
        intensity.trade(t, s as 0 | 1 | 2 | 3);
        traded[QUOTE_SIDE_OF[s]!]++;
      }
    }
    if (t >= nextDraw) {
      nextDraw += spec.holdS * 1000;
      draw();
    }
    intensity.observeBooks(t, mid, prices);
  }
  return traded;
}
