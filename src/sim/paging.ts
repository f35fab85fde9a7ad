/**
 * Cursor pagination of the venue's paged listings (venue-api.md 2.7, 4.6-4.10; design.md 3):
 * a cursor is the Base64 text of a decimal offset (`MA==` = offset 0) and the last page answers
 * `next_cursor: "LTE="` (Base64 of "-1"). Used by the simulator for /markets, /simplified-markets,
 * /sampling-simplified-markets, /data/trades, /data/orders and /builder/trades.
 */
import { badParameter } from '../errors.js';
import { END_CURSOR, FIRST_CURSOR, type Paged } from '../venue/types.js';

export { END_CURSOR, FIRST_CURSOR };

/** Page sizes of the simulated venue. */
export const MARKETS_PAGE_SIZE = 100;
export const SIMPLIFIED_MARKETS_PAGE_SIZE = 100;
export const TRADES_PAGE_SIZE = 100;
export const ORDERS_PAGE_SIZE = 100;

export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64');
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The offset a cursor stands for; `undefined`/empty = first page, `LTE=` = past the end (-1).
 * Anything else that is not Base64 of a non-negative decimal integer is a bad parameter.
 */
export function decodeCursor(cursor: string | undefined, where: string, field = 'next_cursor'): number {
  if (cursor === undefined || cursor === '') return 0;
  if (cursor === END_CURSOR) return -1;
  // Accept the base64url alphabet too: clients sometimes re-encode what they were given.
  const normalized = cursor.replace(/-/g, '+').replace(/_/g, '/');
  if (!STRICT_BASE64.test(normalized)) throw badParameter(where, field, 'must be a Base64 cursor such as MA==', cursor);
  const text = Buffer.from(normalized, 'base64').toString('utf8');
  if (!/^\d{1,15}$/.test(text)) throw badParameter(where, field, 'must encode a non-negative offset', cursor);
  return Number(text);
}

export interface PageOptions {
  /** Items per page. */
  readonly pageSize: number;
  /** `METHOD /path`, named in error messages. */
  readonly where: string;
}

/**
 * One page of `items` starting at the cursor's offset. `count` is the number of items in this
 * page, `limit` the page size, `next_cursor` the offset after it or `LTE=` when nothing follows.
 * A cursor past the end (including `LTE=` itself) gives an empty last page.
 */
export function pageOf<T>(items: readonly T[], cursor: string | undefined, options: PageOptions): Paged<T> {
  const offset = decodeCursor(cursor, options.where);
  const start = offset < 0 ? items.length : Math.min(offset, items.length);
  const data = items.slice(start, start + options.pageSize);
  const end = start + data.length;
  return {
    data,
    next_cursor: end < items.length ? encodeCursor(end) : END_CURSOR,
    limit: options.pageSize,
    count: data.length,
  };
}

/**
 * Like `pageOf`, but maps only the items of the page (builders that are costly per item, e.g.
 * markets whose token prices come from the live books).
 */
export function mapPage<T, U>(items: readonly T[], cursor: string | undefined, options: PageOptions, map: (item: T) => U): Paged<U> {
  const page = pageOf(items, cursor, options);
  return { ...page, data: page.data.map(map) };
}
