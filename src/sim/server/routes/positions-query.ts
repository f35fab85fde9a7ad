/**
 * The query of `GET /positions` (venue-api.md 4.2) applied to a wallet's positions: market list,
 * sizeThreshold (absolute size, since short positions are negative), redeemable/mergeable (true
 * keeps only those), title substring (case-insensitive), sortBy/sortDirection, offset/limit.
 */
import type { ParsedQuery } from '../../../venue/param-rules.js';
import type { Position } from '../../../venue/types.js';

const SORT_KEYS: Readonly<Record<string, (p: Position) => number | string>> = {
  CURRENT: (p) => p.currentValue,
  INITIAL: (p) => p.initialValue,
  TOKENS: (p) => p.size,
  CASHPNL: (p) => p.cashPnl,
  PERCENTPNL: (p) => p.percentPnl,
  TITLE: (p) => p.title,
  RESOLVING: (p) => p.endDate,
  PRICE: (p) => p.curPrice,
  AVGPRICE: (p) => p.avgPrice,
};

export function selectPositions(all: readonly Position[], q: ParsedQuery): Position[] {
  const markets = Array.isArray(q.market) ? new Set(q.market as readonly string[]) : undefined;
  const threshold = typeof q.sizeThreshold === 'number' ? q.sizeThreshold : 1;
  const title = typeof q.title === 'string' ? q.title.toLowerCase() : undefined;
  const rows = all.filter(
    (p) =>
      (markets === undefined || markets.has(p.conditionId)) &&
      Math.abs(p.size) >= threshold &&
      (q.redeemable !== true || p.redeemable) &&
      (q.mergeable !== true || p.mergeable) &&
      (title === undefined || p.title.toLowerCase().includes(title)),
  );
  const key = SORT_KEYS[typeof q.sortBy === 'string' ? q.sortBy : 'TOKENS'] ?? SORT_KEYS.TOKENS!;
  const dir = q.sortDirection === 'ASC' ? 1 : -1;
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir;
  });
  const offset = typeof q.offset === 'number' ? q.offset : 0;
  const limit = typeof q.limit === 'number' ? q.limit : 100;
  return rows.slice(offset, offset + limit);
}
