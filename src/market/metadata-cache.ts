/**
 * The trading rules (MarketMeta) of every selected market, read from the venue (GET
 * /clob-markets/{id}, GET /markets/{id}, GET /fee-rate of outcome 0's token) and kept for `ttlMs`.
 *
 * - `get` answers only fresh rules: none yet, older than the TTL, or put in doubt by a tick size
 *   change all answer undefined, and a market without rules is not quoted. Nothing is guessed.
 * - `refreshDue` re-reads, a few markets at a time, every market that has no rules, whose rules
 *   are in doubt, or whose rules have reached `refreshAhead` of their TTL (so that a venue that
 *   answers never lets good rules lapse); a market whose last read failed waits `retryMs` first.
 * - A tick size change (market stream `tick_size_change`, or a book whose tick differs from the
 *   cached one: `noteBookTick`) puts the market's rules in doubt and re-reads them at once.
 * - One market is never read twice at once: a refresh asked for while one runs joins it, and a
 *   tick change seen meanwhile makes it read once more when it ends (its answer may predate it).
 * - Failures are counted by reason (`failures`), and logged once when a market's state changes
 *   (ok -> failing, a different reason, failing -> ok), not on every attempt.
 */
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { ErrorCode, isMakerdError, MakerdError } from '../errors.js';
import { Decimal } from '../money.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { ClobMarketSettings, FeeRate, Market } from '../venue/types.js';
import { toMarketMeta, tokensOf } from './market-metadata.js';
import type { MarketMeta } from './market-view.js';

/** The three reads (the venue client has them under these names). */
export interface MetadataSource {
  getClobMarket(params: { condition_id: string }, options?: CallOptions): Promise<ClobMarketSettings>;
  getMarket(params: { condition_id: string }, options?: CallOptions): Promise<Market>;
  getFeeRate(params: { token_id?: string }, options?: CallOptions): Promise<FeeRate>;
}

export interface MetadataCacheOptions {
  readonly source: MetadataSource;
  readonly clock: Clock;
  /** How long read rules count as fresh. */
  readonly ttlMs: number;
  /** Fraction of the TTL after which `refreshDue` re-reads (default 0.8). */
  readonly refreshAhead?: number | undefined;
  /** Markets read at once by `refreshDue` (default 4). */
  readonly concurrency?: number | undefined;
  /** Wait after a failed read before `refreshDue` tries again (default min(ttlMs, 10 000)). */
  readonly retryMs?: number | undefined;
  readonly logger?: Logger | undefined;
}

interface Entry {
  meta: MarketMeta | undefined;
  /** A tick change was seen: the rules are hidden until re-read. */
  doubt: boolean;
  /** The tick the change announced, to compare with what the venue then answers. */
  announcedTick: Decimal | undefined;
  inFlight: Promise<MarketMeta | undefined> | undefined;
  /** Read again when the read in flight ends. */
  again: boolean;
  /** Reason of the current failure, undefined while ok. */
  failing: string | undefined;
  /** refreshDue leaves the market alone before this time (after a failure). */
  retryAtMs: number;
}

export interface MetadataCacheStats {
  /** Reads started. */
  refreshes: number;
  /** Tick size changes acted on. */
  tickChanges: number;
}

/** `MAKERD_ERR_NOT_FOUND` -> `not_found`; a foreign error -> `error`. Bounded set, for counters. */
export function failureReason(err: unknown): string {
  return isMakerdError(err) ? err.code.replace(/^MAKERD_ERR_/, '').toLowerCase() : 'error';
}

export class MetadataCache {
  readonly #o: Required<Omit<MetadataCacheOptions, 'logger'>> & { logger: Logger | undefined };
  readonly #entries = new Map<string, Entry>();
  readonly #failures: Record<string, number> = {};
  readonly #stats: MetadataCacheStats = { refreshes: 0, tickChanges: 0 };
  readonly #abort = new AbortController();
  #timer: TimerHandle | undefined;
  #running = false;
  #loop: Promise<void> | undefined;

  constructor(options: MetadataCacheOptions) {
    // Every read in flight (three per market, many markets at start-up) listens on it.
    setMaxListeners(0, this.#abort.signal);
    const ttlMs = options.ttlMs;
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`metadata ttlMs must be > 0 (got ${ttlMs})`);
    const refreshAhead = options.refreshAhead ?? 0.8;
    if (!(refreshAhead > 0 && refreshAhead <= 1)) throw new RangeError(`metadata refreshAhead must be in (0, 1] (got ${refreshAhead})`);
    const concurrency = options.concurrency ?? 4;
    if (!Number.isSafeInteger(concurrency) || concurrency < 1)
      throw new RangeError(`metadata concurrency must be an integer >= 1 (got ${concurrency})`);
    this.#o = {
      source: options.source,
      clock: options.clock,
      ttlMs,
      refreshAhead,
      concurrency,
      retryMs: options.retryMs ?? Math.min(ttlMs, 10_000),
      logger: options.logger,
    };
  }

  /** Failed reads by reason (`not_found`, `bad_response`, `timeout`, ..., `tick_mismatch`). */
  get failures(): Readonly<Record<string, number>> {
    return this.#failures;
  }

  get stats(): Readonly<MetadataCacheStats> {
    return this.#stats;
  }

  /** The markets to keep rules for; others are forgotten. Does not read: see refreshDue. */
  track(conditionIds: readonly string[]): void {
    const keep = new Set(conditionIds);
    for (const id of this.#entries.keys()) if (!keep.has(id)) this.#entries.delete(id);
    for (const id of keep) this.#entry(id);
  }

  /** The tracked markets. */
  markets(): string[] {
    return [...this.#entries.keys()];
  }

  /** Fresh rules of the market, or undefined (none, expired, or in doubt after a tick change). */
  get(conditionId: string): MarketMeta | undefined {
    const e = this.#entries.get(conditionId);
    if (e?.meta === undefined || e.doubt) return undefined;
    return this.#o.clock.now() - e.meta.fetchedAtMs < this.#o.ttlMs ? e.meta : undefined;
  }

  /**
   * The market's rules as last read, even while in doubt or expired: for what outlives a TTL, its
   * end date and whether the venue closed it (src/daemon/market-ends.ts), never quoting.
   */
  lastKnown(conditionId: string): MarketMeta | undefined {
    return this.#entries.get(conditionId)?.meta;
  }

  /**
   * The market's fee schedule as last read, even while its rules are in doubt or expired: fees
   * of fills that already happened (the portfolio's attribution), never quoting.
   */
  lastFees(conditionId: string): MarketMeta['fees'] | undefined {
    return this.#entries.get(conditionId)?.meta?.fees;
  }

  /**
   * The market's current tick as far as it is known, for checking books against its grid: the
   * tick a change announced while the rules are re-read, else the rules' as last read (even
   * expired: a tick outlives the TTL); undefined before the first read.
   */
  knownTick(conditionId: string): Decimal | undefined {
    const e = this.#entries.get(conditionId);
    if (e === undefined) return undefined;
    return (e.doubt ? e.announcedTick : undefined) ?? e.meta?.tickSize;
  }

  /** True while a tick change has put the rules in doubt and their re-read has not failed. */
  pendingTickChange(conditionId: string): boolean {
    const e = this.#entries.get(conditionId);
    return e?.doubt === true && e.failing === undefined;
  }

  /** Tracked markets that `get` has no rules for (not quoted): for a gauge and the logs. */
  unavailable(): string[] {
    return this.markets().filter((id) => this.get(id) === undefined);
  }

  /**
   * Reads the market's rules now (tracking it if it was not); joins a read already in flight.
   * Resolves with the new rules, or undefined when they could not be had (counted and logged).
   */
  refresh(conditionId: string): Promise<MarketMeta | undefined> {
    const e = this.#entry(conditionId);
    e.inFlight ??= this.#run(conditionId, e);
    return e.inFlight;
  }

  /** Reads every market that is due (see the header), `concurrency` at a time. */
  async refreshDue(): Promise<void> {
    const now = this.#o.clock.now();
    const due = [...this.#entries].filter(([, e]) => this.#isDue(e, now)).map(([id]) => id);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < due.length && !this.#abort.signal.aborted) await this.refresh(due[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.#o.concurrency, due.length) }, worker));
  }

  /**
   * A tick size change for a market, named by its condition id or one of its token ids: its rules
   * are hidden and re-read at once. Resolves like `refresh`; an unknown market is ignored.
   */
  onTickSize(tokenOrConditionId: string, newTick?: Decimal | string): Promise<MarketMeta | undefined> {
    const conditionId = this.#resolve(tokenOrConditionId);
    if (conditionId === undefined) {
      this.#o.logger?.debug({ id: tokenOrConditionId }, 'tick size change for an untracked market ignored');
      return Promise.resolve(undefined);
    }
    const e = this.#entry(conditionId);
    this.#stats.tickChanges++;
    e.doubt = true;
    e.announcedTick = newTick === undefined ? undefined : new Decimal(newTick);
    e.retryAtMs = 0;
    if (e.inFlight !== undefined) {
      e.again = true;
      return e.inFlight;
    }
    return this.refresh(conditionId);
  }

  /**
   * A book of the market showed `tick`: when it differs from the cached rules, as onTickSize.
   * Does nothing without cached rules or while a read is already in flight (it will settle it).
   */
  noteBookTick(conditionId: string, tick: Decimal): void {
    const e = this.#entries.get(conditionId);
    if (e?.meta === undefined || e.inFlight !== undefined || e.meta.tickSize.eq(tick)) return;
    if (e.doubt && e.announcedTick?.eq(tick) === true) return; // already being settled for this tick
    void this.onTickSize(conditionId, tick);
  }

  /** Runs refreshDue now and then every `intervalMs` on the clock (after each pass ends). */
  start(intervalMs: number): void {
    if (this.#running) return;
    if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new RangeError(`metadata check interval must be > 0 (got ${intervalMs})`);
    this.#running = true;
    const pass = (): void => {
      this.#timer = undefined;
      this.#loop = this.refreshDue()
        .catch((err: unknown) =>
          this.#o.logger?.error({ err: err instanceof Error ? err.message : String(err) }, 'metadata refresh pass failed'),
        )
        .finally(() => {
          this.#loop = undefined;
          if (this.#running) this.#timer = this.#o.clock.setTimer(pass, intervalMs);
        });
    };
    pass();
  }

  /** Stops the timer and aborts reads in flight; waits for them to settle. */
  async close(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#abort.abort();
    await this.#loop;
    await Promise.all([...this.#entries.values()].map((e) => e.inFlight));
  }

  #entry(conditionId: string): Entry {
    let e = this.#entries.get(conditionId);
    if (e === undefined) {
      e = { meta: undefined, doubt: false, announcedTick: undefined, inFlight: undefined, again: false, failing: undefined, retryAtMs: 0 };
      this.#entries.set(conditionId, e);
    }
    return e;
  }

  #isDue(e: Entry, now: number): boolean {
    if (e.inFlight !== undefined || now < e.retryAtMs) return false;
    if (e.meta === undefined || e.doubt) return true;
    return now - e.meta.fetchedAtMs >= this.#o.ttlMs * this.#o.refreshAhead;
  }

  #resolve(id: string): string | undefined {
    if (this.#entries.has(id)) return id;
    for (const [cid, e] of this.#entries) if (e.meta?.tokens.includes(id) === true) return cid;
    // Token ids are `<condition_id>:<outcome_index>` (design.md section 3).
    const cut = id.lastIndexOf(':');
    return cut > 0 && this.#entries.has(id.slice(0, cut)) ? id.slice(0, cut) : undefined;
  }

  async #run(conditionId: string, e: Entry): Promise<MarketMeta | undefined> {
    try {
      let out: MarketMeta | undefined;
      do {
        e.again = false;
        out = await this.#readOnce(conditionId, e);
      } while (e.again && !this.#abort.signal.aborted);
      return out;
    } finally {
      e.inFlight = undefined;
    }
  }

  async #readOnce(conditionId: string, e: Entry): Promise<MarketMeta | undefined> {
    const { source, clock } = this.#o;
    const options = { signal: this.#abort.signal };
    this.#stats.refreshes++;
    try {
      const [clob, market] = await Promise.all([
        source.getClobMarket({ condition_id: conditionId }, options),
        source.getMarket({ condition_id: conditionId }, options),
      ]);
      const fee = await source.getFeeRate({ token_id: tokensOf(market)[0] }, options);
      const meta = toMarketMeta(clob, market, fee, clock.now());
      if (meta.conditionId !== conditionId) {
        throw new MakerdError(ErrorCode.BAD_RESPONSE, `market metadata: asked for ${conditionId}, the venue answered ${meta.conditionId}`, {
          where: 'GET /markets/{condition_id}',
          field: 'condition_id',
        });
      }
      if (e.again) return undefined; // a tick change arrived meanwhile: this answer may predate it
      this.#accept(conditionId, e, meta);
      return meta;
    } catch (err) {
      if (this.#abort.signal.aborted) return undefined;
      this.#fail(conditionId, e, failureReason(err), err);
      return undefined;
    }
  }

  #accept(conditionId: string, e: Entry, meta: MarketMeta): void {
    const announced = e.announcedTick;
    e.meta = meta;
    e.doubt = false;
    e.announcedTick = undefined;
    e.retryAtMs = 0;
    if (announced !== undefined && !announced.eq(meta.tickSize)) {
      // The venue's settings are the authority; the disagreement is made visible, not resolved by guessing.
      this.#failures.tick_mismatch = (this.#failures.tick_mismatch ?? 0) + 1;
      this.#o.logger?.warn(
        { market: conditionId, announcedTick: announced.toFixed(), venueTick: meta.tickSize.toFixed() },
        'tick size announced by the stream differs from the venue settings; using the venue settings',
      );
    }
    if (e.failing !== undefined) {
      this.#o.logger?.info({ market: conditionId, after: e.failing }, 'market metadata available again');
      e.failing = undefined;
    }
  }

  #fail(conditionId: string, e: Entry, reason: string, err: unknown): void {
    this.#failures[reason] = (this.#failures[reason] ?? 0) + 1;
    e.retryAtMs = this.#o.clock.now() + this.#o.retryMs;
    if (e.failing === reason) return;
    e.failing = reason;
    const quoted = this.get(conditionId) !== undefined;
    this.#o.logger?.warn(
      { market: conditionId, reason, err: err instanceof Error ? err.message : String(err), quoting: quoted },
      quoted
        ? 'market metadata refresh failed; keeping the cached rules until they expire'
        : 'market metadata unavailable; market not quoted',
    );
  }
}
