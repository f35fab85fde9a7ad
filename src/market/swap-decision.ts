/**
 * The selector's swap decision (selector.by = "rewards" with selector.rerankSec): given the
 * markets the selector quotes now and a new ranking, which markets leave and which join. Pure:
 * the clock's time comes in as `nowMs`.
 *
 * Hysteresis keeps the set from flapping between two near-equal markets: a market the ranking
 * now leaves out is replaced only when
 * - it has been quoted at least `minHoldMs`, and
 * - the market taking its place beats it by the margin: value(in) - value(out) > margin x |value(out)|
 *   (values are the ranking's: expected reward per day per unit of capital less the volatility
 *   penalty, reward-ranking.ts).
 * A quoted market the ranking no longer ranks at all (it stopped paying, its rewards object is
 * unreadable, it closed or stopped accepting orders, left the listing) goes at once, hold or not:
 * there is nothing left to compare. One that still pays but had no midpoint this ranking (a book
 * empty for a moment) is kept until held long enough, then replaced like one that is outranked.
 *
 * Pairs are formed weakest out against strongest in. Picks beyond the markets leaving (the
 * selector found more than before: a market closed, the shard's share of the top N grew) join
 * at once; markets leaving beyond the picks (the share shrank) leave once held long enough.
 */
import { Decimal, ZERO } from '../money.js';

export interface SwapSettings {
  /** Relative margin a challenger must beat the market it replaces by (0.2 = 20 %). */
  readonly margin: Decimal;
  /** Shortest time a market is quoted before it can be replaced (ms). */
  readonly minHoldMs: number;
}

export interface QuotedByRank {
  readonly conditionId: string;
  /** When it joined the quoted set (clock ms; the start for the markets picked at start). */
  readonly sinceMs: number;
}

export interface RankValue {
  readonly value: Decimal;
  readonly expectedRewardPerDay: Decimal;
}

export interface SwapInput {
  /** The selector's markets quoted now (explicit `markets` entries are never swapped). */
  readonly quoted: readonly QuotedByRank[];
  /** The selector's picks of this ranking (this shard's, top N, tag), best first. */
  readonly picks: readonly string[];
  /** Every market the ranking ranked, by condition id. */
  readonly ranked: ReadonlyMap<string, RankValue>;
  /** Paying markets the ranking could not price (no midpoint this time). */
  readonly unpriced?: ReadonlySet<string> | undefined;
  readonly nowMs: number;
  readonly settings: SwapSettings;
}

export interface SwapSide {
  readonly market: string;
  /** Undefined: not ranked. */
  readonly value: Decimal | undefined;
  readonly expectedRewardPerDay: Decimal | undefined;
}

export interface SwapMove {
  /** The market joining (undefined: a market leaves without replacement). */
  readonly in?: SwapSide | undefined;
  /** The market leaving (undefined: a market joins a free place). */
  readonly out?: SwapSide | undefined;
  readonly reason: string;
}

export interface HeldMarket {
  readonly market: string;
  /** The pick it kept out, if any. */
  readonly challenger: string | undefined;
  readonly reason: string;
}

export interface SwapDecision {
  readonly moves: readonly SwapMove[];
  /** Markets the ranking left out that stay, and why (hysteresis). */
  readonly held: readonly HeldMarket[];
}

function sideOf(market: string, ranked: ReadonlyMap<string, RankValue>): SwapSide {
  const r = ranked.get(market);
  return { market, value: r?.value, expectedRewardPerDay: r?.expectedRewardPerDay };
}

/** Whether `challenger` beats `incumbent` by the margin. */
export function beatsByMargin(challenger: Decimal, incumbent: Decimal, margin: Decimal): boolean {
  return challenger.sub(incumbent).gt(margin.mul(incumbent.abs()));
}

const text = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed();

const ascending = (a: SwapSide, b: SwapSide): number => {
  if (a.value === undefined || b.value === undefined) return a.value === undefined ? (b.value === undefined ? 0 : -1) : 1;
  return a.value.cmp(b.value);
};

export function decideSwaps(input: SwapInput): SwapDecision {
  const { ranked, nowMs, settings } = input;
  const quotedIds = new Set(input.quoted.map((q) => q.conditionId));
  const picks = new Set(input.picks);
  const since = new Map(input.quoted.map((q) => [q.conditionId, q.sinceMs]));
  const entering = input.picks.filter((m) => !quotedIds.has(m)).map((m) => sideOf(m, ranked));
  entering.sort((a, b) => ascending(b, a));
  const leaving = input.quoted
    .filter((q) => !picks.has(q.conditionId))
    .map((q) => sideOf(q.conditionId, ranked))
    .sort(ascending);
  const moves: SwapMove[] = [];
  const held: HeldMarket[] = [];
  let next = 0;
  let size = input.quoted.length;
  for (const out of leaving) {
    const challenger = entering[next];
    const heldMs = nowMs - (since.get(out.market) ?? nowMs);
    if (out.value === undefined && input.unpriced?.has(out.market) === true && heldMs < settings.minHoldMs) {
      held.push({
        market: out.market,
        challenger: challenger?.market,
        reason: 'no midpoint this ranking; not held long enough to replace',
      });
      continue;
    }
    if (out.value === undefined) {
      if (challenger !== undefined) next++;
      else size--;
      moves.push({ in: challenger, out, reason: 'no longer ranked (no rewards, not quotable, not listed or no midpoint)' });
      continue;
    }
    const heldSec = Math.floor(heldMs / 1000);
    if (heldMs < settings.minHoldMs) {
      held.push({
        market: out.market,
        challenger: challenger?.market,
        reason: `quoted ${heldSec} s, less than selector.minHoldSec ${settings.minHoldMs / 1000} s`,
      });
      continue;
    }
    if (challenger === undefined) {
      size--;
      moves.push({ out, reason: 'ranked out and no longer among the picks of this shard' });
      continue;
    }
    const cv = challenger.value ?? ZERO;
    if (beatsByMargin(cv, out.value, settings.margin)) {
      next++;
      moves.push({
        in: challenger,
        out,
        reason: `value ${text(cv)} beats ${text(out.value)} by more than selector.swapMargin ${settings.margin.toFixed()}`,
      });
    } else
      held.push({
        market: out.market,
        challenger: challenger.market,
        reason: `challenger value ${text(cv)} does not beat ${text(out.value)} by selector.swapMargin ${settings.margin.toFixed()}`,
      });
  }
  // Free places (the picks outnumber what stays): the best picks left join at once.
  for (; next < entering.length && size < input.picks.length; next++, size++)
    moves.push({ in: entering[next], reason: 'a free place among the picks' });
  return { moves, held };
}
