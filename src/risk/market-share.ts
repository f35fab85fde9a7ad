/**
 * A market's share of the limits over all markets (risk-gate.ts): the count and notional of the
 * orders it may rest, and their worst-case net exposure (risk.scope account), as of its latest
 * evaluation.
 */
import { compareDecimals, Decimal, MICRO_DP, microOf, ZERO } from '../money.js';
import { type MarketPosition, netExposure, type MarketView } from '../market/market-view.js';
import { worstExposure } from './account-scope.js';
import { LastTotal } from './last-total.js';
import type { OverlapShare } from './overlap.js';

export interface MarketShare {
  readonly count: number;
  readonly notional: Decimal;
  /** Worst-case net exposure at the latest evaluation (risk.scope account). */
  readonly worst: Decimal;
}

export const NO_SHARE: MarketShare = { count: 0, notional: ZERO, worst: ZERO };
export const NOTHING_HELD: OverlapShare = { count: 0, notional: ZERO, bids: ZERO, asks: ZERO };

/** Outcome-0 totals of a set of orders (OverlapShare and CheckResult both have them). */
export type ShareTotals = Pick<OverlapShare, 'notional' | 'bids' | 'asks'>;

/** A set of `count` orders as a market's share: the worst case counts every bid or every ask filled, doubt included. */
export function shareOf(view: MarketView, count: number, orders: ShareTotals, doubt: MarketView['doubt']): MarketShare {
  return { count, notional: orders.notional, worst: worstOf(view.position, orders.bids, orders.asks, doubt) };
}

/**
 * account-scope.ts worstExposure of the position with the doubt added: in micro-units whenever
 * every value has that form (one Decimal instead of the net exposure and the five of the general
 * form; this runs on every evaluation), except when nothing is held, which needs none at all.
 */
function worstOf(position: MarketPosition, bids: Decimal, asks: Decimal, doubt: MarketView['doubt']): Decimal {
  const nothingHeld = position.outcome0 === ZERO && position.outcome1 === ZERO;
  if (!(nothingHeld && doubt === undefined)) {
    const micro = worstMicro(position, bids, asks, doubt);
    if (micro !== undefined) return lastWorst.of(micro, MICRO_DP);
  }
  const q = netExposure(position);
  return doubt === undefined ? worstExposure(q, bids, asks) : worstExposure(q, bids.plus(doubt.up), asks.plus(doubt.down));
}

const lastWorst = new LastTotal();

/** max(|q + bids + up|, |q - asks - down|) in micro-units, or undefined when a value has no micro form (each below 10^15: sums stay exact). */
function worstMicro(position: MarketPosition, bids: Decimal, asks: Decimal, doubt: MarketView['doubt']): number | undefined {
  const held0 = microOf(position.outcome0);
  const held1 = microOf(position.outcome1);
  const b = microOf(bids);
  const a = microOf(asks);
  const up = doubt === undefined ? 0 : microOf(doubt.up);
  const down = doubt === undefined ? 0 : microOf(doubt.down);
  if (held0 === undefined || held1 === undefined || b === undefined || a === undefined || up === undefined || down === undefined)
    return undefined;
  const q = held0 - held1;
  return Math.max(Math.abs(q + b + up), Math.abs(q - a - down));
}

/** The larger of two shares, limit by limit: what a market may hold at some moment while one set gives way to the other. */
export function largerShare(a: MarketShare, b: MarketShare): MarketShare {
  return {
    count: Math.max(a.count, b.count),
    notional: Decimal.max(a.notional, b.notional),
    worst: Decimal.max(a.worst, b.worst),
  };
}

/** Whether two shares are the same, limit by limit. */
export function sameShare(a: MarketShare, b: MarketShare): boolean {
  return a.count === b.count && sameValue(a.notional, b.notional) && sameValue(a.worst, b.worst);
}

/** a - b, without a new Decimal when b is zero or a and b are equal (one market: the others' total is zero). */
export function difference(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  return a.isFinite() && b.isFinite() && compareDecimals(a, b) === 0 ? ZERO : a.minus(b);
}

function sameValue(a: Decimal, b: Decimal): boolean {
  return a === b || (a.isFinite() && b.isFinite() && compareDecimals(a, b) === 0);
}
