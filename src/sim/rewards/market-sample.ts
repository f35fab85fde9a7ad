/**
 * One reward sample of one market, read straight off the engine's books in integer units
 * (src/sim/exchange/units.ts: prices in micro-units, sizes in hundredths of a share), so that 250
 * markets sample in about a millisecond instead of a Decimal per order. It is design.md §7 as
 * src/rewards implements it, rearranged so that no step rounds:
 *
 * - `mid2` = best qualifying bid + best qualifying ask (twice the adjusted midpoint, micro-units);
 * - `v2` = max_spread in the same doubled micro-units (1 cent = 20,000), `D = v2 − |2p − mid2|`;
 *   an order scores `S·size = (D / v2)² · b · units / 100`, so its points `D² · units` are an
 *   exact integer and Q = points · b / (100 · v2²);
 * - `3 · Q_min` = max(3 · min(one, two), max(one, two)) inside [0.10, 0.90], 3 · min outside —
 *   the common factor b / (100 · v2²) and the 3 cancel in the shares, which are then one exact
 *   integer ratio per account.
 *
 * Terms whose max_spread is not a whole number of doubled micro-units (more than four decimals of
 * a cent) or whose min_size is off the size grid take src/rewards' Decimal path instead
 * (`unitTermsOf` answers undefined). test/sim/rewards/market-sample.test.ts holds both equal.
 */
import { Decimal, ZERO } from '../../money.js';
import {
  type AccountScore,
  adjustedMidpoint,
  type RewardMidpoints,
  type RewardRules,
  sampleShares,
  type ScoredOrder,
  scoreSample,
} from '../../rewards/index.js';
import type { RestingLevels } from '../exchange/sim-exchange.js';
import type { PriceLevel } from '../exchange/price-level.js';
import type { SimOrder } from '../exchange/sim-order.js';
import { PRICE_SCALE, priceDecimal, sizeDecimal, SIZE_SCALE } from '../exchange/units.js';

/** A market's terms in engine units. */
export interface UnitTerms {
  /** max_spread in doubled micro-units (1 cent = 20,000). */
  readonly v2: number;
  /** min_size in size units (hundredths of a share). */
  readonly minUnits: number;
}

/** One account's raw totals in a sample: points per side and 3·Q_min (integers). */
export interface UnitScore {
  readonly one: bigint;
  readonly two: bigint;
  readonly q3: bigint;
}

export interface MarketSample {
  /** Adjusted midpoints of outcome 0 and 1 (undefined: no qualifying level on a side). */
  readonly mids: RewardMidpoints;
  /** Every account with points on a side (an order inside max_spread, of at least min_size). */
  readonly scores: ReadonlyMap<string, AccountScore>;
  /** Each of those accounts' share of the sample (all 0 when nobody scores). */
  readonly shares: ReadonlyMap<string, Decimal>;
}

const CENT_V2 = (2 * PRICE_SCALE) / 100;
const RANGE_LOW2 = (2 * PRICE_SCALE) / 10;
const RANGE_HIGH2 = (2 * PRICE_SCALE * 9) / 10;

/** The terms in units, or undefined when they are off the unit grid (then use the Decimal path). */
export function unitTermsOf(rules: RewardRules): UnitTerms | undefined {
  const v2 = rules.maxSpreadCents.mul(CENT_V2);
  const min = rules.minSize.mul(SIZE_SCALE).ceil();
  if (!v2.isInteger() || v2.gt(4 * PRICE_SCALE) || min.gt(Number.MAX_SAFE_INTEGER)) return undefined;
  return { v2: v2.toNumber(), minUnits: min.toNumber() };
}

/** Best bid + best ask among levels of at least `minUnits` (levels best last). */
function mid2Of(book: RestingLevels | undefined, minUnits: number): number | undefined {
  if (book === undefined) return undefined;
  const bid = bestQualifying(book.bids, minUnits);
  const ask = bestQualifying(book.asks, minUnits);
  return bid === undefined || ask === undefined ? undefined : bid + ask;
}

function bestQualifying(levels: readonly PriceLevel<SimOrder>[], minUnits: number): number | undefined {
  for (let i = levels.length - 1; i >= 0; i--) if (levels[i]!.total >= minUnits) return levels[i]!.price;
  return undefined;
}

interface Sums {
  one: bigint;
  two: bigint;
}

/**
 * Adds the points of one side's orders within max_spread of `mid2` to `sums` (by account).
 * `sideOne`: the side counts toward Q_one (bids on m, asks on m').
 */
function addSide(
  levels: readonly PriceLevel<SimOrder>[],
  isBid: boolean,
  mid2: number,
  terms: UnitTerms,
  sideOne: boolean,
  sums: Map<string, Sums>,
): void {
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i]!;
    const p2 = 2 * level.price;
    // Levels get worse from the best: once beyond max_spread on the far side, all the rest are.
    if (isBid ? p2 <= mid2 - terms.v2 : p2 >= mid2 + terms.v2) break;
    const d = terms.v2 - Math.abs(p2 - mid2);
    if (d <= 0) continue;
    const dd = BigInt(d * d);
    for (let o = level.head; o !== undefined; o = o.next) {
      if (o.remaining < terms.minUnits) continue;
      const key = o.account.address.toLowerCase();
      let s = sums.get(key);
      if (s === undefined) {
        s = { one: 0n, two: 0n };
        sums.set(key, s);
      }
      const pts = dd * BigInt(o.remaining);
      if (sideOne) s.one += pts;
      else s.two += pts;
    }
  }
}

/** One sample of a market from its two tokens' resting books, in integer units. */
export function sampleMarketUnits(
  rules: RewardRules,
  terms: UnitTerms,
  books: readonly [RestingLevels | undefined, RestingLevels | undefined],
): MarketSample {
  const mid0 = mid2Of(books[0], terms.minUnits);
  const mid1 = mid2Of(books[1], terms.minUnits);
  const sums = new Map<string, Sums>();
  if (mid0 !== undefined) {
    addSide(books[0]!.bids, true, mid0, terms, true, sums);
    addSide(books[0]!.asks, false, mid0, terms, false, sums);
  }
  if (mid1 !== undefined) {
    addSide(books[1]!.bids, true, mid1, terms, false, sums);
    addSide(books[1]!.asks, false, mid1, terms, true, sums);
  }
  const ref = mid0 ?? (mid1 === undefined ? undefined : 2 * PRICE_SCALE - mid1);
  const oneSided = ref !== undefined && ref >= RANGE_LOW2 && ref <= RANGE_HIGH2;
  let total = 0n;
  const q3s = new Map<string, UnitScore>();
  for (const [account, { one, two }] of sums) {
    const low = one < two ? one : two;
    const high = one < two ? two : one;
    const q3 = oneSided && high > 3n * low ? high : 3n * low;
    total += q3;
    q3s.set(account, { one, two, q3 });
  }
  const totalD = new Decimal(total.toString());
  const shares = new Map<string, Decimal>();
  for (const [account, u] of q3s) shares.set(account, total === 0n ? ZERO : new Decimal(u.q3.toString()).div(totalD));
  let scores: Map<string, AccountScore> | undefined;
  let mids: RewardMidpoints | undefined;
  // Only shares are needed every minute; midpoints and scores in Decimal when someone reads them.
  return {
    get mids() {
      mids ??= {
        market: mid0 === undefined ? undefined : priceDecimal(mid0).div(2),
        complement: mid1 === undefined ? undefined : priceDecimal(mid1).div(2),
      };
      return mids;
    },
    get scores() {
      scores ??= decimalScores(rules, terms, q3s);
      return scores;
    },
    shares,
  };
}

/**
 * Q = points · b / (100 · v2²); Q_min = q3 · b / (3 · 100 · v2²): one division each, so a score
 * is the correctly rounded value of its exact fraction.
 */
function decimalScores(rules: RewardRules, terms: UnitTerms, q3s: ReadonlyMap<string, UnitScore>): Map<string, AccountScore> {
  const b = rules.multiplier;
  const den = new Decimal(terms.v2).pow(2).mul(SIZE_SCALE);
  const den3 = den.mul(3);
  const out = new Map<string, AccountScore>();
  for (const [account, u] of q3s) {
    out.set(account, {
      qOne: new Decimal(u.one.toString()).mul(b).div(den),
      qTwo: new Decimal(u.two.toString()).mul(b).div(den),
      qMin: new Decimal(u.q3.toString()).mul(b).div(den3),
    });
  }
  return out;
}

/** The same sample through src/rewards in Decimal (terms off the unit grid; the tests' reference). */
export function sampleMarketDecimal(
  rules: RewardRules,
  books: readonly [RestingLevels | undefined, RestingLevels | undefined],
): MarketSample {
  const orders: ScoredOrder[] = [];
  const mid = (book: RestingLevels | undefined): Decimal | undefined => {
    if (book === undefined) return undefined;
    const levels = (ls: readonly PriceLevel<SimOrder>[]) => ls.map((l) => ({ price: priceDecimal(l.price), size: sizeDecimal(l.total) }));
    return adjustedMidpoint(levels(book.bids), levels(book.asks), rules.minSize);
  };
  const mids: RewardMidpoints = { market: mid(books[0]), complement: mid(books[1]) };
  books.forEach((book, outcome) => {
    if (book === undefined) return;
    for (const [side, levels] of [
      ['BUY', book.bids],
      ['SELL', book.asks],
    ] as const) {
      for (const level of levels) {
        for (let o = level.head; o !== undefined; o = o.next) {
          orders.push({
            account: o.account.address.toLowerCase(),
            outcome: outcome as 0 | 1,
            side,
            price: priceDecimal(level.price),
            size: sizeDecimal(o.remaining),
          });
        }
      }
    }
  });
  const all = scoreSample(rules, mids, orders);
  // The unit path lists only accounts with points on a side (an order inside max_spread, of at
  // least min_size); so does this one.
  const scores = new Map([...all].filter(([, s]) => !s.qOne.isZero() || !s.qTwo.isZero()));
  return { mids, scores, shares: sampleShares(scores) };
}
