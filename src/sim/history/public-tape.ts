/**
 * `GET /trades` over the whole public tape: the live executions newest first, then the past
 * trades newest first (the past all lies before the simulator's start), with the filter applying
 * to both and `offset` and `limit` counting across the two as if they were one list.
 */
import type { TradeFill } from '../../venue/types.js';
import type { SimExchange, TradeFillFilter } from '../contracts.js';
import type { PastTradeTape } from './past-trades.js';

export type LiveFills = Pick<SimExchange, 'tradeFills' | 'countTradeFills'>;

export function publicTradeFills(live: LiveFills, past: Pick<PastTradeTape, 'fills'>, filter: TradeFillFilter): TradeFill[] {
  const offset = filter.offset ?? 0;
  const limit = filter.limit ?? Infinity;
  const fills = live.tradeFills(filter);
  if (fills.length >= limit) return fills;
  // Live fills given: the offset was spent on the live ones. None: it went past them all, so
  // count them (without building them) to know how much of it is left for the past.
  const pastOffset = fills.length > 0 || offset === 0 ? 0 : offset - live.countTradeFills(filter, offset);
  const rest = past.fills({ ...filter, offset: pastOffset, limit: limit - fills.length });
  return fills.length === 0 ? rest : fills.concat(rest);
}
