/**
 * Taker arrivals on one token during one step (the model of order-flow.ts, pure and seeded):
 *
 * - On each side (BUY, SELL) takers arrive as a Poisson process of rate A per second, so a step of
 *   dt seconds brings Poisson(A·dt) of them.
 * - An uninformed taker draws how far from fair value it is willing to trade, D ~ Exponential(k),
 *   and sends a FAK whose limit is fair ± D (rounded toward fair onto the tick). Takers reaching
 *   a quote at distance δ therefore arrive at rate A·P(D ≥ δ) = A·exp(−k·δ) per side: a tighter
 *   quote is hit more often.
 * - While a jump is due within the informed lead time, each arrival is informed with probability
 *   `informedShare`: it trades in the jump's direction (BUY when the token's fair value will rise)
 *   with its limit one tick short of the post-jump fair value, sweeping every stale quote in
 *   between — the adverse selection a tight maker suffers.
 */
import { Decimal, roundToTick } from '../../money.js';
import type { Side } from '../../venue/types.js';
import type { SimRng } from '../rng.js';

export interface TakerOrder {
  readonly side: Side;
  readonly price: Decimal;
  readonly size: Decimal;
  readonly informed: boolean;
}

export interface TakerSpec {
  /** This token's fair value now (read only when a taker arrives; may be a getter). */
  readonly fair: Decimal;
  /** This token's fair value after the coming jump, when one is due within the lead time. */
  readonly informedTarget: Decimal | undefined;
  readonly tick: Decimal;
  readonly minSize: Decimal;
  readonly dtMs: number;
  readonly A: number;
  readonly k: number;
  readonly informedShare: number;
  /** Typical taker size (shares). */
  readonly takerSize: Decimal;
}

export function drawTakers(rng: SimRng, spec: TakerSpec): TakerOrder[] {
  const { tick } = spec;
  const out: TakerOrder[] = [];
  // Most steps bring no taker: `fair` (which may be computed on read) and the bounds are only
  // touched once one arrives.
  let fair: Decimal | undefined;
  let top: Decimal | undefined;
  let minSize: Decimal | undefined;
  for (const side of ['BUY', 'SELL'] as const) {
    const arrivals = rng.poisson((spec.A * spec.dtMs) / 1000);
    if (arrivals > 0 && fair === undefined) {
      fair = spec.fair;
      top = new Decimal(1).minus(tick);
      minSize = spec.minSize.ceil();
    }
    for (let n = 0; n < arrivals; n++) {
      if (fair === undefined || top === undefined || minSize === undefined) break;
      // Every arrival draws the same numbers whatever it turns out to be, so the stream never
      // depends on the book or on whether a jump is pending.
      const informedDraw = rng.next();
      const distance = rng.exponential(spec.k);
      const sizeDraw = rng.next();
      const size = Decimal.max(minSize, spec.takerSize.mul(new Decimal(0.5).plus(sizeDraw.toFixed(6))).round());
      const target = spec.informedTarget;
      if (target !== undefined && informedDraw < spec.informedShare && target.minus(fair).abs().gt(tick)) {
        const up = target.gt(fair);
        const price = up ? roundToTick(target.minus(tick), tick, 'down') : roundToTick(target.plus(tick), tick, 'up');
        out.push({ side: up ? 'BUY' : 'SELL', price: Decimal.min(top, Decimal.max(tick, price)), size, informed: true });
        continue;
      }
      const d = new Decimal(distance.toFixed(6));
      const raw = side === 'BUY' ? roundToTick(fair.plus(d), tick, 'down') : roundToTick(fair.minus(d), tick, 'up');
      // Both bounds on both sides: with a coarse tick (e.g. 0.1 set by the operator) fair value
      // may lie within a tick of 0 or 1, and the rounding would leave the price range.
      out.push({ side, price: Decimal.min(top, Decimal.max(tick, raw)), size, informed: false });
    }
  }
  return out;
}
