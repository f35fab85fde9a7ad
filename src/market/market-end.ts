/**
 * A market's end, and the stop before it (quoting.stopBeforeEndSec). Every market of the venue
 * ends: it stops taking orders at its end date and resolves to 1 or 0 later. Near the end the
 * price is about to jump, and a resting order is a free option for whoever knows first; so quoting
 * stops `stopBeforeEndMs` before the end (the stop), and a market that cannot say when it ends is
 * not quoted at all. Pure: the clock's time comes in as `nowMs`.
 *
 * The end date is the listing's `end_date_iso` (GET /markets/{id}), read strictly: an ISO 8601
 * date (`2026-03-07`, read as that day's 00:00 UTC: the earliest it can mean) or date and time
 * (`2026-03-07T18:00:00Z`, seconds and fraction optional, `Z` or a `±hh:mm` offset; none = UTC).
 * Anything else, an impossible day (February 30) included, is malformed: Date.parse would read
 * more forms, some of them in the host's time zone.
 */

export type EndDateProblem = 'missing' | 'malformed';

/** The end date as Unix ms, or why there is none. */
export type EndDate = { readonly ms: number } | { readonly problem: EndDateProblem };

/** Why a market is not quoted for its end: a bounded set of words, safe as a metric label. */
export const END_REASONS = ['stop-window', 'ended', 'closed', 'not-accepting-orders', 'end-date-missing', 'end-date-malformed'] as const;

/**
 *  stop-window           its end is nearer than its stopBeforeEndSec
 *  ended                 its end date has passed
 *  closed                the venue's listing says `closed: true`
 *  not-accepting-orders  the venue's listing says `accepting_orders: false`
 *  end-date-missing      the listing has no end date
 *  end-date-malformed    the listing's end date is not an ISO 8601 date (or date and time)
 */
export type EndReason = (typeof END_REASONS)[number];

/** What the venue says of a market's end (a MarketMeta has these). */
export interface EndFacts {
  readonly endDateMs: number | undefined;
  /** Why endDateMs is undefined; undefined: not told (a market known some other way), read as missing. */
  readonly endDateProblem?: EndDateProblem | undefined;
  /** The venue's listing says the market takes no more orders. */
  readonly venueClosed?: 'closed' | 'not-accepting-orders' | undefined;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;

/** The listing's `end_date_iso` read strictly (see the header). */
export function parseEndDate(text: unknown): EndDate {
  if (typeof text !== 'string' || text.trim() === '') return { problem: 'missing' };
  const m = ISO.exec(text.trim());
  if (m === null) return { problem: 'malformed' };
  const part = (i: number): number => (m[i] === undefined ? 0 : Number(m[i]));
  const [y, mo, d, h, mi, s] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  if (h > 23 || mi > 59 || s > 59) return { problem: 'malformed' };
  const day = Date.UTC(y, mo - 1, d);
  const back = new Date(day);
  // Date.UTC rolls February 30 over into March: a day that does not come back is not a day.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return { problem: 'malformed' };
  const zone = m[8];
  let offsetMin = 0;
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return { problem: 'malformed' };
    offsetMin = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  return { ms: day + ((h * 60 + mi - offsetMin) * 60 + s) * 1000 + fraction };
}

/** When quoting stops: the end less the stop (Unix ms). */
export function stopAtOf(endDateMs: number, stopBeforeEndMs: number): number {
  return endDateMs - stopBeforeEndMs;
}

/**
 * Why the market must not be quoted at `nowMs` for its end, or undefined while it may be. The
 * venue's word first (closed, not accepting orders), then an end date that is not known, then
 * one that has passed, then the stop window ([end - stopBeforeEndMs, end)).
 */
export function endReason(f: EndFacts, stopBeforeEndMs: number, nowMs: number): EndReason | undefined {
  if (f.venueClosed !== undefined) return f.venueClosed;
  if (f.endDateMs === undefined) return f.endDateProblem === 'malformed' ? 'end-date-malformed' : 'end-date-missing';
  if (nowMs >= f.endDateMs) return 'ended';
  if (nowMs >= stopAtOf(f.endDateMs, stopBeforeEndMs)) return 'stop-window';
  return undefined;
}

/** What a listing says of whether a market still takes orders (`closed`, `accepting_orders`). */
export function venueClosedOf(listing: { readonly closed?: unknown; readonly accepting_orders?: unknown }): EndFacts['venueClosed'] {
  if (listing.closed === true) return 'closed';
  if (listing.accepting_orders === false) return 'not-accepting-orders';
  return undefined;
}
