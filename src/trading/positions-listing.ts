/**
 * Every position of the account from GET /positions, which pages by offset (venue-api.md 4.2): a
 * position that appears or goes between two page reads moves every row after it by one, so a
 * plain read of several pages sees a row twice (counted twice) or not at all (counted as nothing).
 *
 * The pages therefore overlap by OVERLAP rows, rows are keyed by their token (one row per token;
 * a row seen twice is the same position, the later reading kept), and the last row of each page
 * must reappear in the next one: rows pushed on by positions that appeared are then read twice
 * (kept once), and rows pulled back by positions that went moved by less than the overlap, so none
 * was skipped. When it does not reappear, the whole listing is read again, at
 * most ATTEMPTS times, after which the read fails (the caller keeps what it knew). Positions that
 * appear after the read began may be missed; they are what the poller's pending fills cover.
 *
 * Sorted by title, ascending: the venue's default order (by size) changes with every fill.
 *
 * Positions in a resolved market are `redeemable` until redeemed, priced at what a share pays
 * (`curPrice` 1 or 0): those rows are also kept apart (`redeemable`), for settling them
 * (src/daemon/market-settlements.ts).
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { type Decimal, parseDecimal } from '../money.js';
import type { Position } from '../venue/types.js';

export interface PositionsVenue {
  getPositions(params: {
    user: string;
    sizeThreshold: number;
    limit: number;
    offset: number;
    sortBy: 'TITLE';
    sortDirection: 'ASC';
  }): Promise<Position[]>;
}

/** The venue's largest page. */
export const PAGE = 500;
/** Rows each page shares with the one before: the most rows that may move between two page reads. */
export const OVERLAP = 50;
/** The venue's largest offset. */
const MAX_OFFSET = 10_000;
const ATTEMPTS = 3;

export interface PositionsRead {
  /** Token id → size (rows whose size is not a number are left out). */
  readonly sizes: Map<string, Decimal>;
  /** Token id → `curPrice` of the rows that are `redeemable` (their market resolved). */
  readonly redeemable: Map<string, Decimal>;
  /** Listings read again because rows moved by more than the overlap between two pages. */
  readonly rereads: number;
}

export async function readPositions(venue: PositionsVenue, user: string): Promise<PositionsRead> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const sizes = new Map<string, Decimal>();
    const redeemable = new Map<string, Decimal>();
    let previousLast: string | undefined;
    let complete = true;
    for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE - OVERLAP) {
      const page = await venue.getPositions({ user, sizeThreshold: 0, limit: PAGE, offset, sortBy: 'TITLE', sortDirection: 'ASC' });
      if (previousLast !== undefined && !page.some((p) => p.asset === previousLast)) {
        complete = false;
        break;
      }
      for (const p of page) {
        const size = parseDecimal(p.size);
        if (size !== undefined) sizes.set(p.asset, size);
        const price = p.redeemable === true ? parseDecimal(p.curPrice) : undefined;
        if (price !== undefined) redeemable.set(p.asset, price);
        else redeemable.delete(p.asset);
      }
      if (page.length < PAGE) break;
      previousLast = page[page.length - 1]!.asset;
    }
    if (complete) return { sizes, redeemable, rereads: attempt };
  }
  throw new MakerdError(
    ErrorCode.BAD_RESPONSE,
    `GET /positions: rows moved between two pages by more than the ${OVERLAP} they share, in ${ATTEMPTS} listings in a row`,
    { where: 'GET /positions' },
  );
}
