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
 *
 * Two forms of one rule: `drawTakers` in Decimal (the model as written), and `drawTakersUnits` in
 * integer micro-units (flow-units.ts), which the flow uses when its parameters lie on the 1e-6
 * grid; they draw the same numbers and give the same orders (test/sim/flow/flow-units.test.ts).
 */
import { Decimal, roundToTick } from '../../money.js';
import type { Side } from '../../venue/types.js';
import type { SimRng } from '../rng.js';
import { MICRO_ONE, ceilTo, divRoundHalfEven, floorTo, microOf } from './flow-units.js';

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

/** A taker order of `drawTakersUnits`: price in micro-units, size in whole shares. */
export interface TakerOrderUnits {
  readonly side: Side;
  readonly price: number;
  readonly shares: number;
  readonly informed: boolean;
}

type MutableTakerOrderUnits = { -readonly [K in keyof TakerOrderUnits]: TakerOrderUnits[K] };

/**
 * Where `drawTakersUnits` writes: this call's orders are the first `count` of `orders`, records
 * reused from call to call (a flow draws ~170k takers a market-day; each is placed within its
 * step), so a taker costs no allocation once the step's largest count has been seen.
 */
export class TakerDraws {
  count = 0;
  readonly orders: MutableTakerOrderUnits[] = [];

  add(side: Side, price: number, shares: number, informed: boolean): void {
    const o = this.orders[this.count];
    if (o === undefined) this.orders.push({ side, price, shares, informed });
    else {
      o.side = side;
      o.price = price;
      o.shares = shares;
      o.informed = informed;
    }
    this.count++;
  }

  /** Copies of this call's orders (the records themselves are overwritten by the next call). */
  list(): TakerOrderUnits[] {
    return this.orders.slice(0, this.count).map((o) => ({ ...o }));
  }
}

/** `TakerSpec` in integer micro-units (flow-units.ts). */
export interface TakerUnitsSpec {
  /** This token's fair value now, read only when a taker arrives. */
  readonly fair: () => number;
  readonly informedTarget: number | undefined;
  readonly tick: number;
  /** The token's minimum size rounded up to whole shares. */
  readonly minShares: number;
  readonly dtMs: number;
  readonly A: number;
  readonly k: number;
  readonly informedShare: number;
  /** Typical taker size in micro-shares; `takerSize x 1.5e6` must be a safe integer. */
  readonly takerSize: number;
}

/** Distances at or beyond this (micro-units) put any limit outside [tick, 1 − tick] before clamping. */
const FAR = 2 * MICRO_ONE;
/** 1e-6 x 1e-6: the unit of takerSize (micro-shares) x the size factor (micro). */
const PICO = MICRO_ONE * MICRO_ONE;

/**
 * `drawTakers` in micro-units: the same draws, in the same order, and the same orders. Into `out`
 * (emptied first, its records reused): most steps bring no taker, and a step allocates nothing
 * once `out` holds as many records as a step has needed.
 */
export function drawTakersUnits(rng: SimRng, spec: TakerUnitsSpec, out: TakerDraws = new TakerDraws()): TakerDraws {
  const { tick } = spec;
  const top = MICRO_ONE - tick;
  out.count = 0;
  let fair = -1;
  for (let s = 0; s < 2; s++) {
    const buy = s === 0;
    const arrivals = rng.poisson((spec.A * spec.dtMs) / 1000);
    if (arrivals > 0 && fair < 0) fair = spec.fair();
    for (let n = 0; n < arrivals; n++) {
      const informedDraw = rng.next();
      const distance = rng.exponential(spec.k);
      const sizeDraw = rng.next();
      // takerSize x (0.5 + sizeDraw to 6 decimals), rounded half-even to whole shares.
      const shares = Math.max(spec.minShares, divRoundHalfEven(spec.takerSize * (500_000 + microOf(sizeDraw)), PICO));
      const target = spec.informedTarget;
      if (target !== undefined && informedDraw < spec.informedShare && Math.abs(target - fair) > tick) {
        const up = target > fair;
        const price = up ? floorTo(target - tick, tick) : ceilTo(target + tick, tick);
        out.add(up ? 'BUY' : 'SELL', Math.min(top, Math.max(tick, price)), shares, true);
        continue;
      }
      const d = distance >= 2 ? FAR : microOf(distance);
      const raw = buy ? floorTo(fair + d, tick) : ceilTo(fair - d, tick);
      out.add(buy ? 'BUY' : 'SELL', Math.min(top, Math.max(tick, raw)), shares, false);
    }
  }
  return out;
}
