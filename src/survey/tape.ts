/**
 * A market's public trade tape (`GET /trades?market=…`, newest first, paged by `offset` and
 * `limit`): reading it back from the end of the survey's window, and what it says (docs/survey.md,
 * "Trades a day").
 *
 * Reading. The tape is read from the newest trade back, page after page, until the first of:
 * the tape ends (a page shorter than asked), a trade older than the lookback appears, the venue's
 * largest offset is reached, or a page cannot be read (after `attempts` tries). Trades keep
 * arriving while the pages are read, and each one moves the older trades one place down the tape:
 * a page then starts with trades the page before ended with. Those are recognised (the same
 * second, token, side, price, size, wallet and transaction as the last ones read) and dropped.
 * Only trades of whole seconds before the end of the window count (`ts < endS`).
 *
 * The span. Trades a day = trades in [fromS, endS) x 86,400 / (endS - fromS), where
 *   - the lookback was reached: fromS = endS - lookback, the tape being complete over it;
 *   - the tape ended: fromS = the oldest trade's second, or the window's start when that is
 *     earlier (a tape that ends is the market's whole history; one whose oldest trade is more
 *     recent than the window's start is measured over the window), never before endS - lookback;
 *   - the offset limit was reached, or a page could not be read: fromS = the oldest trade's
 *     second + 1 (that second may be only partly read), the tape being complete from there.
 */
import { Decimal, parseDecimal } from '../money.js';
import type { TradeFill } from '../venue/types.js';
import type { TapeTrade } from './maker-edge.js';
import { mean, median } from './stats.js';

/** Why reading a tape stopped. */
export type TapeBound = 'lookback' | 'tape-end' | 'offset-limit' | 'failed';

/** One trade's identity on the tape (two identical trades in one second cannot be told apart). */
export function tradeKey(t: TradeFill): string {
  return `${t.timestamp}|${t.asset}|${t.side}|${t.price}|${t.size}|${t.proxyWallet}|${t.transactionHash}`;
}

/**
 * How many trades at the front of `page` the trades read before (`known`, newest first) end with:
 * the largest s such that page[0..s) is known[n-s..n) (when s exceeds the page, the whole page
 * lies inside known's last s). 0 when the page starts with a trade not read yet.
 */
export function duplicatesAtFront(known: readonly string[], page: readonly string[]): number {
  const n = known.length;
  if (page.length === 0) return 0;
  for (let s = n; s >= 1; s--) {
    if (known[n - s] !== page[0]) continue;
    const k = Math.min(s, page.length);
    let same = true;
    for (let i = 1; i < k && same; i++) same = known[n - s + i] === page[i];
    if (same) return k;
  }
  return 0;
}

/** A tape element as the survey uses it; undefined when its numbers are not plain decimals. */
export function tapeTrade(t: TradeFill): TapeTrade | undefined {
  const price = parseDecimal(t.price);
  const size = parseDecimal(t.size);
  const usdc = parseDecimal(t.usdcSize);
  if (price === undefined || size === undefined || usdc === undefined) return undefined;
  return { ts: t.timestamp, token: t.asset, side: t.side, price, size, usdc };
}

export interface TapeRead {
  /** Newest first, duplicates dropped. */
  readonly trades: TradeFill[];
  readonly bound: TapeBound;
  readonly pages: number;
  /** The last failure, when bound is 'failed'. */
  readonly error?: string;
}

export interface TapeReadOptions {
  readonly market: string;
  /** Trades of this second or later are left out (the window's end, whole seconds). */
  readonly endS: number;
  readonly lookbackS: number;
  readonly pageSize: number;
  /** The venue's largest `offset`. */
  readonly maxOffset: number;
  /** Tries of each page (a malformed page is not retried by the client). */
  readonly attempts: number;
  readonly signal?: AbortSignal;
}

export type GetTrades = (
  params: { market: readonly string[]; limit: number; offset: number },
  options?: { signal?: AbortSignal },
) => Promise<TradeFill[]>;

function failure(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ${message}` : message;
}

/** Reads a market's tape back from `endS` (see the file's comment). */
export async function readTape(getTrades: GetTrades, o: TapeReadOptions): Promise<TapeRead> {
  const trades: TradeFill[] = [];
  const keys: string[] = [];
  const floorS = o.endS - o.lookbackS;
  let offset = 0;
  let pages = 0;
  for (;;) {
    let page: TradeFill[] | undefined;
    let error = '';
    for (let attempt = 1; attempt <= o.attempts && page === undefined; attempt++) {
      if (o.signal?.aborted) break;
      try {
        page = await getTrades({ market: [o.market], limit: o.pageSize, offset }, o.signal === undefined ? {} : { signal: o.signal });
      } catch (err) {
        error = failure(err);
      }
    }
    if (page === undefined) return { trades, bound: 'failed', pages, error: error || 'stopped' };
    pages++;
    const pageKeys = page.map(tradeKey);
    const dup = duplicatesAtFront(keys, pageKeys);
    let reachedFloor = false;
    for (let i = dup; i < page.length; i++) {
      const t = page[i]!;
      if (t.timestamp < floorS) {
        reachedFloor = true;
        break;
      }
      if (t.timestamp >= o.endS) continue;
      trades.push(t);
      keys.push(pageKeys[i]!);
    }
    if (reachedFloor) return { trades, bound: 'lookback', pages };
    if (page.length < o.pageSize) return { trades, bound: 'tape-end', pages };
    offset += page.length;
    if (offset > o.maxOffset) return { trades, bound: 'offset-limit', pages };
  }
}

/** [fromS, endS): the seconds over which the tape is complete (see the file's comment). */
export function tapeSpan(
  read: { bound: TapeBound; oldestS: number | undefined },
  endS: number,
  lookbackS: number,
  windowStartS: number,
): number {
  const floorS = endS - lookbackS;
  if (read.bound === 'lookback') return floorS;
  if (read.bound === 'tape-end') return Math.max(floorS, Math.min(read.oldestS ?? windowStartS, windowStartS));
  if (read.oldestS === undefined) return endS;
  return Math.min(endS - 1, read.oldestS + 1);
}

export interface TapeFigures {
  readonly fromS: number;
  readonly endS: number;
  /** Trades in [fromS, endS). */
  readonly trades: number;
  readonly usdc: Decimal;
  readonly tradesPerDay: number | null;
  readonly usdcPerDay: number | null;
  readonly tradeUsdcMean: number | null;
  readonly tradeUsdcMedian: number | null;
}

/** Trades and USDC a day, and trade sizes, of the trades in [fromS, endS). */
export function tapeFigures(trades: readonly TapeTrade[], fromS: number, endS: number): TapeFigures {
  const counted = trades.filter((t) => t.ts >= fromS && t.ts < endS);
  let usdc = new Decimal(0);
  for (const t of counted) usdc = usdc.add(t.usdc);
  const spanS = endS - fromS;
  const sizes = counted.map((t) => t.usdc.toNumber());
  return {
    fromS,
    endS,
    trades: counted.length,
    usdc,
    tradesPerDay: spanS > 0 ? (counted.length * 86_400) / spanS : null,
    usdcPerDay: spanS > 0 ? usdc.mul(86_400).div(spanS).toNumber() : null,
    tradeUsdcMean: mean(sizes),
    tradeUsdcMedian: median(sizes),
  };
}
