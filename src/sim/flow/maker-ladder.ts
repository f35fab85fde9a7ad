/**
 * A background maker's ladder on one token: `makerDepthLevels` bids below and asks above fair
 * value, the best at `makerHalfSpread` from it and then every `makerLevelSpacing`, rounded away
 * from fair onto the tick and kept inside [tick, 1 − tick]. Pure: the caller supplies the sizes.
 */
import { Decimal, roundToTick } from '../../money.js';
import type { Side } from '../../venue/types.js';

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
