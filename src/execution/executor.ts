/**
 * The executor: the thin I/O shell around `diffMarket`. For each market it turns the orders the
 * risk gate approved into cancels, then places, through the venue client (and so through the rate
 * limiter at each request's priority: cancel > place > read). One job runs per market at a time;
 * a newer wish for a market replaces the one waiting, so the executor always works towards the
 * latest quotes and never has two conflicting requests for a market in flight.
 *
 * Order posts are never retried blind. A post that times out, fails at the network level or gets
 * a 5xx may have reached the book: the order is marked uncertain and that market places nothing
 * until a GET /data/orders listing settles it (found by client order id, or known absent).
 * The limiter's open-order count (`setOpenOrders`) is kept equal to the tracker's count, which
 * includes posts in flight, so the cancel reserve always covers every order that may be live.
 */
import { setMaxListeners } from 'node:events';
import { ErrorCode, type ErrorCodeValue } from '../errors.js';
import { Decimal, toPlainString, ZERO } from '../money.js';
import { FailureEpisode } from '../log/failure-episode.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { CancelResult, OpenOrder, OrderResponse } from '../venue/types.js';
import type { DispatchTrace } from './dispatch-trace.js';
import { diffMarket, type DiffOrder } from './order-diff.js';
import { ExecutorStats } from './executor-stats.js';
import { classifyPass, type CancelReason, type PlaceReason, type PullReason } from './order-reasons.js';
import { OrderTracker, remaining } from './order-tracker.js';
import { TwoSidedTimer, quoteSideOf } from './two-sided.js';
import { GONE_REASONS, UNCERTAIN_CODES, codeOf } from './venue-failures.js';
import type { CallOptions, ExecutorOptions, WishContext } from './executor-contract.js';

export type { CallOptions, ExecutionVenue, ExecutorOptions, WishContext } from './executor-contract.js';

const MAX_LISTING_PAGES = 1_000;

interface Wish {
  readonly tick: Decimal;
  readonly wanted: readonly OrderIntent[];
  readonly pull: PullReason;
  readonly trace: DispatchTrace | undefined;
  /** Lets go of the trace (the wish was carried out or replaced). */
  readonly release: () => void;
}

const NOTHING = (): void => {};

export class Executor {
  readonly tracker = new OrderTracker();
  readonly stats = new ExecutorStats();
  readonly twoSided = new TwoSidedTimer();
  readonly #o: ExecutorOptions;
  readonly #wishes = new Map<string, Wish>();
  readonly #jobs = new Map<string, Promise<void>>();
  readonly #nextId: () => string;
  /** Markets whose last listing showed orders not ours: never cancelled by market there. */
  readonly #shared = new Set<string>();
  readonly #listingListeners: ((orders: readonly OpenOrder[], market: string | undefined) => void)[] = [];
  #stopped = false;
  #postsStarted = 0;
  /** One warning per outage, not per attempt (the counts stay in the stats). */
  readonly #cancelMarketFailures: FailureEpisode;
  readonly #cancelFailures: FailureEpisode;
  /** Aborted by stop(): requests in flight end at once (shutdown cancels everything after). */
  readonly #abort = new AbortController();

  constructor(options: ExecutorOptions) {
    this.#o = options;
    const now = (): number => options.clock.now();
    this.#cancelMarketFailures = new FailureEpisode(options.logger, 'cancel-market', now);
    this.#cancelFailures = new FailureEpisode(options.logger, 'cancel', now);
    // Every request in flight listens on it (hundreds when many markets re-quote at once).
    setMaxListeners(0, this.#abort.signal);
    const prefix = `mk${options.clock.now().toString(36)}`;
    let n = 0;
    this.#nextId = options.nextClientOrderId ?? (() => `${prefix}-${(++n).toString(36)}`);
    this.tracker.useClock(() => options.clock.now());
    this.tracker.onChange((market) => {
      options.setOpenOrders(this.tracker.openCount());
      this.twoSided.observe(market, this.isTwoSided(market), options.clock.now());
    });
  }

  /** Hears every listing of the venue's open orders (all of the account's when `market` is undefined). */
  onListing(listener: (orders: readonly OpenOrder[], market: string | undefined) => void): void {
    this.#listingListeners.push(listener);
  }

  /** Wants exactly `wanted` resting in `market` (empty: cancel everything there). */
  submit(market: string, tick: Decimal, wanted: readonly OrderIntent[], context: WishContext = {}): void {
    if (this.#stopped) return;
    const trace = context.trace;
    this.#wishes.get(market)?.release();
    this.#wishes.set(market, { tick, wanted, pull: context.pull ?? 'unwanted', trace, release: trace?.hold() ?? NOTHING });
    if (!this.#jobs.has(market)) {
      const job = this.#drain(market).finally(() => this.#jobs.delete(market));
      this.#jobs.set(market, job);
    }
  }

  /**
   * Flags every market with an order due for renewal (less than half its time to live left), so
   * that the trading loop evaluates it and the executor re-places the order; returns how many
   * orders are due. Called on a timer when `orderTtlSec` is set.
   */
  touchExpiring(nowMs: number): number {
    let due = 0;
    for (const market of this.tracker.markets()) {
      const n = this.tracker.liveOf(market).filter((o) => this.#expiring(o, nowMs)).length;
      if (n > 0) this.tracker.touch(market);
      due += n;
    }
    return due;
  }

  #expiring(o: { readonly expiresAtMs?: number | undefined }, nowMs: number): boolean {
    const ttl = this.#o.orderTtlSec ?? 0;
    return ttl > 0 && o.expiresAtMs !== undefined && o.expiresAtMs - nowMs <= (ttl * 1000) / 2;
  }

  /** True while a job for the market is running or waiting. */
  busy(market: string): boolean {
    return this.#jobs.has(market);
  }

  /** Resolves when every market job has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#jobs.size > 0) await Promise.allSettled([...this.#jobs.values()]);
  }

  /** Stops placing at once (synchronous): no new jobs, wishes dropped, every request aborted (queued, unsent or in flight). */
  halt(): void {
    this.#stopped = true;
    for (const w of this.#wishes.values()) w.release();
    this.#wishes.clear();
    this.#abort.abort();
  }

  /** halt(), then waits for the jobs to end. */
  async stop(): Promise<void> {
    this.halt();
    await this.idle();
  }

  /** Markets whose last listing showed others' orders: the shutdown cancels ours there one by one. */
  get sharedMarkets(): ReadonlySet<string> {
    return this.#shared;
  }

  /** Order posts handed to the venue client by this run (sent or aborted on the way). */
  get postsStarted(): number {
    return this.#postsStarted;
  }

  isTwoSided(market: string): boolean {
    let bid = false;
    let ask = false;
    for (const o of this.tracker.liveOf(market)) {
      if (quoteSideOf(o.tokenId, o.side) === 'bid') bid = true;
      else ask = true;
    }
    return bid && ask;
  }

  /**
   * Aligns the tracker with GET /data/orders for `scope` (every page; orders of other markets,
   * e.g. another shard's, are left alone). Returns what changed; throws when the listing fails.
   */
  async sync(
    scope: ReadonlySet<string>,
    market?: string,
    call: CallOptions = this.#call(),
  ): Promise<ReturnType<OrderTracker['reconcile']>> {
    const listedAtMs = this.#o.clock.now();
    const listing = await this.#listOpenOrders(market, call);
    for (const l of this.#listingListeners) l(listing, market);
    const r = this.tracker.reconcile(scope, listing, listedAtMs, this.#o.owns);
    const foreignBy = new Map<string, OpenOrder[]>();
    for (const o of r.foreign) foreignBy.set(o.market, [...(foreignBy.get(o.market) ?? []), o]);
    for (const m of market === undefined ? scope : [market]) {
      if (foreignBy.has(m)) this.#shared.add(m);
      else this.#shared.delete(m);
    }
    for (const [m, orders] of foreignBy) this.#o.onForeignOrders?.(m, orders);
    if (r.adopted > 0) this.stats.count('adopted', r.adopted);
    if (r.vanished > 0) this.stats.count('vanished', r.vanished);
    if (r.adopted > 0 || r.settledLive + r.settledAbsent > 0) {
      const { foreign, ...counts } = r;
      this.#o.logger?.info({ market, ...counts, foreign: foreign.length }, 'open orders reconciled with the venue');
    }
    return r;
  }

  /** An `order` event of the user stream. */
  applyOrderEvent(e: OpenOrder & { type: string }): void {
    // An event may overtake the reply to our own POST: find the order by client order id then.
    if (this.tracker.byId(e.id) === undefined && e.client_order_id !== '') this.tracker.bindVenueId(e.client_order_id, e.id);
    if (e.type === 'CANCELLATION') this.tracker.dropId(e.id);
    else if (e.type === 'UPDATE') this.tracker.setMatched(e.id, new Decimal(e.size_matched));
  }

  async #listOpenOrders(market: string | undefined, call: CallOptions): Promise<OpenOrder[]> {
    const out: OpenOrder[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LISTING_PAGES; page++) {
      const p = await this.#o.venue.getOpenOrders(
        { ...(market === undefined ? {} : { market }), ...(cursor === undefined ? {} : { next_cursor: cursor }) },
        call,
      );
      out.push(...p.data);
      if (p.next_cursor === 'LTE=' || p.next_cursor === '' || p.next_cursor === cursor) return out;
      cursor = p.next_cursor;
    }
    return out;
  }

  async #drain(market: string): Promise<void> {
    for (;;) {
      const wish = this.#wishes.get(market);
      if (wish === undefined) return;
      this.#wishes.delete(market);
      try {
        await this.#execute(market, wish);
      } catch (err) {
        this.#o.logger?.error({ market, err: (err as Error).message }, 'executor job failed');
      } finally {
        wish.release();
      }
    }
  }

  async #execute(market: string, wish: Wish): Promise<void> {
    const call = this.#call(wish.trace);
    let mayPlace = true;
    if (this.tracker.hasUncertain(market)) {
      try {
        await this.sync(new Set([market]), market, call);
      } catch (err) {
        this.#failed(err);
        this.#o.logger?.warn({ market, err: (err as Error).message }, 'could not settle uncertain order posts; not placing in this market');
      }
      mayPlace = !this.tracker.hasUncertain(market);
    }
    const nowMs = this.#o.clock.now();
    const tracked = this.tracker.liveOf(market);
    const live: DiffOrder[] = tracked.map((o) => ({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: remaining(o) }));
    // Dead-man orders near their expiry are not kept: cancelled and placed afresh (a resize).
    const expiring = new Set(tracked.filter((o) => this.#expiring(o, nowMs)).map((o) => o.id));
    const fresh = expiring.size === 0 ? live : live.filter((o) => !expiring.has(o.id));
    const matched = diffMarket(wish.wanted, fresh, wish.tick, this.#o.settings);
    const diff = expiring.size === 0 || matched.cancelMarket ? matched : { ...matched, cancel: [...matched.cancel, ...expiring] };
    const cancelling = new Set(diff.cancel);
    const reasons = classifyPass(
      live.filter((o) => cancelling.has(o.id)),
      diff.place,
      wish.pull,
    );
    const why = (id: string): CancelReason => reasons.cancel.get(id) ?? wish.pull;
    this.stats.count('kept', diff.keep.length);
    // Checked first: the record (a string per order) is built only when it will be written.
    if ((diff.cancel.length > 0 || diff.place.length > 0) && this.#o.logger?.isLevelEnabled('debug') === true) {
      this.#o.logger.debug(
        {
          market,
          keep: diff.keep.length,
          cancel: diff.cancel.length,
          cancelMarket: diff.cancelMarket,
          place: diff.place.map((p) => `${p.side} ${p.tokenId.slice(-2)} ${p.price.toFixed()} x ${p.size.toFixed()}`),
        },
        'executor decision',
      );
    }
    // A cancel by market would also take the orders of whoever else trades this market.
    if (diff.cancelMarket && !this.#shared.has(market)) await this.#cancelMarket(market, diff.cancel, why, call);
    else await Promise.all(diff.cancel.map((id) => this.#cancelOne(id, why(id), call)));
    // Cancels before places: an order that could not be cancelled may still rest, and placing its
    // replacement on top would rest more than the risk gate approved. Place nothing this pass and
    // flag the market, so that its next evaluation tries again.
    if (diff.cancel.some((id) => this.tracker.byId(id) !== undefined)) {
      this.tracker.touch(market);
      return;
    }
    if (!mayPlace || this.#stopped) return;
    await Promise.all(diff.place.map((intent, i) => this.#place(intent, reasons.place[i] ?? 'new', call)));
  }

  async #cancelOne(id: string, reason: CancelReason, call: CallOptions): Promise<void> {
    try {
      this.#applyCancelResult(await this.#o.venue.cancelOrder({ orderId: id }, call), [id]);
      this.stats.count('cancelled', 1, reason);
      this.#cancelFailures.succeeded();
    } catch (err) {
      this.#failed(err);
      this.stats.count('cancel_failed', 1, reason);
      if (codeOf(err) !== ErrorCode.ABORTED)
        this.#cancelFailures.failed(
          { orderId: id, code: codeOf(err), err: (err as Error).message },
          'cancel failed; the order stays tracked',
        );
    }
  }

  async #cancelMarket(market: string, ids: readonly string[], why: (id: string) => CancelReason, call: CallOptions): Promise<void> {
    try {
      this.#applyCancelResult(await this.#o.venue.cancelMarketOrders({ market }, call), ids);
      for (const id of ids) this.stats.count('cancelled', 1, why(id));
      this.stats.count('cancel_market');
      this.#cancelMarketFailures.succeeded();
    } catch (err) {
      this.#failed(err);
      for (const id of ids) this.stats.count('cancel_failed', 1, why(id));
      // An aborted request is the executor stopping, not a failure worth a line.
      if (codeOf(err) !== ErrorCode.ABORTED)
        this.#cancelMarketFailures.failed(
          { market, code: codeOf(err), err: (err as Error).message },
          'cancel-market failed; the orders stay tracked',
        );
    }
  }

  #applyCancelResult(r: CancelResult, asked: readonly string[]): void {
    for (const id of r.canceled) this.tracker.dropId(id);
    for (const [id, reason] of Object.entries(r.not_canceled)) {
      // Gone already (filled, cancelled elsewhere): nothing left to manage.
      if (GONE_REASONS.test(reason)) this.tracker.dropId(id);
      else this.#o.logger?.warn({ orderId: id, reason }, 'order not cancelled');
    }
    // Asked for but in neither list: the venue no longer knows it.
    const answered = new Set([...r.canceled, ...Object.keys(r.not_canceled)]);
    for (const id of asked) if (!answered.has(id)) this.tracker.dropId(id);
  }

  async #place(intent: OrderIntent, reason: PlaceReason, call: CallOptions): Promise<void> {
    const clientOrderId = this.#nextId();
    const nowMs = this.#o.clock.now();
    const ttl = this.#o.orderTtlSec ?? 0;
    // Whole seconds (the venue's unit), counted from now: the order lives ttl seconds at most.
    const expiresAtSec = ttl > 0 ? Math.floor(nowMs / 1000) + ttl : undefined;
    this.tracker.addPending(intent, clientOrderId, nowMs, expiresAtSec === undefined ? undefined : expiresAtSec * 1000);
    this.#postsStarted++;
    let res: OrderResponse;
    try {
      res = await this.#o.venue.postTrustedOrder(
        {
          order: {
            asset_id: intent.tokenId,
            side: intent.side,
            price: toPlainString(intent.price),
            size: toPlainString(intent.size),
            expiration: expiresAtSec === undefined ? '0' : String(expiresAtSec),
            client_order_id: clientOrderId,
          },
          orderType: expiresAtSec === undefined ? 'GTC' : 'GTD',
          postOnly: true,
        },
        call,
      );
    } catch (err) {
      this.#failed(err);
      const code = codeOf(err);
      if (UNCERTAIN_CODES.has(code as ErrorCodeValue)) {
        this.tracker.markUncertain(clientOrderId);
        this.stats.count('uncertain');
        this.#o.logger?.warn(
          { market: intent.conditionId, clientOrderId, code },
          'order post outcome unknown; settling through GET /data/orders before placing again',
        );
      } else {
        this.tracker.dropClient(clientOrderId);
        this.stats.reject(code);
      }
      return;
    }
    if (!res.success || res.status === 'unmatched') {
      this.tracker.dropClient(clientOrderId);
      this.stats.reject(res.errorMsg.includes('post-only') ? 'post_only_cross' : 'refused');
      this.#o.logger?.debug({ market: intent.conditionId, reason: res.errorMsg }, 'order refused by the venue');
      return;
    }
    if (res.status === 'delayed') {
      this.tracker.markUncertain(clientOrderId);
      this.stats.count('uncertain');
      return;
    }
    // Shares already matched: a BUY takes shares, a SELL makes them (design.md section 3).
    const matchedText = intent.side === 'BUY' ? res.takingAmount : res.makingAmount;
    const matched = matchedText === '0' ? ZERO : /^\d+(\.\d+)?$/.test(matchedText) ? new Decimal(matchedText) : ZERO;
    this.tracker.confirm(clientOrderId, res.orderID, matched, this.#o.clock.now());
    this.stats.count('placed', 1, reason);
  }

  #call(trace?: DispatchTrace): CallOptions {
    return trace === undefined ? { signal: this.#abort.signal } : { signal: this.#abort.signal, onSend: trace.sent };
  }

  #failed(err: unknown): void {
    const code = codeOf(err);
    if (code === ErrorCode.THROTTLED || code === ErrorCode.VENUE_RESTARTING) this.#o.onVenueFailure?.('throttle');
    else if (code !== ErrorCode.ABORTED) this.#o.onVenueFailure?.('error');
  }
}
