/**
 * Polls every selected token's book and midpoint with the batch endpoints (POST /books and
 * POST /midpoints, as few requests as the batch size allows), turns the checked books the client
 * hands over into BookViews and hands one MarketSnapshot per tick to its listener.
 *
 * - Polls never overlap: the next scheduled tick is armed when the previous one has finished, and
 *   a tick() or fetchBooks() called meanwhile waits for the poll in flight.
 * - The selected tokens may change at runtime (setTokens); fetchBooks reads some tokens out of
 *   band (a resync) without touching the schedule or the listener.
 * - A failed or unusable answer is counted per occurrence (stats) and its tokens are reported as
 *   unusable for that poll; nothing downstream sees it. Logs follow state changes only (see
 *   problem-tracker.ts): one warning when a token's book becomes unusable, or its problem changes,
 *   one line when it is usable again (with how many polls it was not); likewise per request route.
 * - A book is unusable for its levels (the client's check: too many, a price outside (0, 1), a
 *   size not above 0, duplicates, no order; here: a price off the market's tick, book-check.ts)
 *   before its age and crossing are looked at. The market stream's books are checked where they
 *   enter (src/daemon/streams.ts) and reported here (`noteUnusable`), counted and logged alike.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import type { Decimal } from '../money.js';
import type { BookLevelProblem, CheckedBook, CheckedMidpoints } from '../venue/checked-book.js';
import { offTick } from './book-check.js';
import { bookProblem, toBookView, type BookProblem, type BookView } from './book-view.js';
import { ProblemTracker } from './problem-tracker.js';

export interface BookSource {
  postBooks(tokenIds: readonly string[], options?: { signal?: AbortSignal }): Promise<readonly CheckedBook[]>;
  postMidpoints(tokenIds: readonly string[], options?: { signal?: AbortSignal }): Promise<CheckedMidpoints>;
}

/** Why a book is not acted on: its levels, its age or crossing, or absent from the answer. */
export type BookUnusable = BookLevelProblem | BookProblem | 'missing';

/** Why a token has no usable book in a snapshot: the book's problem, absent from the answer, or the request failed. */
export type UnusableReason = BookUnusable | 'error';

export interface MarketSnapshot {
  readonly atMs: number;
  readonly books: ReadonlyMap<string, BookView>;
  readonly mids: ReadonlyMap<string, Decimal>;
  /** Tokens without a usable book this tick, and why. */
  readonly unusable: ReadonlyMap<string, UnusableReason>;
  /** performance.now() when the parsed answers were in hand (where tick-to-dispatch starts). */
  readonly inHandAt?: number | undefined;
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
  /** The tokens polled at first; setTokens replaces them. */
  tokens: readonly string[];
  intervalMs: number;
  staleAfterMs: number;
  /**
   * The market's current tick (MetadataCache.knownTick), for the grid check of its books;
   * undefined (or no function): not known, the grid is not checked.
   */
  tickOf?: ((conditionId: string) => Decimal | undefined) | undefined;
  logger?: Logger | undefined;
  onSnapshot: (snapshot: MarketSnapshot) => void;
}

const BOOKS_ROUTE = 'POST /books';
const MIDPOINTS_ROUTE = 'POST /midpoints';

export class BookPoller {
  readonly #o: PollerOptions;
  readonly #stats: PollerStats = {
    ticks: 0,
    failedRequests: {},
    unusableBooks: {},
    lastTickMs: undefined,
    lastUsableMs: undefined,
    failedTicks: 0,
  };
  #tokens: readonly string[];
  /** Per token: why its book is not usable, since how many polls. */
  readonly #bookHealth = new ProblemTracker<BookUnusable>();
  /** Per route: the error code it keeps failing with, since how many polls. */
  readonly #routeHealth = new ProblemTracker<string>();
  #timer: TimerHandle | undefined;
  #running = false;
  #inFlight: Promise<void> | undefined;
  /** The last poll queued; each poll starts when the one before has settled. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #abort = new AbortController();

  constructor(options: PollerOptions) {
    this.#o = options;
    this.#tokens = [...options.tokens];
  }

  get stats(): Readonly<PollerStats> {
    return this.#stats;
  }

  /** The tokens each tick polls. */
  get tokens(): readonly string[] {
    return this.#tokens;
  }

  /**
   * Replaces the tokens polled from the next poll on (a poll in flight finishes with its own).
   * A token dropped is forgotten: its unusable state is neither kept nor logged.
   */
  setTokens(tokens: readonly string[]): void {
    this.#tokens = [...tokens];
    this.#bookHealth.retain(new Set(this.#tokens));
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** Stops scheduling, aborts the poll in flight and waits for every queued poll to settle. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#abort.abort();
    await this.#inFlight;
    await this.#queue;
  }

  #schedule(delayMs: number): void {
    this.#timer = this.#o.clock.setTimer(() => {
      this.#inFlight = this.tick()
        .then(
          () => undefined,
          (err: unknown) => {
            // Never silent: a listener that throws every tick would otherwise look like a quiet market.
            this.#stats.failedTicks++;
            this.#o.logger?.error({ err: err instanceof Error ? err.message : String(err) }, 'poll tick failed');
          },
        )
        .finally(() => {
          this.#inFlight = undefined;
          if (this.#running) this.#schedule(this.#o.intervalMs);
        });
    }, delayMs);
  }

  /**
   * One poll of every selected token, handed to the listener; public so that tests and backtests
   * can drive it directly. Waits for a poll in flight rather than overlapping it.
   */
  tick(): Promise<MarketSnapshot> {
    return this.#serially(async () => {
      const signal = this.#abort.signal;
      const snapshot = await this.#poll(this.#tokens, signal);
      this.#stats.ticks++;
      this.#stats.lastTickMs = snapshot.atMs;
      if (snapshot.books.size > 0) this.#stats.lastUsableMs = snapshot.atMs;
      if (!signal.aborted) this.#o.onSnapshot(snapshot);
      return snapshot;
    });
  }

  /**
   * An out-of-band read of `tokens` (e.g. a resync after a stream gap): the same snapshot shape,
   * for just those tokens, returned to the caller only. The schedule, the listener and the tick
   * counters are untouched; failures and unusable books are counted and logged as in a tick.
   * Waits for a poll in flight rather than overlapping it.
   */
  fetchBooks(tokens: readonly string[]): Promise<MarketSnapshot> {
    const list = [...tokens];
    return this.#serially(() => this.#poll(list, this.#abort.signal));
  }

  #serially<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(run);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #poll(tokens: readonly string[], signal: AbortSignal): Promise<MarketSnapshot> {
    const { source, clock } = this.#o;
    if (tokens.length === 0) return { atMs: clock.now(), books: new Map(), mids: new Map(), unusable: new Map() };
    const [books, mids] = await Promise.allSettled([source.postBooks(tokens, { signal }), source.postMidpoints(tokens, { signal })]);
    const inHandAt = performance.now();
    return { ...this.#assemble(clock.now(), tokens, books, mids, signal), inHandAt };
  }

  #assemble(
    now: number,
    tokens: readonly string[],
    books: PromiseSettledResult<readonly CheckedBook[]>,
    mids: PromiseSettledResult<CheckedMidpoints>,
    signal: AbortSignal,
  ): MarketSnapshot {
    const views = new Map<string, BookView>();
    const unusable = new Map<string, UnusableReason>();
    if (books.status === 'fulfilled') {
      this.#answered(BOOKS_ROUTE);
      for (const b of books.value) {
        const tokenId = b.snapshot.asset_id;
        // The levels first (the client found all but the grid), then the book's age and crossing.
        let problem: BookUnusable | undefined = b.problem;
        if (problem === undefined) {
          const view = toBookView(b);
          const tick = this.#o.tickOf?.(view.market);
          if (offTick(view.bids, tick, view.tickSize) || offTick(view.asks, tick, view.tickSize)) problem = 'off-tick';
          else problem = bookProblem(view, now, this.#o.staleAfterMs);
          if (problem === undefined) views.set(tokenId, view);
        }
        if (problem !== undefined) {
          unusable.set(tokenId, problem);
          this.#count(problem);
        }
        this.#noteBook(tokenId, problem, b.timestampMs);
      }
    } else this.#failed(BOOKS_ROUTE, books.reason, signal);
    let midMap: ReadonlyMap<string, Decimal> = new Map();
    if (mids.status === 'fulfilled') {
      this.#answered(MIDPOINTS_ROUTE);
      midMap = mids.value.prices;
    } else this.#failed(MIDPOINTS_ROUTE, mids.reason, signal);
    for (const t of tokens) {
      if (views.has(t) || unusable.has(t)) continue;
      if (books.status === 'fulfilled') {
        unusable.set(t, 'missing');
        this.#count('missing');
        this.#noteBook(t, 'missing', undefined);
      } else unusable.set(t, 'error');
    }
    return { atMs: now, books: views, mids: midMap, unusable };
  }

  /**
   * A book of a polled token that another source brought (the market stream) is unusable, and
   * was dropped: counted and logged as a polled one (a line when the token's state changes). The
   * next poll that brings a usable book logs it usable again. Tokens not polled are ignored.
   */
  noteUnusable(tokenId: string, problem: BookLevelProblem, bookTimestamp: number | undefined): void {
    if (!this.#tokens.includes(tokenId)) return;
    this.#count(problem);
    this.#noteBook(tokenId, problem, bookTimestamp);
  }

  #count(problem: BookUnusable): void {
    this.#stats.unusableBooks[problem] = (this.#stats.unusableBooks[problem] ?? 0) + 1;
  }

  /** Logs a token's book turning unusable (or changing problem) and turning usable again. */
  #noteBook(token: string, problem: BookUnusable | undefined, bookTimestamp: number | undefined): void {
    const change = this.#bookHealth.observe(token, problem);
    const logger = this.#o.logger;
    if (change === undefined || logger === undefined) return;
    if (change.to === undefined) logger.info({ token, unusablePolls: change.polls, lastProblem: change.from }, 'book usable again');
    else logger.warn({ token, problem: change.to, previous: change.from, bookTimestamp }, 'book not usable');
  }

  #answered(route: string): void {
    const change = this.#routeHealth.observe(route, undefined);
    if (change !== undefined) this.#o.logger?.info({ route, failedPolls: change.polls, lastCode: change.from }, 'poll request recovered');
  }

  #failed(route: string, err: unknown, signal: AbortSignal): void {
    const code = isMakerdError(err) ? err.code : 'unknown';
    this.#stats.failedRequests[code] = (this.#stats.failedRequests[code] ?? 0) + 1;
    if (signal.aborted) return;
    const change = this.#routeHealth.observe(route, code);
    if (change !== undefined) {
      this.#o.logger?.warn(
        { route, code, previous: change.from, err: err instanceof Error ? err.message : String(err) },
        'poll request failed',
      );
    }
  }
}
