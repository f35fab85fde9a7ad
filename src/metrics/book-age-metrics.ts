/**
 * makerd_book_age_seconds{market}: for each configured market, the age at scrape time of the book
 * the daemon holds, by the venue's book time: the older of its two tokens' newest books (a book
 * dropped as stale or crossed keeps counting from its last good time, so frozen books show as
 * ageing). +Inf while a token has never had a usable book.
 */
import { Gauge, type Registry } from 'prom-client';

export interface BookAgeSource {
  /** The configured markets and their two tokens. */
  readonly markets: () => Iterable<{ readonly conditionId: string; readonly tokens: readonly string[] }>;
  /** Venue time (Unix ms) of the newest usable book held for a token (BookStore.bookTimeMs). */
  readonly bookTimeMs: (tokenId: string) => number | undefined;
  readonly now: () => number;
}

/** Seconds since the older of the market's tokens' books; +Inf when one has none. */
export function marketBookAgeSeconds(
  tokens: readonly string[],
  bookTimeMs: (tokenId: string) => number | undefined,
  nowMs: number,
): number {
  let oldest = Infinity;
  for (const t of tokens) oldest = Math.min(oldest, bookTimeMs(t) ?? -Infinity);
  return oldest === -Infinity ? Infinity : Math.max(0, nowMs - oldest) / 1000;
}

export function registerBookAgeMetrics(registry: Registry, src: BookAgeSource): void {
  new Gauge({
    name: 'makerd_book_age_seconds',
    help: "Age of the book held for each configured market (the older of its tokens' newest books, by venue time); +Inf before the first",
    labelNames: ['market'],
    registers: [registry],
    collect() {
      this.reset();
      const now = src.now();
      for (const m of src.markets()) this.set({ market: m.conditionId }, marketBookAgeSeconds(m.tokens, src.bookTimeMs, now));
    },
  });
}
