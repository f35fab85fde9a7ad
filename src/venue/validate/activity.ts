/**
 * Public activity: trade fills (2.1), positions (2.2), comments (2.3) and leaderboard rows (2.15).
 * These carry JSON numbers; they must be finite; fill prices lie strictly inside (0, 1), position
 * prices within [0, 1] (a resolved market's token is worth 0 or 1).
 */
import type { Comment, LeaderboardEntry, Position, TradeFill } from '../types.js';
import * as c from './check.js';

const PRICE = { min: 0, max: 1 } as const;
const NOT_NEGATIVE = { min: 0 } as const;

export function validateTradeFill(route: string, value: unknown, field: string): TradeFill {
  const o = c.object(route, value, field);
  c.string(route, o, 'proxyWallet', field);
  c.oneOf(route, o, 'side', field, ['BUY', 'SELL'] as const);
  c.nonEmptyString(route, o, 'asset', field);
  c.string(route, o, 'conditionId', field);
  c.finite(route, o, 'size', field, NOT_NEGATIVE);
  // A fill happened at a price strictly inside (0, 1); positions may show 0 or 1 once resolved.
  c.priceNumber(route, o, 'price', field);
  c.finite(route, o, 'usdcSize', field, NOT_NEGATIVE);
  c.integer(route, o, 'timestamp', field, 0);
  c.integer(route, o, 'outcomeIndex', field, 0);
  return o as unknown as TradeFill;
}

export function validatePosition(route: string, value: unknown, field: string): Position {
  const o = c.object(route, value, field);
  c.string(route, o, 'proxyWallet', field);
  c.nonEmptyString(route, o, 'asset', field);
  c.string(route, o, 'conditionId', field);
  // A balance, so finite; it may be below 0 where a venue lets an account sell what it does not
  // hold (the simulator does). Refusing the whole answer would freeze every balance instead.
  c.finite(route, o, 'size', field);
  c.finite(route, o, 'avgPrice', field, PRICE);
  c.finite(route, o, 'curPrice', field, PRICE);
  for (const k of ['initialValue', 'currentValue', 'cashPnl', 'percentPnl', 'totalBought', 'realizedPnl', 'percentRealizedPnl']) {
    c.finite(route, o, k, field);
  }
  c.boolean(route, o, 'redeemable', field);
  c.boolean(route, o, 'mergeable', field);
  c.integer(route, o, 'outcomeIndex', field, 0);
  return o as unknown as Position;
}

export function validateComment(route: string, value: unknown, field: string): Comment {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'id', field);
  c.string(route, o, 'body', field);
  c.string(route, o, 'userAddress', field);
  c.string(route, o, 'createdAt', field);
  return o as unknown as Comment;
}

export function validateLeaderboardEntry(route: string, value: unknown, field: string): LeaderboardEntry {
  const o = c.object(route, value, field);
  c.string(route, o, 'rank', field);
  c.string(route, o, 'proxyWallet', field);
  c.finite(route, o, 'vol', field);
  c.finite(route, o, 'pnl', field);
  return o as unknown as LeaderboardEntry;
}
