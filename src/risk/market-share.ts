/**
 * A market's share of the limits over all markets (risk-gate.ts): the count and notional of the
 * orders it may rest, and their worst-case net exposure (risk.scope account), as of its latest
 * evaluation.
 */
import { Decimal, ZERO } from '../money.js';
import { netExposure, type MarketView } from '../market/market-view.js';
import { worstExposure } from './account-scope.js';
import type { OverlapShare } from './overlap.js';

export interface MarketShare {
  readonly count: number;
  readonly notional: Decimal;
  /** Worst-case net exposure at the latest evaluation (risk.scope account). */
  readonly worst: Decimal;
}

export const NO_SHARE: MarketShare = { count: 0, notional: ZERO, worst: ZERO };
export const NOTHING_HELD: OverlapShare = { count: 0, notional: ZERO, bids: ZERO, asks: ZERO };

/** A set of orders as a market's share: the worst case counts every bid or every ask filled, doubt included. */
export function shareOf(view: MarketView, orders: OverlapShare, doubt: MarketView['doubt']): MarketShare {
  const q = netExposure(view.position);
  const worst =
    doubt === undefined
      ? worstExposure(q, orders.bids, orders.asks)
      : worstExposure(q, orders.bids.plus(doubt.up), orders.asks.plus(doubt.down));
  return { count: orders.count, notional: orders.notional, worst };
}

/** The larger of two shares, limit by limit: what a market may hold at some moment while one set gives way to the other. */
export function largerShare(a: MarketShare, b: MarketShare): MarketShare {
  return {
    count: Math.max(a.count, b.count),
    notional: Decimal.max(a.notional, b.notional),
    worst: Decimal.max(a.worst, b.worst),
  };
}
