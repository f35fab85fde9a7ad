/**
 * How much of an answer makerd reads, route by route, and how slowly it may arrive. A venue (or a
 * proxy in front of it) that misbehaves must not take the daemon down: a 400 MB answer to
 * `POST /books` read whole froze the event loop for seconds and took RSS to gigabytes, and a body
 * trickling in one byte a second held a request (and its connection) until the attempt's deadline.
 *
 * Size: every answer is read up to a bound that fits its route, counted as the chunks arrive
 * (response-collector.ts); past it the request is aborted, the connection dropped, and nothing of
 * the answer is parsed. The bounds are derived from what a route can legitimately hold:
 *
 * - `books` (`POST /books`, `GET /book`): `recordBytes` + `bookBytes` x tokens asked for. A book
 *   makerd uses has at most 1,000 price levels a side (`books.maxLevels`' default; on a 0.001 tick
 *   an uncrossed book has at most 999 distinct prices in all), each at most 64 bytes
 *   (`{"price":"0.0001","size":"123456789.123456"},` is 46), plus its other fields (market,
 *   asset_id, hash, tick and sizes: under 3 KiB): 2 x 1,000 x 64 B + 3 KiB = 128 KiB =
 *   `bookBytes`. A full batch of 500 tokens may then take 64 MiB, never 400 MB; a book deeper than
 *   that is of no use to makerd anyway. Raise it with `books.maxLevels`.
 * - `midpoints` (`POST /midpoints`): `recordBytes` + 256 B x tokens (`"<token id>":"0.123",`
 *   with a 68-character token id is about 80 bytes).
 * - `page` (the listings: markets, simplified markets, account and builder trades, open orders,
 *   public trades, positions, tags, comments, creators, search, leaderboard, an event with its
 *   markets, the cancel result of a whole market, and a token's price history): `pageBytes` for
 *   one page or list. The largest makerd reads are a `GET /trades` of up to 10,000 fills of under
 *   1 KiB each (10 MiB) and a markets page whose descriptions and reward rules run to a few KiB a
 *   market: 16 MiB. A month of a token's prices a minute apart (43,200 points of
 *   `{"t":1767225600,"p":0.523456},`, 30 bytes) is 1.3 MB.
 * - `record` (one market, its order-book settings, a fee rate, one order, an order answer, the
 *   cancel result of one order): `recordBytes`, 256 KiB: a single record is a few KiB at most
 *   (a market's description included); an error answer of any route fits in it too.
 *
 * Speed: once its headers are in, an answer's body must keep up with `minBytesPerSec` after a
 * grace of `slowGraceMs`: it is refused as too slow when, as a chunk arrives, more than
 * `slowGraceMs + bytes so far / minBytesPerSec` has passed since the headers (the rule of a
 * minimum data rate with a head start, as web servers apply to request bodies). A body that stops
 * altogether is ended by `venue.timeouts.bodyMs` and counts as too slow as well. Both reasons
 * are counted (`makerd_venue_answers_refused_total{route,reason}`) and logged once per episode by
 * the requester.
 */
import type { EndpointDef, EndpointId } from '../endpoints.js';

/** What of a request its answer's bound depends on (a PreparedRequest has both). */
export interface BoundedRequest {
  readonly def: EndpointDef;
  /** Tokens named by a batch body; 1 when absent. */
  readonly items?: number | undefined;
}

/** The settings (`venue.answers.*`). */
export interface AnswerBounds {
  /** A single record; also the base of a batch answer. */
  readonly recordBytes: number;
  /** Each book of a books answer (per token asked for). */
  readonly bookBytes: number;
  /** One page of a listing (or a whole list). */
  readonly pageBytes: number;
  /** The slowest a body may arrive once past the grace. */
  readonly minBytesPerSec: number;
  /** Head start of the rate rule, from the headers' arrival. */
  readonly slowGraceMs: number;
}

export const DEFAULT_ANSWER_BOUNDS: AnswerBounds = {
  recordBytes: 262_144,
  bookBytes: 131_072,
  pageBytes: 16_777_216,
  minBytesPerSec: 16_384,
  slowGraceMs: 3_000,
};

/** Per token of a `POST /midpoints` answer. */
export const MIDPOINT_BYTES_PER_TOKEN = 256;

/** Why an answer was refused (the `reason` label). */
export type RefusalReason = 'too_large' | 'too_slow';
export const REFUSAL_REASONS: readonly RefusalReason[] = ['too_large', 'too_slow'];

/** What bounds each endpoint's answer; a new endpoint must be placed here (compile-time). */
type AnswerKind = 'record' | 'page' | 'books' | 'midpoints';
const KINDS: Readonly<Record<EndpointId, AnswerKind>> = {
  getTrades: 'page',
  getPositions: 'page',
  getUserComments: 'page',
  getCommentReplies: 'page',
  postBooks: 'books',
  getMarkets: 'page',
  getAccountTrades: 'page',
  getBuilderTrades: 'page',
  getSamplingSimplifiedMarkets: 'page',
  getSimplifiedMarkets: 'page',
  getMarket: 'record',
  getClobMarket: 'record',
  publicSearch: 'page',
  getBook: 'books',
  cancelOrder: 'record',
  getFeeRate: 'record',
  cancelMarketOrders: 'page',
  postMidpoints: 'midpoints',
  getLeaderboard: 'page',
  getTags: 'page',
  getEventBySlug: 'page',
  getEventCreators: 'page',
  postOrder: 'record',
  getOpenOrders: 'page',
  getOrder: 'record',
  getPricesHistory: 'page',
};

/** The most bytes the answer to `req` may have (`req.items`: tokens of a batch body, 1 when absent). */
export function answerLimitBytes(bounds: AnswerBounds, req: BoundedRequest): number {
  const items = Math.max(1, req.items ?? 1);
  switch (KINDS[req.def.id]) {
    case 'books':
      return bounds.recordBytes + bounds.bookBytes * items;
    case 'midpoints':
      return bounds.recordBytes + MIDPOINT_BYTES_PER_TOKEN * items;
    case 'page':
      return bounds.pageBytes;
    default:
      return bounds.recordBytes;
  }
}

/** The setting a refusal's reason and route point at, for the log line. */
export function refusalSetting(reason: RefusalReason, def: EndpointDef): string {
  if (reason === 'too_slow') return 'venue.answers.minBytesPerSec';
  const kind = KINDS[def.id];
  return kind === 'books' ? 'venue.answers.bookBytes' : kind === 'page' ? 'venue.answers.pageBytes' : 'venue.answers.recordBytes';
}

/**
 * An answer the transport stopped reading: too large for its route, or too slow. Thrown into
 * undici (to abort the request) and handed to the requester, which makes it a MakerdError.
 */
export class AnswerRefused extends Error {
  readonly code = 'MAKERD_ANSWER_REFUSED';
  constructor(
    readonly reason: RefusalReason,
    /** Body bytes read when it was refused (or the Content-Length announced). */
    readonly bytes: number,
    /** The bound it broke: bytes for too_large, the time allowed so far in ms for too_slow. */
    readonly limit: number,
    /** Milliseconds since the headers arrived. */
    readonly elapsedMs: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'AnswerRefused';
  }
}
