/**
 * A background maker's ladder on one token: `makerDepthLevels` bids below and asks above fair
 * value, the best at `makerHalfSpread` from it and then every `makerLevelSpacing`, rounded away
 * from fair onto the tick and kept inside [tick, 1 − tick]. Pure: the caller supplies the sizes.
 *
 * Two forms of one rule: `makerLadder` in Decimal (the model as written), and `makerLadderUnits`
 * in integer micro-units (flow-units.ts), which the flow uses when its parameters lie on the 1e-6
 * grid; they give the same orders (test/sim/flow/flow-units.test.ts).
 */
import { Decimal, roundToTick } from '../../money.js';
import type { Side } from '../../venue/types.js';
import { MICRO_ONE, ceilTo, floorTo } from './flow-units.js';

export interface LadderOrder {
  readonly side: Side;
  readonly price: Decimal;
  readonly size: Decimal;
}

export interface LadderSpec {
  readonly fair: Decimal;
  readonly tick: Decimal;
  readonly levels: number;
  readonly halfSpread: number;
  readonly spacing: number;
  /** Size of level `i` (0 = best) on `side`. */
  readonly sizeOf: (side: Side, level: number) => Decimal;
}

export function makerLadder(spec: LadderSpec): LadderOrder[] {
  const { fair, tick } = spec;
  const half = new Decimal(String(spec.halfSpread));
  const spacing = new Decimal(String(spec.spacing));
  const top = new Decimal(1).minus(tick);
  const out: LadderOrder[] = [];
  for (const side of ['BUY', 'SELL'] as const) {
    let last: Decimal | undefined;
    for (let i = 0; i < spec.levels; i++) {
      const distance = half.plus(spacing.mul(i));
      const price = side === 'BUY' ? roundToTick(fair.minus(distance), tick, 'down') : roundToTick(fair.plus(distance), tick, 'up');
      if (price.lt(tick) || price.gt(top)) break;
      if (last !== undefined && price.eq(last)) continue;
      last = price;
      out.push({ side, price, size: spec.sizeOf(side, i) });
    }
  }
  return out;
}

/** One level of `makerLadderUnits`: side and price in micro-units; `level` is its index i. */
export interface LadderLevel {
  readonly side: Side;
  readonly price: number;
  readonly level: number;
}

/** `makerLadder`'s prices in integer micro-units (flow-units.ts); all inputs on the 1e-6 grid. */
export interface LadderUnitsSpec {
  readonly fair: number;
  readonly tick: number;
  readonly levels: number;
  readonly halfSpread: number;
  readonly spacing: number;
}

/**
 * The same ladder as `makerLadder`, in micro-units and without sizes (the caller draws a size per
 * level returned, in order, as `makerLadder` does through `sizeOf`). Writes into `out` (cleared).
 */
export function makerLadderUnits(spec: LadderUnitsSpec, out: LadderLevel[]): LadderLevel[] {
  const { fair, tick } = spec;
  const top = MICRO_ONE - tick;
  if (out.length !== 0) out.length = 0;
  for (let s = 0; s < 2; s++) {
    const buy = s === 0;
    let last = -1;
    for (let i = 0; i < spec.levels; i++) {
      const distance = spec.halfSpread + spec.spacing * i;
      const price = buy ? floorTo(fair - distance, tick) : ceilTo(fair + distance, tick);
      if (price < tick || price > top) break;
      if (price === last) continue;
      last = price;
      out.push({ side: buy ? 'BUY' : 'SELL', price, level: i });
    }
  }
  return out;
}
