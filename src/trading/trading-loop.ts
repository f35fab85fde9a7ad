/**
 * The trading loop: market data in, orders out. For every selected market whose books changed
 * since its last evaluation (a new book hash) or whose account state changed (an order filled or
 * cancelled, a position moved), it builds the market's view, asks the market's strategy for the
 * quotes it wants, maps them onto token orders, lets the risk gate trim them, and hands the result
 * to the executor. Everything up to the executor's hand-off is synchronous.
 *
 * A market is not quoted (and its orders are pulled) when its metadata cannot be had; when a book
 * shows a tick size other than the cached one, the metadata is refreshed first and the market
 * waits for it, its orders left as they are.
 */
import type { MarketSnapshot } from '../market/poller.js';
import { compareDecimals, ONE } from '../money.js';
import { breachText } from '../risk/index.js';
import { toOrderIntents } from '../strategy/legs.js';
import type { Quote } from '../strategy/strategy.js';
import type { DispatchTrace } from '../execution/dispatch-trace.js';
import type { PullReason } from '../execution/order-reasons.js';
import { remaining } from '../execution/order-tracker.js';
import { type GuardEvent, type SideStatus, guardFillOf, quoteGuarded } from '../guard/index.js';
import type { Fill } from '../portfolio/fill.js';
import type { MarketBinding, TradingLoopOptions, TradingLoopStats } from './trading-loop-contract.js';
import { buildMarketView } from './view-builder.js';

export type {
  MarketBinding,
  MetadataSource,
  SkipReason,
  TradingLoopOptions,
  TradingLoopStats,
} from './trading-loop-contract.js';

export class TradingLoop {
  readonly #o: TradingLoopOptions;
  readonly #byMarket = new Map<string, MarketBinding>();
  readonly #lastHashes = new Map<string, string>();
  readonly #dirty = new Set<string>();
  readonly #noMeta = new Set<string>();
  readonly stats: TradingLoopStats = {
    evaluations: 0,
    skipped: { unchanged: 0, 'no-metadata': 0, 'tick-change': 0, 'strategy-error': 0, 'guard-error': 0 },
    idle: {},
    wanted: new Map(),
    approved: new Map(),
    guardActions: new Map(),
  };
  /** When a market's guards next change on their own (a cool-down ending): evaluate it then. */
  readonly #guardDueMs = new Map<string, number>();
  /** Markets whose orders the event worst-case limit trims or refuses (logged when that starts and ends). */
  readonly #eventBound = new Set<string>();

  constructor(options: TradingLoopOptions) {
    this.#o = options;
    for (const m of options.markets) {
      this.#byMarket.set(m.conditionId, m);
      this.#dirty.add(m.conditionId);
    }
  }

  get markets(): readonly MarketBinding[] {
    return [...this.#byMarket.values()];
  }

  binding(conditionId: string): MarketBinding | undefined {
    return this.#byMarket.get(conditionId);
  }

  /** A market joins at runtime (the selector's swap): evaluated at the next chance. */
  addMarket(m: MarketBinding): void {
    this.#byMarket.set(m.conditionId, m);
    this.#dirty.add(m.conditionId);
  }

  /** A market leaves at runtime: no longer evaluated (its orders are the caller's to cancel). */
  removeMarket(conditionId: string): void {
    this.#byMarket.delete(conditionId);
    this.#dirty.delete(conditionId);
    this.#lastHashes.delete(conditionId);
    this.#noMeta.delete(conditionId);
    this.#guardDueMs.delete(conditionId);
    this.#eventBound.delete(conditionId);
    this.#o.intensity?.remove(conditionId);
  }

  /** Our fills, for the guards (toxicity, bursts, trade-throughs); their markets are evaluated next. */
  onFills(fills: readonly Fill[]): void {
    this.#o.intensity?.onOwnFills(fills, this.#o.clock.now());
    for (const f of fills) {
      const m = this.#byMarket.get(f.conditionId);
      if (m === undefined) continue;
      m.guard?.onFill(guardFillOf(f.outcomeIndex, f.side, f.price, f.timestampMs));
      this.#dirty.add(f.conditionId);
    }
  }

  /** Which guard holds which side of a market, and until when (for /status). */
  guardStatus(conditionId: string): Record<'bid' | 'ask', SideStatus | undefined> | undefined {
    const g = this.#byMarket.get(conditionId)?.guard;
    return g === undefined || !g.settings.enabled ? undefined : g.status(this.#o.clock.now());
  }

  /** The account's state in this market changed: evaluate it at the next chance. */
  markDirty(conditionId: string): void {
    if (this.#byMarket.has(conditionId)) this.#dirty.add(conditionId);
  }

  /**
   * A poll: stores its books and midpoints, then evaluates every market. A token whose POST /books
   * failed as a whole keeps its last book: a failed read is not a stale book, and that book is
   * pulled by its own age once it is older than staleAfterMs (view-builder.ts). `trace`: the
   * tick-to-dispatch trace the requests this causes stamp (the caller opens and closes it).
   */
  onSnapshot(s: MarketSnapshot, trace?: DispatchTrace): void {
    for (const m of this.#byMarket.values()) {
      for (const t of m.tokens) {
        if (s.unusable.get(t) === 'error') continue;
        this.#o.books.setPolled(t, s.books.get(t), s.mids.get(t));
      }
    }
    this.evaluateAll(trace);
  }

  evaluateAll(trace?: DispatchTrace): void {
    for (const m of this.#byMarket.values()) this.evaluate(m.conditionId, trace);
  }

  /** Evaluates one market now (a stream event, a fill); returns whether the executor was asked. */
  evaluate(conditionId: string, trace?: DispatchTrace): boolean {
    const m = this.#byMarket.get(conditionId);
    if (m === undefined) return false;
    const { books, executor, metadata, logger } = this.#o;
    const nowMs = this.#o.clock.now();
    const meta = metadata.get(conditionId);
    if (meta === undefined && metadata.pendingTickChange?.(conditionId) === true) {
      this.stats.skipped['tick-change']++;
      return false;
    }
    if (meta === undefined) {
      this.stats.skipped['no-metadata']++;
      if (!this.#noMeta.has(conditionId)) {
        this.#noMeta.add(conditionId);
        logger?.warn({ market: conditionId }, 'no market metadata: not quoting this market');
      }
      // Not quoted: pull whatever rests there (the tick is irrelevant to an empty wish).
      if (this.#o.trade && executor.tracker.ordersOf(conditionId).length > 0)
        executor.submit(conditionId, ONE, [], { pull: 'unwanted', trace });
      return false;
    }
    if (this.#noMeta.delete(conditionId)) logger?.info({ market: conditionId }, 'market metadata available: quoting');
    const overlay = this.#o.bookOverlay;
    const s0 = books.get(m.tokens[0]);
    const s1 = books.get(m.tokens[1]);
    const o0 = s0 && overlay?.(s0);
    const o1 = s1 && overlay?.(s1);
    const stored = overlay === undefined ? ([s0, s1] as const) : ([o0?.stored, o1?.stored] as const);
    for (const s of stored) {
      if (s !== undefined && s.book.tickSize !== meta.tickSize && compareDecimals(s.book.tickSize, meta.tickSize) !== 0) {
        this.stats.skipped['tick-change']++;
        metadata.noteBookTick(conditionId, s.book.tickSize);
        return false;
      }
    }
    // Every order the market has may still rest (the risk gate counts them all); the strategy sees
    // those that stay: not the ones a cancel is on its way for.
    const tracked = executor.tracker.ordersOf(conditionId);
    const resting = tracked.map((o) => ({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: remaining(o) }));
    const overlap = this.#o.overlapReplacements === true;
    const liveOrders =
      overlap && tracked.some((o) => o.cancelling === true) ? resting.filter((_, i) => tracked[i]!.cancelling !== true) : resting;
    const own = overlay === undefined ? executor.tracker.footprints(conditionId, nowMs) : [...(o0?.own ?? []), ...(o1?.own ?? [])];
    const built = buildMarketView({
      meta,
      stored,
      positions: this.#o.positions(),
      doubt: this.#o.doubt?.(conditionId, meta.tokens),
      paid: this.#o.paid,
      liveOrders,
      own,
      nowMs,
      staleAfterMs: this.#o.staleAfterMs,
      stopBeforeEndMs: m.stopBeforeEndMs,
    });
    // Observed at every call (unchanged books too: the time they rest is what the fit divides by).
    const view = this.#o.intensity === undefined ? built : this.#o.intensity.observe(built);
    // Same books (by hash) and still usable, the same risk state, nothing changed on our side:
    // nothing to do. A book going stale, the kill switch, an error back-off or the market's stop
    // (the risk gate pulls it from then on) change the key too.
    const risk = this.#o.risk;
    const stopped = nowMs >= (view.stopAtMs ?? meta.endDateMs ?? Number.POSITIVE_INFINITY);
    const end = meta.venueClosed ?? meta.endDateProblem ?? (stopped ? 'stop' : '');
    const key = `${view.books[0]?.hash ?? '-'}|${view.books[1]?.hash ?? '-'}|${risk.stateOf(conditionId)}|${risk.inBackoff(nowMs)}|${end}`;
    const guardDue = (this.#guardDueMs.get(conditionId) ?? Number.POSITIVE_INFINITY) <= nowMs;
    if (!this.#dirty.has(conditionId) && !guardDue && this.#lastHashes.get(conditionId) === key) {
      this.stats.skipped.unchanged++;
      return false;
    }
    this.#dirty.delete(conditionId);
    this.#lastHashes.set(conditionId, key);
    this.#o.onEvaluate?.(conditionId);

    // Strategy and guards: a failure of either must not take the daemon down, nor leave stale quotes out.
    const out = quoteGuarded(view, m.strategy, m.params, m.state, m.guard, m.rewards);
    m.state = out.state;
    if (m.strategy.readsFlowIntensity === true) this.#o.intensity?.noteUse(conditionId, view.intensity);
    if (out.rewardsFailed !== undefined)
      logger?.error({ market: conditionId, err: errorText(out.rewardsFailed) }, 'reward-aware quoting failed; quoting without it');
    const quotes: readonly Quote[] = out.quotes;
    if (m.guard !== undefined) this.#guardDueMs.set(conditionId, m.guard.nextChangeMs(nowMs));
    this.#onGuardEvents(out.events);
    if (out.failed?.stage === 'strategy') {
      this.stats.skipped['strategy-error']++;
      logger?.error(
        { market: conditionId, strategy: m.strategy.name, err: errorText(out.failed.error) },
        'strategy failed; pulling quotes',
      );
    } else if (out.failed?.stage === 'guard') {
      this.stats.skipped['guard-error']++;
      this.#countGuard(conditionId, 'error', 'pull');
      logger?.error({ market: conditionId, err: errorText(out.failed.error) }, 'guard failed; pulling quotes');
    } else if (quotes.length === 0 && out.idleReason !== undefined)
      this.stats.idle[out.idleReason] = (this.stats.idle[out.idleReason] ?? 0) + 1;
    this.stats.evaluations++;
    const intents = toOrderIntents(view, quotes);
    const decision = this.#o.risk.evaluate(view, intents, nowMs, resting, overlap);
    // Checked first: the record is built only when it will be written.
    if (logger?.isLevelEnabled('debug') === true)
      logger.debug(
        {
          market: conditionId,
          mid: view.mid?.toFixed(),
          own: own.length,
          quotes: quotes.length,
          approved: decision.approved.length,
          state: decision.state,
        },
        'market evaluated',
      );
    this.#noteEventLimit(conditionId, decision.eventLimit);
    this.stats.wanted.set(conditionId, intents.length);
    this.stats.approved.set(conditionId, decision.approved.length);
    if (this.#o.trade)
      executor.submit(conditionId, meta.tickSize, decision.approved, {
        pull: pullReason(decision, view.books),
        trace,
        overlap: decision.overlap,
        // Only where fills can go unheard: live, positions read from the venue (in paper mode every
        // virtual fill is known as it happens, and a replay must place as the paper run did).
        unheardFit: this.#o.doubt === undefined ? undefined : decision.unheardFit,
      });
    // Our orders as the submit left them (placing counts, cancelling does not): the fit's own touches.
    if (this.#o.trade && this.#o.intensity !== undefined) {
      const ours = executor.tracker.ordersOf(conditionId).filter((o) => o.cancelling !== true);
      this.#o.intensity.ownOrders(
        conditionId,
        ours.map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price, remaining: remaining(o) })),
        nowMs,
      );
    }
    return this.#o.trade;
  }

  /** Logged when the event worst-case limit starts and stops trimming or refusing a market's orders, never per tick. */
  #noteEventLimit(conditionId: string, breach: Parameters<typeof breachText>[0] | undefined): void {
    if ((breach !== undefined) === this.#eventBound.has(conditionId)) return;
    if (breach === undefined) {
      this.#eventBound.delete(conditionId);
      this.#o.logger?.info({ market: conditionId }, 'event worst-case limit no longer trims orders');
      return;
    }
    this.#eventBound.add(conditionId);
    this.#o.logger?.warn(
      {
        market: conditionId,
        event: breach.event,
        loss: breach.loss.toFixed(),
        limit: breach.limit.toFixed(),
        ifYes: breach.yes ?? 'another outcome',
        reason: breachText(breach),
      },
      'event worst-case limit trims orders',
    );
  }

  /** Counted and logged when what a guard does to a side changes, never per tick. */
  #onGuardEvents(events: readonly GuardEvent[]): void {
    for (const e of events) {
      this.#countGuard(e.market, e.guard, e.action);
      this.#o.logger?.info(
        {
          market: e.market,
          side: e.side,
          guard: e.guard,
          action: e.action,
          ticks: e.ticks,
          until: e.untilMs > 0 ? new Date(e.untilMs).toISOString() : undefined,
        },
        e.action === 'release' ? 'guard released' : 'guard engaged',
      );
    }
  }

  #countGuard(market: string, guard: string, action: string): void {
    const key = `${market}|${guard}|${action}`;
    this.stats.guardActions.set(key, (this.stats.guardActions.get(key) ?? 0) + 1);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Why the orders of this evaluation that are not replaced go (makerd_orders_total's reason):
 * `stale` when the gate pulled the market for its books alone, `risk` when the gate pulled it
 * otherwise (kill switch, HALTED, back-off) or refused or trimmed anything, else `unwanted`.
 */
function pullReason(
  d: { readonly pulled: boolean; readonly refused: Readonly<Record<string, number | undefined>>; readonly trimmed: number },
  books: readonly [unknown, unknown],
): PullReason {
  if (d.pulled) {
    const refused = Object.keys(d.refused).filter((k) => (d.refused[k] ?? 0) > 0);
    if (refused.length > 0) return refused.every((r) => r === 'stale-book') ? 'stale' : 'risk';
    // Nothing wanted, so nothing refused: the books tell whether staleness alone pulled it.
    return books[0] === undefined || books[1] === undefined ? 'stale' : 'risk';
  }
  if (d.trimmed > 0) return 'risk';
  // A loop, not Object.values: once per market evaluation, and nothing refused is the rule.
  for (const k in d.refused) if ((d.refused[k] ?? 0) > 0) return 'risk';
  return 'unwanted';
}
