/**
 * Where fills come from: the account's trades (GET /data/trades, polled with `after` and paged
 * to the end) and, when the user stream is on, its `trade` events. Each trade becomes the
 * account's fills (fill-attribution.ts), deduplicated by fill id, journaled and fsynced, and only
 * then counted in the portfolio. Everything goes through one queue, so the stream and the poll
 * delivering the same trade at once still count it once.
 *
 * A trade that cannot be attributed yet (its market's fee schedule is not known yet) or a journal
 * write that fails leaves the fetch position where it was: the next poll fetches it again. The
 * fetch position (`after`) moves only with what a fetch brought and counted in full, never with
 * the stream's fills: a stream fill counted 30 s after a trade the poll could not count yet would
 * otherwise move `after` past it, and that fill would never be fetched again.
 * Trades of markets outside this daemon's selection (another shard's) are not ours to count.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import { everyPage } from '../venue/pagination.js';
import type { AccountTrade, Paged } from '../venue/types.js';
import { fillsFromAccountTrade, type AccountIdentity } from './fill-attribution.js';
import type { FeeTerms } from './fill-fees.js';
import type { Fill, FillDeduper } from './fill.js';
import type { FillJournal } from './journal.js';
import { tradesAfterSeconds } from './journal-replay.js';
import type { Portfolio } from './portfolio.js';

export interface TradesVenue {
  getAccountTrades(params: { after?: number; next_cursor?: string }, options?: { signal?: AbortSignal }): Promise<Paged<AccountTrade>>;
}

export interface FillFeedOptions {
  readonly venue: TradesVenue;
  readonly account: AccountIdentity;
  /** The market's fee schedule (from its metadata), or undefined when not known yet. */
  readonly fees: (conditionId: string) => FeeTerms | undefined;
  readonly scope: ReadonlySet<string>;
  readonly journal: FillJournal;
  readonly portfolio: Portfolio;
  readonly deduper: FillDeduper;
  readonly clock: Clock;
  readonly pollIntervalMs: number;
  /** Time of the last journaled fill (replay), where fetching starts. */
  readonly lastTimestampMs: number | undefined;
  readonly logger?: Logger | undefined;
  /** After fills were journaled and counted. */
  readonly onFills?: ((fills: readonly Fill[]) => void) | undefined;
  /** The journal refused a batch (disk full, I/O error), or accepted one again after that. */
  readonly onJournalHealth?: ((healthy: boolean, err?: unknown) => void) | undefined;
}

export interface FillFeedStats {
  fills: number;
  duplicates: number;
  stale: number;
  /** Trades of markets this daemon does not quote. */
  outOfScope: number;
  /** Fetches or writes that failed (retried at the next poll). */
  failures: number;
}

const MAX_PAGES = 1_000;

export class FillFeed {
  readonly #o: FillFeedOptions;
  #lastTimestampMs: number | undefined;
  /** Where the next fetch starts: the newest fill time of fetches counted in full. */
  #fetchFromMs: number | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #timer: TimerHandle | undefined;
  #running = false;
  readonly #abort = new AbortController();
  #journalHealthy = true;
  readonly stats: FillFeedStats = { fills: 0, duplicates: 0, stale: 0, outOfScope: 0, failures: 0 };

  constructor(options: FillFeedOptions) {
    this.#o = options;
    this.#lastTimestampMs = options.lastTimestampMs;
    this.#fetchFromMs = options.lastTimestampMs;
  }

  /** Time of the newest fill counted (Unix ms). */
  get lastTimestampMs(): number | undefined {
    return this.#lastTimestampMs;
  }

  start(): void {
    this.#running = true;
    this.#schedule();
  }

  /** Stops polling and waits for the fills under way to be journaled. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#abort.abort();
    await this.#queue.catch(() => undefined);
  }

  /** Fetches every trade since the last counted fill and counts what is new. Throws on failure. */
  catchUp(): Promise<number> {
    return this.#enqueue(async () => {
      const trades = await this.#fetch();
      const r = await this.#ingest(trades);
      if (r.complete && r.newestMs !== undefined && (this.#fetchFromMs === undefined || r.newestMs > this.#fetchFromMs))
        this.#fetchFromMs = r.newestMs;
      return r.counted;
    });
  }

  /** Trades from the user stream. */
  ingestTrades(trades: readonly AccountTrade[]): Promise<number> {
    return this.#enqueue(async () => (await this.#ingest(trades)).counted);
  }

  /**
   * Runs `job` on the feed's queue, between two batches of fills, so that what it journals and
   * counts keeps its place among the fills (a resolved market's settlement, which closes the
   * position the fills before it built: src/daemon/market-settlements.ts).
   */
  exclusive<T>(job: () => Promise<T>): Promise<T> {
    return this.#enqueue(job);
  }

  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #schedule(): void {
    if (!this.#running) return;
    this.#timer = this.#o.clock.setTimer(() => {
      this.catchUp()
        .catch((err: unknown) => {
          if (!this.#abort.signal.aborted)
            this.#o.logger?.warn(
              { code: isMakerdError(err) ? err.code : undefined, err: (err as Error).message },
              'fill catch-up failed; retrying',
            );
        })
        .finally(() => this.#schedule());
    }, this.#o.pollIntervalMs);
  }

  async #fetch(): Promise<AccountTrade[]> {
    const after = tradesAfterSeconds(this.#fetchFromMs);
    try {
      const { items } = await everyPage(
        (cursor) =>
          this.#o.venue.getAccountTrades(
            { ...(after === undefined ? {} : { after }), ...(cursor === undefined ? {} : { next_cursor: cursor }) },
            { signal: this.#abort.signal },
          ),
        MAX_PAGES,
      );
      return items;
    } catch (err) {
      this.stats.failures++;
      throw err;
    }
  }

  /**
   * Journals and counts the new fills of `trades`. `complete`: every trade was dealt with (none
   * left for a later fetch); `newestMs`: the newest time of the account's fills in `trades`,
   * counted now or before.
   */
  async #ingest(trades: readonly AccountTrade[]): Promise<{ counted: number; complete: boolean; newestMs: number | undefined }> {
    const fresh: Fill[] = [];
    const ids = new Set<string>();
    let newestMs: number | undefined;
    for (const t of trades) {
      if (!this.#o.scope.has(t.market)) {
        this.stats.outOfScope++;
        continue;
      }
      const fees = this.#o.fees(t.market);
      if (fees === undefined) {
        this.stats.failures++;
        this.#o.logger?.warn({ market: t.market, trade: t.id }, 'fee schedule unknown: trade not counted yet (fetched again later)');
        return { counted: 0, complete: false, newestMs: undefined };
      }
      for (const f of fillsFromAccountTrade(t, this.#o.account, fees)) {
        if (newestMs === undefined || f.timestampMs > newestMs) newestMs = f.timestampMs;
        const verdict = this.#o.deduper.check(f);
        if (verdict === 'duplicate' || ids.has(f.tradeId)) this.stats.duplicates++;
        else if (verdict === 'stale') {
          this.stats.stale++;
          this.#o.logger?.error(
            { fill: f.tradeId, market: f.conditionId },
            'fill older than the deduplication horizon: not counted; check the journal by hand',
          );
        } else {
          ids.add(f.tradeId);
          fresh.push(f);
        }
      }
    }
    if (fresh.length === 0) return { counted: 0, complete: true, newestMs };
    try {
      await this.#o.journal.append(fresh);
    } catch (err) {
      this.stats.failures++;
      this.#o.logger?.error(
        { err: (err as Error).message, fills: fresh.length },
        'journal write failed: fills not counted (fetched again later)',
      );
      this.#journalHealthy = false;
      this.#o.onJournalHealth?.(false, err);
      throw err;
    }
    if (!this.#journalHealthy) {
      this.#journalHealthy = true;
      this.#o.onJournalHealth?.(true);
    }
    for (const f of fresh) {
      this.#o.deduper.admit(f);
      this.#o.portfolio.apply(f);
      if (this.#lastTimestampMs === undefined || f.timestampMs > this.#lastTimestampMs) this.#lastTimestampMs = f.timestampMs;
      this.stats.fills++;
    }
    this.#o.onFills?.(fresh);
    return { counted: fresh.length, complete: true, newestMs };
  }
}
