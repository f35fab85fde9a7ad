/**
 * Polls every configured token's book and midpoint with the batch endpoints (POST /books and
 * POST /midpoints, as few requests as the batch size allows), turns them into BookViews and
 * hands one MarketSnapshot per tick to its listener. Ticks never overlap: the next one is
 * scheduled when the previous one has finished. A failed or unusable answer is counted and
 * logged and its tokens are reported as missing for that tick; nothing downstream sees it.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import { Decimal, isValidPrice, parseDecimal } from '../money.js';
import type { MidpointsResult, OrderBookSnapshot } from '../venue/types.js';
import { bookProblem, toBookView, type BookProblem, type BookView } from './book-view.js';

export interface BookSource {
  postBooks(tokenIds: readonly string[], options?: { signal?: AbortSignal }): Promise<OrderBookSnapshot[]>;
  postMidpoints(tokenIds: readonly string[], options?: { signal?: AbortSignal }): Promise<MidpointsResult>;
}

export interface MarketSnapshot {
  readonly atMs: number;
  readonly books: ReadonlyMap<string, BookView>;
  readonly mids: ReadonlyMap<string, Decimal>;
  /** Tokens without a usable book this tick, and why. */
  readonly unusable: ReadonlyMap<string, BookProblem | 'missing' | 'error'>;
}

export interface PollerStats {
  ticks: number;
  failedRequests: Record<string, number>;
  unusableBooks: Record<string, number>;
  /** End of the last completed poll, whatever it brought. */
  lastTickMs: number | undefined;
  /** End of the last poll that brought at least one usable book (what readiness looks at). */
  lastUsableMs: number | undefined;
  /** Ticks that threw (a listener's error, a bug): logged, counted, and the poller goes on. */
  failedTicks: number;
}

export interface PollerOptions {
  source: BookSource;
  clock: Clock;
  tokens: readonly string[];
  intervalMs: number;
  staleAfterMs: number;
  logger?: Logger | undefined;
  onSnapshot: (snapshot: MarketSnapshot) => void;
}

export class BookPoller {
  readonly #o: PollerOptions;
  readonly #stats: PollerStats = { ticks: 0, failedRequests: {}, unusableBooks: {}, lastTickMs: undefined, lastUsableMs: undefined, failedTicks: 0 };
  #timer: TimerHandle | undefined;
  #running = false;
  #inFlight: Promise<void> | undefined;
  readonly #abort = new AbortController();

  constructor(options: PollerOptions) {
    this.#o = options;
  }

  get stats(): Readonly<PollerStats> {
    return this.#stats;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** Stops scheduling, aborts the tick in flight and waits for it to settle. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#abort.abort();
    await this.#inFlight;
  }

  #schedule(delayMs: number): void {
    this.#timer = this.#o.clock.setTimer(() => {
      this.#inFlight = this.tick().then(
        () => undefined,
        (err: unknown) => {
          // Never silent: a listener that throws every tick would otherwise look like a quiet market.
          this.#stats.failedTicks++;
          this.#o.logger?.error({ err: err instanceof Error ? err.message : String(err) }, 'poll tick failed');
        },
      ).finally(() => {
        this.#inFlight = undefined;
        if (this.#running) this.#schedule(this.#o.intervalMs);
      });
    }, delayMs);
  }

  /** One poll; public so that tests and backtests can drive it directly. */
  async tick(): Promise<MarketSnapshot> {
    const { source, tokens, clock } = this.#o;
    const signal = this.#abort.signal;
    const [books, mids] = await Promise.allSettled([source.postBooks(tokens, { signal }), source.postMidpoints(tokens, { signal })]);
    const now = clock.now();
    const snapshot = this.#assemble(now, books, mids);
    this.#stats.ticks++;
    this.#stats.lastTickMs = now;
    if (snapshot.books.size > 0) this.#stats.lastUsableMs = now;
    if (!signal.aborted) this.#o.onSnapshot(snapshot);
    return snapshot;
  }

  #assemble(
    now: number,
    books: PromiseSettledResult<OrderBookSnapshot[]>,
    mids: PromiseSettledResult<MidpointsResult>,
  ): MarketSnapshot {
    const views = new Map<string, BookView>();
    const unusable = new Map<string, BookProblem | 'missing' | 'error'>();
    const midMap = new Map<string, Decimal>();
    if (books.status === 'fulfilled') {
      for (const s of books.value) {
        const view = toBookView(s);
        const problem = bookProblem(view, now, this.#o.staleAfterMs);
        if (problem === undefined) views.set(view.tokenId, view);
        else {
          unusable.set(view.tokenId, problem);
          this.#stats.unusableBooks[problem] = (this.#stats.unusableBooks[problem] ?? 0) + 1;
          this.#o.logger?.warn({ token: view.tokenId, problem, bookTimestamp: view.timestampMs }, 'book not usable');
        }
      }
    } else this.#failed('POST /books', books.reason);
    if (mids.status === 'fulfilled') {
      for (const [token, text] of Object.entries(mids.value)) {
        const d = parseDecimal(text);
        if (d !== undefined && isValidPrice(d)) midMap.set(token, d);
      }
    } else this.#failed('POST /midpoints', mids.reason);
    for (const t of this.#o.tokens) {
      if (!views.has(t) && !unusable.has(t)) {
        unusable.set(t, books.status === 'fulfilled' ? 'missing' : 'error');
        if (books.status === 'fulfilled') this.#stats.unusableBooks.missing = (this.#stats.unusableBooks.missing ?? 0) + 1;
      }
    }
    return { atMs: now, books: views, mids: midMap, unusable };
  }

  #failed(route: string, err: unknown): void {
    const code = isMakerdError(err) ? err.code : 'unknown';
    this.#stats.failedRequests[code] = (this.#stats.failedRequests[code] ?? 0) + 1;
    if (!this.#abort.signal.aborted) {
      this.#o.logger?.warn({ route, code, err: err instanceof Error ? err.message : String(err) }, 'poll request failed');
    }
  }
}
