/** A market's position against the risk limits that make it REDUCING by itself. */
import { compareDecimals, type Decimal, microOf } from '../money.js';
import { netExposure, type MarketPosition } from '../market/market-view.js';
import type { RiskLimits } from './risk-limits.js';

/** Why a market is over its position or exposure limits (so REDUCING by itself), or undefined. */
export function limitBreach(position: MarketPosition, limits: RiskLimits): string | undefined {
  if (withinMicro(position, limits)) return undefined;
  const q = netExposure(position);
  if (above(q.isNegative() ? q.abs() : q, limits.maxNetExposure))
    return `net exposure ${q.toFixed()} is beyond risk.maxNetExposure ${limits.maxNetExposure.toFixed()}`;
  for (let i = 0; i < 2; i++) {
    const held = i === 0 ? position.outcome0 : position.outcome1;
    if (above(held, limits.maxPositionPerToken))
      return `outcome ${i} position ${held.toFixed()} is above risk.maxPositionPerToken ${limits.maxPositionPerToken.toFixed()}`;
  }
  return undefined;
}

/** a.gt(b), without the copy of `b` decimal.js's comparison makes (compareDecimals) when both are finite. */
function above(a: Decimal, b: Decimal): boolean {
  return a.isFinite() && b.isFinite() ? compareDecimals(a, b) > 0 : a.gt(b);
}

/**
 * True when every value has a micro-unit form and the position is within both limits: the common
 * case, decided in exact integers (|values| < 10^15 micro-units, their difference below 2^53)
 * without the Decimal of the net exposure. False: the Decimal check decides (and words a breach).
 */
function withinMicro(position: MarketPosition, limits: RiskLimits): boolean {
  const held0 = microOf(position.outcome0);
  const held1 = microOf(position.outcome1);
  const maxNet = microOf(limits.maxNetExposure);
  const maxHeld = microOf(limits.maxPositionPerToken);
  if (held0 === undefined || held1 === undefined || maxNet === undefined || maxHeld === undefined) return false;
  return Math.abs(held0 - held1) <= maxNet && held0 <= maxHeld && held1 <= maxHeld;
}
