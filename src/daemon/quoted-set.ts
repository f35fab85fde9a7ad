/**
 * The set of markets being quoted, changed at runtime by the selector's swaps (market-swaps.ts).
 *
 * A market joins: its rules are read (the metadata cache, as at start), the open orders of ours
 * an earlier run may have left there are adopted (GET /data/orders for that market), it is added
 * to the daemon's scope, the trading loop (its strategy, parameters, guards and reward settings
 * resolved as at start), the book poller, the market stream and the user stream; the next poll
 * quotes it.
 *
 * A market leaves in two steps:
 * 1. reducing (only while it holds a position): the risk gate keeps it REDUCING (source
 *    `selector`): still polled and quoted, but only by orders that bring its net exposure toward
 *    zero, until the exposure is below the market's minimum order size (less cannot be sold by an
 *    order); what is left is then held.
 * 2. cancelling: it leaves the trading loop, the executor cancels its orders, and
 *    lifecycle/cancel-and-verify.ts lists GET /data/orders until none of ours rests there (any
 *    left is cancelled again); the executor then syncs that market, so its tracker agrees with
 *    the listing. An order whose cancel fails stays tracked and is cancelled again at the next
 *    step. Only then is the market released: no longer polled, streamed, tracked for rules, or in
 *    the daemon's scope.
 * A market picked again while it leaves simply goes back to quoting. A market leaving for its end
 * (`end`, market-ends.ts) skips the reducing step and is never taken back: its position is held
 * through resolution.
 *
 * Positions left in a released market stay in the portfolio and its PnL (the journal has them),
 * marked at the last midpoint read.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { type CancelVenue, cancelAndVerify } from '../lifecycle/cancel-and-verify.js';
import type { SelectedMarket } from '../market/market-selection.js';
import { netExposure } from '../market/market-view.js';
import { type Decimal, ONE, ZERO } from '../money.js';
import type { MarketBinding } from '../trading/trading-loop.js';

export type QuotedState = 'quoted' | 'reducing' | 'cancelling';

/** The parts a swap changes: each a narrow view of the running daemon's. */
export interface QuotedSetParts {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly loop: {
    addMarket(m: MarketBinding): void;
    removeMarket(id: string): void;
    binding(id: string): MarketBinding | undefined;
    markDirty(id: string): void;
  };
  readonly poller: { setTokens(tokens: readonly string[]): void };
  readonly books: { forget(tokens: readonly string[]): void };
  readonly streams: {
    readonly market?: { setTokens(t: readonly string[]): void };
    readonly user?: { setMarkets(ids: readonly string[]): void };
  };
  readonly metadata: {
    track(ids: readonly string[]): void;
    markets(): string[];
    refresh(id: string): Promise<unknown>;
    get(id: string): { readonly tickSize: Decimal; readonly minOrderSize: Decimal } | undefined;
  };
  readonly risk: { setOverride(market: string, source: string, state: 'REDUCING' | undefined): void; forgetMarket(market: string): void };
  readonly executor: {
    submit(market: string, tick: Decimal, wanted: readonly never[], context: { pull: 'unwanted' }): void;
    busy(market: string): boolean;
    sync(scope: ReadonlySet<string>, market?: string): Promise<unknown>;
    readonly sharedMarkets: ReadonlySet<string>;
    readonly tracker: { ordersOf(market: string): readonly unknown[] };
  };
  /** Cancels and lists for the verification (the venue client: every request through the limiter). */
  readonly venue: CancelVenue;
  readonly owns: (clientOrderId: string) => boolean;
  /** The account's shares per token. */
  readonly positions: () => ReadonlyMap<string, Decimal>;
  /** The daemon's scope, changed in place (order sync, the user stream and shutdown read it). */
  readonly scope: Set<string>;
  /** What /status, the metrics and the reward estimates show: set on every change. */
  readonly setWatched: (markets: readonly SelectedMarket[]) => void;
  /** The strategy binding of a joining market, resolved as at start (throws CONFIG). */
  readonly bind: (m: SelectedMarket) => MarketBinding;
  /** False in monitor mode (nothing to cancel or adopt) and without credentials. */
  readonly trade: boolean;
  /** Each verification's time budget (ms). */
  readonly verifyDeadlineMs: number;
  readonly signal: AbortSignal;
  /**
   * With record.dir: the recording follows the set (its stream tokens) and gets each step where it
   * is taken, so a replay of the run quotes, reduces and cancels where the run did.
   */
  readonly record?: {
    quotedSet(markets: readonly string[]): void;
    swap(market: string, to: 'join' | 'reducing' | 'cancelling' | 'released'): void;
    setTokens(tokens: readonly string[]): void;
  };
}

interface Entry {
  readonly market: SelectedMarket;
  state: QuotedState;
  /** When it joined (or rejoined) the quoted set. */
  sinceMs: number;
  /** When it started leaving. */
  leavingSinceMs?: number | undefined;
  /** Empty wishes sent since the last verification. */
  cancels: number;
  /** A verification is in flight. */
  verifying: boolean;
  /** The last failed verification was logged (once per leaving). */
  warned: boolean;
  /** Leaving for its end (`end`): never taken back. */
  ending?: boolean | undefined;
}

export interface LeavingStatus {
  readonly market: string;
  readonly state: Exclude<QuotedState, 'quoted'>;
  readonly sinceMs: number;
}

/** Cancels sent through the executor before the listing is asked to clear what is left. */
const CANCELS_BEFORE_VERIFY = 2;

export class QuotedSet {
  readonly #p: QuotedSetParts;
  readonly #entries = new Map<string, Entry>();
  /** Every market watched, in selection order: the live array the SIGHUP reload re-binds. */
  readonly selected: SelectedMarket[] = [];
  #timer: TimerHandle | undefined;
  #closed = false;

  constructor(parts: QuotedSetParts, initial: readonly SelectedMarket[]) {
    this.#p = parts;
    const now = parts.clock.now();
    for (const m of initial) this.#add(m, now);
    parts.record?.quotedSet(initial.map((m) => m.conditionId));
  }

  /** The markets quoted (not leaving), with when they joined. */
  quoted(): { readonly market: SelectedMarket; readonly sinceMs: number }[] {
    return [...this.#entries.values()].filter((e) => e.state === 'quoted').map((e) => ({ market: e.market, sinceMs: e.sinceMs }));
  }

  leaving(): LeavingStatus[] {
    return [...this.#entries.values()]
      .filter((e) => e.state !== 'quoted')
      .map((e) => ({ market: e.market.conditionId, state: e.state as LeavingStatus['state'], sinceMs: e.leavingSinceMs ?? e.sinceMs }));
  }

  stateOf(conditionId: string): QuotedState | undefined {
    return this.#entries.get(conditionId)?.state;
  }

  /** Starts quoting a market (or takes back one that was leaving); resolves once it is bound. */
  async join(m: SelectedMarket): Promise<void> {
    const p = this.#p;
    const id = m.conditionId;
    const now = p.clock.now();
    const known = this.#entries.get(id);
    if (known !== undefined) {
      if (known.state === 'quoted') return;
      if (known.ending === true) throw new Error(`market ${id} is leaving for its end; it cannot be taken back`);
      p.risk.setOverride(id, 'selector', undefined);
      if (p.loop.binding(id) === undefined) p.loop.addMarket(p.bind(known.market));
      Object.assign(known, { state: 'quoted', sinceMs: now, leavingSinceMs: undefined, cancels: 0, warned: false });
      p.record?.swap(id, 'join');
      p.loop.markDirty(id);
      p.logger.info({ market: id }, 'selector: market taken back while leaving');
      return;
    }
    const binding = p.bind(m);
    p.metadata.track([...p.metadata.markets(), id]);
    await p.metadata.refresh(id);
    if (p.trade) {
      // Orders an earlier run left here: adopted, then kept or cancelled by the first evaluation.
      await p.executor.sync(new Set([id]), id).catch((err: unknown) => {
        p.logger.warn(
          { market: id, err: (err as Error).message },
          'selector: open orders of a joining market not listed (the periodic sync will)',
        );
      });
    }
    this.#add(m, p.clock.now());
    p.loop.addMarket(binding);
    p.record?.swap(id, 'join');
    this.#watch();
  }

  /** Starts a market's leaving (see the header); its orders are cancelled by the steps that follow. */
  leave(conditionId: string): void {
    const e = this.#entries.get(conditionId);
    if (e === undefined || e.state !== 'quoted') return;
    e.leavingSinceMs = this.#p.clock.now();
    if (this.#holding(e)) {
      e.state = 'reducing';
      this.#p.record?.swap(conditionId, 'reducing');
      this.#p.risk.setOverride(conditionId, 'selector', 'REDUCING');
      this.#p.loop.markDirty(conditionId);
    } else this.#cancel(e);
    this.#arm();
  }

  /**
   * A market leaves for its end (market-ends.ts): straight to cancelling, whatever it holds (no
   * order may rest there any more; what it holds is kept through resolution), from quoting or
   * from reducing. One already cancelling goes on as it was.
   */
  end(conditionId: string): void {
    const e = this.#entries.get(conditionId);
    if (e === undefined) return;
    e.ending = true;
    if (e.state === 'cancelling') return;
    e.leavingSinceMs ??= this.#p.clock.now();
    this.#cancel(e);
    this.#arm();
  }

  /** One pass over the leaving markets (public for tests: the timer calls it). */
  async step(): Promise<void> {
    const work: Promise<void>[] = [];
    for (const e of this.#entries.values()) {
      if (e.state === 'reducing' && !this.#holding(e)) {
        this.#p.logger.info({ market: e.market.conditionId }, 'selector: leaving market flat; cancelling its orders');
        this.#cancel(e);
      } else if (e.state === 'cancelling' && !e.verifying) work.push(this.#drain(e));
    }
    await Promise.all(work);
  }

  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) this.#p.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  #add(m: SelectedMarket, now: number): void {
    this.#entries.set(m.conditionId, { market: m, state: 'quoted', sinceMs: now, cancels: 0, verifying: false, warned: false });
    this.selected.push(m);
    this.#p.scope.add(m.conditionId);
  }

  /** Whether the market still holds what an order can reduce. */
  #holding(e: Entry): boolean {
    const positions = this.#p.positions();
    const [t0, t1] = e.market.tokens;
    const net = netExposure({ outcome0: positions.get(t0) ?? ZERO, outcome1: positions.get(t1) ?? ZERO }).abs();
    const min = this.#p.metadata.get(e.market.conditionId)?.minOrderSize ?? ZERO;
    return net.gt(ZERO) && net.gte(min);
  }

  #cancel(e: Entry): void {
    const p = this.#p;
    const id = e.market.conditionId;
    e.state = 'cancelling';
    p.record?.swap(id, 'cancelling');
    p.risk.setOverride(id, 'selector', undefined);
    p.loop.removeMarket(id);
    this.#submitEmpty(e);
  }

  #submitEmpty(e: Entry): void {
    const p = this.#p;
    if (!p.trade) return;
    e.cancels++;
    p.executor.submit(e.market.conditionId, p.metadata.get(e.market.conditionId)?.tickSize ?? ONE, [], { pull: 'unwanted' });
  }

  async #drain(e: Entry): Promise<void> {
    const p = this.#p;
    const id = e.market.conditionId;
    if (p.executor.busy(id)) return;
    if (p.trade && p.executor.tracker.ordersOf(id).length > 0 && e.cancels < CANCELS_BEFORE_VERIFY) {
      this.#submitEmpty(e);
      return;
    }
    e.verifying = true;
    try {
      const verified = !p.trade || (await this.#verify(id));
      if (e.state !== 'cancelling') return;
      if (verified && (!p.trade || p.executor.tracker.ordersOf(id).length === 0)) this.#release(e);
      else {
        e.cancels = 0;
        if (!e.warned)
          p.logger.warn(
            { market: id, tracked: p.executor.tracker.ordersOf(id).length },
            'selector: orders of a leaving market not cleared yet; trying again',
          );
        e.warned = true;
      }
    } finally {
      e.verifying = false;
    }
  }

  /** cancel-and-verify on the one market, then the executor's tracker aligned with the listing. */
  async #verify(id: string): Promise<boolean> {
    const p = this.#p;
    const shared = p.executor.sharedMarkets.has(id);
    const tracked = p.executor.tracker.ordersOf(id).length > 0;
    const r = await cancelAndVerify({
      venue: p.venue,
      clock: p.clock,
      markets: new Set([id]),
      cancelFirst: tracked && !shared ? [id] : [],
      deadlineMs: p.clock.now() + p.verifyDeadlineMs,
      logger: p.logger,
      signal: p.signal,
      owns: p.owns,
    });
    try {
      await p.executor.sync(new Set([id]), id);
    } catch (err) {
      p.logger.warn({ market: id, err: (err as Error).message }, 'selector: open-order sync of a leaving market failed');
      return false;
    }
    return r.verified;
  }

  #release(e: Entry): void {
    const p = this.#p;
    const id = e.market.conditionId;
    this.#entries.delete(id);
    const i = this.selected.findIndex((m) => m.conditionId === id);
    if (i >= 0) this.selected.splice(i, 1);
    p.scope.delete(id);
    p.risk.forgetMarket(id);
    p.metadata.track(p.metadata.markets().filter((m) => m !== id));
    p.books.forget(e.market.tokens);
    p.record?.swap(id, 'released');
    this.#watch();
    p.logger.info(
      { market: id, leftSec: Math.round((p.clock.now() - (e.leavingSinceMs ?? 0)) / 1000) },
      'selector: market released: orders cancelled and verified',
    );
  }

  /** Every watched market to the poller, the streams and the views. */
  #watch(): void {
    const p = this.#p;
    const markets = [...this.#entries.values()].map((e) => e.market);
    const tokens = markets.flatMap((m) => [...m.tokens]);
    p.poller.setTokens(tokens);
    p.record?.setTokens(tokens);
    p.streams.market?.setTokens(tokens);
    p.streams.user?.setMarkets(markets.map((m) => m.conditionId));
    p.setWatched(markets);
  }

  /** Steps every second while a market is leaving. */
  #arm(): void {
    if (this.#timer !== undefined || this.#closed || this.#p.signal.aborted) return;
    this.#timer = this.#p.clock.setTimer(() => {
      this.#timer = undefined;
      void this.step().finally(() => {
        if ([...this.#entries.values()].some((e) => e.state !== 'quoted')) this.#arm();
      });
    }, 1_000);
  }
}
