/** A market's position against the risk limits that make it REDUCING by itself. */
import { compareDecimals, type Decimal } from '../money.js';
import { netExposure, type MarketPosition } from '../market/market-view.js';
import type { RiskLimits } from './risk-limits.js';

/** Why a market is over its position or exposure limits (so REDUCING by itself), or undefined. */
export function limitBreach(position: MarketPosition, limits: RiskLimits): string | undefined {
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
