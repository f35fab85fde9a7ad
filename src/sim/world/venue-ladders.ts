/**
 * The venue world's background makers' ladders (venue-traits.ts MakerTraits): the same ladder
 * rule as the demo flow's makers (src/sim/flow/maker-ladder.ts: the best level `halfSpread` from
 * fair value, rounded away from it onto the tick), one tick between levels, level i of size
 * size x growth^i in whole shares. Used by the live flow on the exchange and by the back-filled
 * past on a virtual book.
 */
import { makerLadderUnits, type LadderLevel } from '../flow/maker-ladder.js';
import type { MakerTraits } from './venue-traits.js';

/** One resting level of one maker: side, price (micro-units), whole shares, which maker. */
export interface VenueLevel {
  readonly side: 'BUY' | 'SELL';
  readonly priceMicro: number;
  readonly shares: number;
  readonly maker: number;
}

const scratch: LadderLevel[] = [];

/** Maker `maker`'s ladder on a token whose fair value is `fairMicro`. */
export function venueLadder(m: MakerTraits, maker: number, fairMicro: number, tickMicro: number, minShares: number): VenueLevel[] {
  const half = Math.max(1, Math.round(m.halfSpread * 1_000_000));
  const levels = makerLadderUnits({ fair: fairMicro, tick: tickMicro, levels: m.levels, halfSpread: half, spacing: tickMicro }, scratch);
  return levels.map((l) => ({
    side: l.side,
    priceMicro: l.price,
    shares: Math.max(minShares, Math.round(m.size * m.growth ** l.level)),
    maker,
  }));
}

/** Distance (micro-units) from fair value of the tightest maker's quotes, before rounding to the tick. */
export function touchMicro(makers: readonly MakerTraits[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const m of makers) best = Math.min(best, Math.round(m.halfSpread * 1_000_000));
  return best;
}
