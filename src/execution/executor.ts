/**
 * The executor: the thin I/O shell around the order diff. For each market it turns the orders the
 * risk gate approved into cancels, then places, through the venue client (and so through the rate
 * limiter at each request's priority: cancel > place > read). Wishes are planned together in one
 * pass after the tick that made them (a microtask): with a write budget (`writeBudget`) the pass
 * sends at most the posts the budget affords now, the most-wrong quotes first (dispatch-priority.ts),
 * and keeps the rest waiting; without one every wanted post goes at once. One job runs per market at
 * a time and a newer wish replaces the waiting one, so the executor works towards the latest quotes
 * with never two conflicting requests for a market in flight. A replacement waits for its cancel's
 * answer, or (executor.overlapReplacements) goes with it when the risk gate found that both may
 * rest together (src/risk/overlap.ts).
 *
 * Order posts are never retried blind. A post that times out, fails at the network level or gets a 5xx
 * may have reached the book: it is marked uncertain and that market places nothing until a GET
 * /data/orders listing settles it (by client order id, or known absent). The limiter's open-order count
 * (`setOpenOrders`) is the tracker's, posts in flight included: the cancel reserve covers every order.
 */
import { setMaxListeners } from 'node:events';
import type { TimerHandle } from '../clock/clock.js';
import { ErrorCode } from '../errors.js';
import { Decimal } from '../money.js';
import { FailureEpisode } from '../log/failure-episode.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { OpenOrder } from '../venue/types.js';
import { type MarketPlan, type MarketWork, marketWork, planDispatch } from './dispatch-priority.js';
import type { DiffOrder } from './order-diff.js';
import { ExecutorStats } from './executor-stats.js';
import { classifyPass, type CancelReason } from './order-reasons.js';
import { OrderRequests } from './order-requests.js';
import { OpenOrderSync } from './open-order-sync.js';
import { holdAfterCancels, type PlaceHold } from './after-cancels.js';
import { OrderTracker, type ReconcileResult, remaining } from './order-tracker.js';
import { QuoteObserver } from './quote-observer.js';
import { holdBack, NOTHING, type Wish } from './executor-wish.js';
import type { DispatchTrace } from './dispatch-trace.js';
import { twoSidedOf } from './two-sided.js';
import { codeOf } from './venue-failures.js';
import { WriteBudget } from './write-budget.js';
import type { CallOptions, ExecutorOptions, WishContext } from './executor-contract.js';

export type { CallOptions, ExecutionVenue, ExecutorOptions, WishContext, WriteRoom } from './executor-contract.js';

/** Without a time to live no order expires. */
const NO_IDS: ReadonlySet<string> = new Set();
/** While posts wait for the budget, a pass at most this often (each plans every waiting market). */
const PASS_EVERY_MS = 100;

export class Executor {
  readonly tracker = new OrderTracker();
  readonly stats = new ExecutorStats();
  readonly #observer = new QuoteObserver(
    (market) => this.#liveOrders(market),
    () => this.#o.clock.now(),
  );
  readonly twoSided = this.#observer.twoSided;
  readonly fidelity = this.#observer.fidelity;
  readonly #o: ExecutorOptions;
  readonly #wishes = new Map<string, Wish>();
  readonly #jobs = new Map<string, Promise<void>>();
  readonly #holdListeners: ((market: string, hold: PlaceHold) => void)[] = [];
  readonly #listings: OpenOrderSync;
  readonly #requests: OrderRequests;
  readonly #budget: WriteBudget | undefined;
  #passQueued = false;
  #passTimer: TimerHandle | undefined;
  #stopped = false;
  /** Aborted by stop(): requests in flight end at once (shutdown cancels everything after). */
  readonly #abort = new AbortController();

  constructor(options: ExecutorOptions) {
    this.#o = options;
    const now = (): number => options.clock.now();
    // Every request in flight listens on it (hundreds when many markets re-quote at once).
    setMaxListeners(0, this.#abort.signal);
    const prefix = `mk${options.clock.now().toString(36)}`;
    let n = 0;
    this.#requests = new OrderRequests({
      venue: options.venue,
      clock: options.clock,
      tracker: this.tracker,
      stats: this.stats,
      logger: options.logger,
      nextId: options.nextClientOrderId ?? (() => `${prefix}-${(++n).toString(36)}`),
      orderTtlSec: options.orderTtlSec ?? 0,
      cancelFailures: new FailureEpisode(options.logger, 'cancel', now),
      cancelMarketFailures: new FailureEpisode(options.logger, 'cancel-market', now),
      failed: (err) => this.#failed(err),
    });
    this.#listings = new OpenOrderSync({
      venue: options.venue,
      now,
      tracker: this.tracker,
      stats: this.stats,
      logger: options.logger,
      owns: options.owns,
      onForeignOrders: options.onForeignOrders,
    });
    const b = options.writeBudget;
    this.#budget = b === undefined ? undefined : new WriteBudget(b.settings, now());
    this.tracker.useClock(now);
    // The limiter hears the count when it changes (a post confirmed, a cancel marked, a market
    // touched leave it as it was: each call would run the limiter's admission loop for nothing).
    let openOrders = -1;
    this.tracker.onChange((market) => {
      const n = this.tracker.openCount();
      if (n !== openOrders) options.setOpenOrders((openOrders = n));
      const wish = this.#wishes.get(market);
      if (wish !== undefined) wish.work = undefined;
      this.#observer.soon(market);
    });
  }

  /** Hears every listing of the venue's open orders (all of the account's when `market` is undefined). */
  onListing(listener: (orders: readonly OpenOrder[], market: string | undefined) => void): void {
    this.#listings.onListing(listener);
  }

  /** Hears every market whose places were held after their cancels' answers (after-cancels.ts), and why. */
  onPlacesHeld(listener: (market: string, hold: PlaceHold) => void): void {
    this.#holdListeners.push(listener);
  }

  /** Wants exactly `wanted` resting in `market` (empty: cancel everything there). */
  submit(market: string, tick: Decimal, wanted: readonly OrderIntent[], context: WishContext = {}): void {
    if (this.#stopped) return;
    const trace = context.trace;
    this.#wishes.get(market)?.release();
    const release = trace?.hold() ?? NOTHING;
    this.#wishes.set(market, {
      tick,
      wanted,
      pull: context.pull ?? 'unwanted',
      overlap: context.overlap === true,
      additions: this.tracker.additions(market),
      fills: this.tracker.fills(market),
      unheardFit: context.unheardFit,
      trace,
      held: undefined,
      release,
      work: undefined,
      deferredCounted: false,
    });
    this.#observer.want(market, wanted, tick.mul(this.#o.settings.repriceTicks));
    this.#schedulePass();
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

  /** True while a job for the market is running, or a wish of it waits. */
  busy(market: string): boolean {
    return this.#jobs.has(market) || this.#wishes.has(market);
  }

  /** Resolves when every market job has finished and no pass is due (wishes may still wait for the budget). */
  async idle(): Promise<void> {
    while (this.#jobs.size > 0 || this.#passQueued) {
      if (this.#jobs.size > 0) await Promise.allSettled([...this.#jobs.values()]);
      else await Promise.resolve();
    }
  }

  /** Stops placing at once (synchronous): no new jobs, wishes dropped, every request aborted (queued, unsent or in flight). */
  halt(): void {
    this.#stopped = true;
    for (const w of this.#wishes.values()) w.release();
    this.#wishes.clear();
    if (this.#passTimer !== undefined) this.#o.clock.clearTimer(this.#passTimer);
    this.#passTimer = undefined;
    this.#abort.abort();
  }

  /** halt(), then waits for the jobs to end. */
  async stop(): Promise<void> {
    this.halt();
    await this.idle();
  }

  /** Markets whose last listing showed others' orders: the shutdown cancels ours there one by one. */
  get sharedMarkets(): ReadonlySet<string> {
    return this.#listings.shared;
  }

  /** True once halt() ran: wishes are ignored from then on. */
  get halted(): boolean {
    return this.#stopped;
  }

  /** Order posts handed to the venue client by this run (sent or aborted on the way). */
  get postsStarted(): number {
    return this.#requests.postsStarted;
  }

  isTwoSided(market: string): boolean {
    return twoSidedOf(this.tracker.liveOf(market));
  }

  /**
   * Aligns the tracker with GET /data/orders for `scope` (every page; orders of other markets,
   * e.g. another shard's, are left alone). Returns what changed; throws when the listing fails.
   * (open-order-sync.ts: what keeps a listing from losing an order or bringing one back.)
   */
  sync(scope: ReadonlySet<string>, market?: string, call: CallOptions = this.#call()): Promise<ReconcileResult> {
    return this.#listings.sync(scope, market, call);
  }

  /** An `order` event of the user stream. */
  applyOrderEvent(e: OpenOrder & { type: string }): void {
    // An event may overtake the reply to our own POST: find the order by client order id then.
    if (this.tracker.byId(e.id) === undefined && e.client_order_id !== '') this.tracker.bindVenueId(e.client_order_id, e.id);
    if (e.type === 'CANCELLATION') this.tracker.dropId(e.id);
    else if (e.type === 'UPDATE') this.tracker.setMatched(e.id, new Decimal(e.size_matched));
  }

  #schedulePass(): void {
    if (this.#passQueued) return;
    this.#passQueued = true;
    queueMicrotask(() => {
      this.#passQueued = false;
      this.#pass();
    });
  }

  /** Plans every market with a wish and no job within the posts affordable now, and starts their jobs. */
  #pass(): void {
    if (this.#stopped) return;
    const now = this.#o.clock.now();
    const works: MarketWork[] = [];
    for (const [market, wish] of this.#wishes) {
      if (this.#jobs.has(market)) {
        // Its earlier requests are unanswered: the wait is the venue's, not this tick's dispatch.
        if (wish.trace !== undefined) holdBack(wish, 'market_busy');
        continue;
      }
      if (this.tracker.hasUncertain(market)) this.#start(market, this.#settle(market, wish, now));
      else works.push((wish.work ??= this.#workOf(market, wish, now)));
    }
    if (works.length === 0) return;
    const room = this.#o.writeBudget?.room();
    const reserve = room?.reserve ?? 0;
    const allowance =
      this.#budget === undefined || room === undefined
        ? Number.POSITIVE_INFINITY
        : Math.min(this.#budget.available(now, reserve), room.posts);
    let waiting = false;
    for (const plan of planDispatch(works, allowance, this.#o.settings.cancelMarketFraction)) {
      const wish = this.#wishes.get(plan.market)!;
      const idle = plan.cancel.length === 0 && plan.place.length === 0;
      if (plan.deferred > 0) {
        waiting = true;
        if (!wish.deferredCounted) this.stats.count('deferred', plan.deferred, 'budget');
        // The tick's part is what goes now: the rest waits untraced (quote fidelity shows the wait).
        this.#wishes.set(plan.market, {
          ...wish,
          trace: undefined,
          held: wish.trace?.held('budget') ?? wish.held,
          release: NOTHING,
          deferredCounted: true,
          work: idle ? wish.work : undefined,
        });
      } else this.#wishes.delete(plan.market);
      if (idle) wish.release();
      else {
        this.#budget?.spend(plan.place.length, now, reserve);
        this.#start(plan.market, this.#execute(plan.market, wish, plan));
      }
    }
    if (waiting && this.#budget !== undefined && this.#passTimer === undefined) {
      const ms = Math.max(PASS_EVERY_MS, this.#budget.msUntil(1, now, reserve));
      this.#passTimer = this.#o.clock.setTimer(() => {
        this.#passTimer = undefined;
        this.#pass();
      }, ms);
    }
  }

  #start(market: string, job: Promise<void>): void {
    this.#jobs.set(
      market,
      job.finally(() => {
        this.#jobs.delete(market);
        // A newer wish came meanwhile, or the rest of this one waits.
        if (this.#wishes.has(market)) this.#schedulePass();
      }),
    );
  }

  #liveOrders(market: string): DiffOrder[] {
    const out: DiffOrder[] = [];
    for (const o of this.tracker.ordersOf(market))
      if (o.state === 'live') out.push({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: remaining(o) });
    return out;
  }

  #workOf(market: string, wish: Wish, nowMs: number): MarketWork {
    // Dead-man orders near their expiry are not kept: cancelled and placed afresh (a resize).
    const ttl = (this.#o.orderTtlSec ?? 0) > 0;
    const expiring = ttl ? new Set(this.tracker.liveOf(market).flatMap((o) => (this.#expiring(o, nowMs) ? [o.id] : []))) : NO_IDS;
    return marketWork(market, wish.wanted, this.#liveOrders(market), expiring, wish.tick, this.#o.settings);
  }

  /** A market with uncertain posts: a listing first; still uncertain, only its pulls go (nothing placed) and the wish ends. */
  async #settle(market: string, wish: Wish, nowMs: number): Promise<void> {
    try {
      await this.sync(new Set([market]), market, this.#call(wish.trace));
    } catch (err) {
      this.#failed(err);
      this.#o.logger?.warn({ market, err: (err as Error).message }, 'could not settle uncertain order posts; not placing in this market');
    }
    // Settled: the wish stays and the next pass plans it.
    if (!this.tracker.hasUncertain(market) || this.#wishes.get(market) !== wish) return;
    this.#wishes.delete(market);
    const [plan] = planDispatch([this.#workOf(market, wish, nowMs)], 0, this.#o.settings.cancelMarketFraction);
    await this.#execute(market, wish, plan!);
  }

  async #execute(market: string, wish: Wish, plan: MarketPlan): Promise<void> {
    try {
      const call = this.#call(wish.trace, wish.held);
      const live = plan.live;
      const cancelling = new Set(plan.cancel);
      const cancelled = live.filter((o) => cancelling.has(o.id));
      const reasons = classifyPass(cancelled, plan.place, wish.pull);
      const why = (id: string): CancelReason => reasons.cancel.get(id) ?? wish.pull;
      this.stats.count('kept', plan.kept);
      // Checked first: the record (a string per order) is built only when it will be written.
      if (this.#o.logger?.isLevelEnabled('debug') === true) {
        const place = plan.place.map((p) => `${p.side} ${p.tokenId.slice(-2)} ${p.price.toFixed()} x ${p.size.toFixed()}`);
        this.#o.logger.debug(
          { market, keep: plan.kept, cancel: plan.cancel.length, cancelMarket: plan.cancelMarket, place, deferred: plan.deferred },
          'executor decision',
        );
      }
      // The risk gate let every order the market has rest together with the wanted ones, and no
      // order came since: the replacements go with their cancels, one round trip instead of two.
      // (Not with a cancel by market: it would take the replacements too.)
      if (wish.overlap && !plan.cancelMarket && plan.cancel.length > 0 && this.tracker.additions(market) === wish.additions) {
        await Promise.all([
          ...plan.cancel.map((id) => this.#requests.cancelOne(id, why(id), call)),
          ...plan.place.map((intent, i) => this.#requests.place(intent, reasons.place[i] ?? 'new', call)),
        ]);
        // An order that could not be cancelled rests beside its replacement, within the limits: look again.
        if (plan.cancel.some((id) => this.tracker.byId(id) !== undefined)) this.tracker.touch(market);
        return;
      }
      // A cancel by market would also take the orders of whoever else trades this market.
      // (No await at all without cancels: the posts leave in the same turn as the plan.)
      if (plan.cancelMarket && !this.#listings.shared.has(market)) await this.#requests.cancelMarket(market, plan.cancel, why, call);
      else if (plan.cancel.length > 0) await Promise.all(plan.cancel.map((id) => this.#requests.cancelOne(id, why(id), call)));
      // Cancel before place: nothing goes when the cancels' answers changed what the gate judged.
      const hold = holdAfterCancels(this.tracker, market, wish, plan, cancelled);
      if (hold !== undefined) {
        this.#o.logger?.debug({ market, hold }, 'places held after their cancels; evaluating again');
        for (const l of this.#holdListeners) l(market, hold);
        this.tracker.touch(market);
        return;
      }
      if (this.#stopped) return;
      // Places that waited for their cancels' answers: held back, not this tick's dispatch.
      const placeCall =
        plan.cancel.length === 0 ? call : this.#call(undefined, wish.trace === undefined ? wish.held : wish.trace.held('cancel_first'));
      await Promise.all(plan.place.map((intent, i) => this.#requests.place(intent, reasons.place[i] ?? 'new', placeCall)));
    } catch (err) {
      this.#o.logger?.error({ market, err: (err as Error).message }, 'executor job failed');
    } finally {
      wish.release();
    }
  }

  #call(trace?: DispatchTrace, held?: () => void): CallOptions {
    const onSend = trace?.sent ?? held;
    return onSend === undefined ? { signal: this.#abort.signal } : { signal: this.#abort.signal, onSend };
  }

  #failed(err: unknown): void {
    const code = codeOf(err);
    if (code === ErrorCode.THROTTLED || code === ErrorCode.VENUE_RESTARTING) this.#o.onVenueFailure?.('throttle');
    else if (code !== ErrorCode.ABORTED) this.#o.onVenueFailure?.('error');
  }
}
