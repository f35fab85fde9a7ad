/**
 * The risk gate: between the strategy and the executor, it decides which of a market's wanted
 * orders may rest, trims the ones that are too large and refuses the rest, counting every refusal
 * by reason. Pure and synchronous: state in, decision out, time passed in, no I/O and no timers.
 * The kill-switch file is read by kill-switch.ts; logging and metrics listen from outside.
 *
 * States. A market's effective state is the worst of: the overall configured state ('*'), its own
 * configured state, every override set on '*' or on it (the seam for the portfolio's loss and
 * drawdown limits and for reconciliation), HALTED while the kill switch is engaged, and REDUCING
 * while its position or net exposure is beyond a limit (automatic; it returns to the rest once the
 * position is back within the limits). The overall state is the same without the per-market parts.
 *
 * One evaluation (`evaluate`), in this order:
 *  1. The market's position is remembered and its automatic REDUCING state updated.
 *  2. Pull: kill switch, then HALTED, then an error back-off, then the market's end (closed by the
 *     venue, an end date not known, or the time past its stop: view.stopAtMs), then a missing or
 *     stale book (either outcome's). The first that applies refuses every intent under its reason;
 *     `pulled` tells the executor to cancel everything in the market.
 *  3. Otherwise (intent-checks.ts) the intents are processed closest to the touch first: by distance in outcome-0
 *     price from the market's midpoint (view.mid, else the outcome-0 book's, else 1 - the
 *     outcome-1 book's, else 0.5), bids below and asks above it; ties keep the strategy's order.
 *     Each intent goes through, in order: price range and tick, size grid, post-only (moved one
 *     tick off the opposite best or refused), minimum size, maximum order size (trim), REDUCING
 *     direction and room (trim), position per token (trim), net exposure worst case (trim), the
 *     neg-risk event's worst-case loss with the other markets of the event (trim; event-limit.ts),
 *     orders per market, open orders over all markets, gross notional over all markets. Each
 *     check sees the sizes already approved before it in this order. Limits that trim cut the size
 *     down to what fits on the size grid and refuse the order under their own reason when that is
 *     below the minimum size; the count and notional limits drop whole orders, so the farthest
 *     from the touch go first (after the first order refused for gross notional, every farther
 *     one is refused too).
 *  4. The approved orders are returned in the strategy's order; their count, notional and worst
 *     case are remembered as the market's share of the global limits, and with its holding as its
 *     part of its neg-risk event's worst case.
 *  5. Given the orders the market has now (`resting`), whether those and the approved ones may rest
 *     together within the limits (overlap.ts): then the executor may post replacements before the
 *     cancels of the orders they replace are answered, and the market's share is the union's.
 *     Otherwise the executor cancels before it places, and until the cancels are answered the
 *     market still holds what it had: its share is the larger of the two, limit by limit (when
 *     pulled, what it has), so that no other market is approved against room those orders may
 *     still fill into. The next evaluation after the answers (the tracker marks the market)
 *     gives the room back.
 */
import { type Decimal, ZERO } from '../money.js';
import type { LiveOrderView, MarketPosition, MarketView } from '../market/market-view.js';
import type { OrderIntent } from '../strategy/strategy.js';
import { accountLimits, type AccountView } from './account-scope.js';
import { limitBreach } from './limit-breach.js';
import { difference, largerShare, type MarketShare, NO_SHARE, NOTHING_HELD, sameShare, shareOf } from './market-share.js';
import { EventBook, type EventRoom, eventKeyOf, eventLimitOf } from './event-limit.js';
import { checkIntents } from './intent-checks.js';
import { overlapShare, restingShare, unionOrders } from './overlap.js';
import { doubtfulLimits, unheardFillsFit } from './position-doubt.js';
import type { RiskDecision, RiskSnapshot, StateChangeListener } from './risk-decision.js';
import { emptyRefusals, type RefusalReason } from './refusal-reasons.js';
import type { RiskLimits } from './risk-limits.js';
import { type TradingState, worseState } from './trading-state.js';
import { ErrorBackoff } from './error-backoff.js';
import { endPull } from './end-pull.js';

/** The key that addresses every market at once. */
export const ALL_MARKETS = '*';

export type { RiskDecision, RiskSnapshot, StateChangeListener } from './risk-decision.js';

export { limitBreach } from './limit-breach.js';

export class RiskGate {
  #limits: RiskLimits;
  readonly #configured = new Map<string, TradingState>();
  readonly #overrides = new Map<string, Map<string, TradingState>>();
  #killSwitch = false;
  #killSwitchSource: string | undefined;
  /** Markets over their limits, with the reason (REDUCING by themselves). */
  readonly #breaches = new Map<string, string>();
  readonly #positions = new Map<string, MarketPosition>();
  /** Every market seen or addressed, with the effective state last reported to listeners. */
  readonly #reported = new Map<string, TradingState>();
  #overallReported: TradingState = 'ACTIVE';
  readonly #shares = new Map<string, MarketShare>();
  #restingOrders = 0;
  #restingNotional = ZERO;
  /** The markets' worst cases, kept only while an account view is set (risk.scope account). */
  #worstExposure = ZERO;
  /** Each neg-risk event's markets, their parts in its worst case (risk.perEvent). */
  readonly #events = new EventBook();
  /** The rest of the account (risk.scope account); undefined: limits are this daemon's own. */
  #account: AccountView | undefined;
  readonly #backoff = new ErrorBackoff();
  readonly #refusals = emptyRefusals();
  readonly #listeners: StateChangeListener[] = [];

  constructor(limits: RiskLimits) {
    this.#limits = limits;
  }

  get limits(): RiskLimits {
    return this.#limits;
  }

  /**
   * risk.scope account: what the rest of the account holds (from the venue), so that this shard's
   * exposure, notional and open orders stay inside its budget of the account's limits (see
   * account-scope.ts). Undefined: the limits are this daemon's own (risk.scope daemon).
   */
  setAccountView(view: AccountView | undefined): void {
    // The markets' worst cases are totalled only under risk.scope account: from scratch when it starts.
    if (view !== undefined && this.#account === undefined) this.#worstExposure = this.#totalWorst();
    this.#account = view;
  }

  #totalWorst(): Decimal {
    let total = ZERO;
    for (const share of this.#shares.values()) total = total.plus(share.worst);
    return total;
  }

  /** Replaces the limits (SIGHUP reload). Automatic REDUCING states are re-judged at once. */
  setLimits(limits: RiskLimits): void {
    this.#limits = limits;
    for (const [market, position] of this.#positions) this.#judgeBreach(market, position);
    this.#refresh((market) => {
      const breach = market === ALL_MARKETS ? undefined : this.#breaches.get(market);
      return breach === undefined ? 'limits reloaded' : `limits reloaded: ${breach}`;
    });
  }

  /** The operator's state for one market, or for every market with '*'; undefined clears it. */
  setConfiguredState(market: string, state: TradingState | undefined): void {
    this.#know(market);
    if (state === undefined) this.#configured.delete(market);
    else this.#configured.set(market, state);
    const scope = market === ALL_MARKETS ? ' for every market' : '';
    this.#refresh(state === undefined ? `configured state cleared${scope}` : `configured ${state}${scope}`);
  }

  /**
   * The seam for other engines: `source` (e.g. 'portfolio.dailyLoss', 'portfolio.drawdown',
   * 'reconciliation') asks for at least `state` in one market or in every market ('*');
   * undefined withdraws its request. Sources never loosen each other: the worst one applies.
   */
  setOverride(market: string, source: string, state: TradingState | undefined): void {
    this.#know(market);
    let bySource = this.#overrides.get(market);
    if (state === undefined) {
      bySource?.delete(source);
      if (bySource?.size === 0) this.#overrides.delete(market);
    } else {
      if (bySource === undefined) this.#overrides.set(market, (bySource = new Map()));
      bySource.set(source, state);
    }
    this.#refresh(state === undefined ? `${source} cleared` : `${source}: ${state}`);
  }

  /** Engages (HALTED everywhere) or releases the kill switch; `source` names what did it. */
  setKillSwitch(engaged: boolean, source: string): void {
    this.#killSwitch = engaged;
    this.#killSwitchSource = source;
    this.#refresh(engaged ? `kill switch engaged (${source})` : `kill switch released (${source})`);
  }

  /**
   * Reports a venue error or throttle. When `errorBurst.count` of them fall within
   * `errorBurst.windowMs` (a failure at t counts until t + windowMs inclusive), every market's
   * quotes are pulled until nowMs + backoffMs and the count starts again from zero. Returns the
   * end of the back-off when this failure started or extended one, else undefined.
   */
  recordVenueFailure(kind: 'error' | 'throttle', nowMs: number): number | undefined {
    return this.#backoff.record(kind, nowMs, this.#limits.errorBurst);
  }

  /** True while an error back-off pulls every market's quotes (it ends at backoffUntilMs exactly). */
  inBackoff(nowMs: number): boolean {
    return this.#backoff.active(nowMs);
  }

  onStateChange(listener: StateChangeListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  #haltedBy(): string[] {
    const by = [...(this.#overrides.get(ALL_MARKETS) ?? [])].filter(([, state]) => state === 'HALTED').map(([source]) => source);
    return this.#configured.get(ALL_MARKETS) === 'HALTED' ? ['risk.state', ...by] : by;
  }

  /** The state every market is in at least: configured '*', overrides on '*', the kill switch. */
  overallState(): TradingState {
    const state = worseState(this.#killSwitch ? 'HALTED' : 'ACTIVE', this.#configured.get(ALL_MARKETS));
    return this.#withOverrides(state, ALL_MARKETS);
  }

  /** A market's effective state (the back-off and stale books pull quotes without a state). */
  stateOf(market: string): TradingState {
    let state = worseState(this.overallState(), this.#configured.get(market));
    if (this.#breaches.has(market)) state = worseState(state, 'REDUCING');
    return this.#withOverrides(state, market);
  }

  /** The worst of `state` and every source's override on `market` (a loop, no array: it runs on every evaluation). */
  #withOverrides(state: TradingState, market: string): TradingState {
    const bySource = this.#overrides.get(market);
    if (bySource !== undefined) for (const s of bySource.values()) state = worseState(state, s);
    return state;
  }

  /** Stops counting a market no longer quoted (its orders leave the global limits). */
  forgetMarket(market: string): void {
    this.#setShare(market, NO_SHARE);
    this.#shares.delete(market);
    this.#events.forget(market);
    this.#positions.delete(market);
    this.#breaches.delete(market);
    this.#reported.delete(market);
  }

  snapshot(nowMs?: number): RiskSnapshot {
    const markets: Record<string, TradingState> = {};
    for (const market of this.#reported.keys()) markets[market] = this.stateOf(market);
    return {
      overall: this.overallState(),
      killSwitch: this.#killSwitch,
      killSwitchSource: this.#killSwitchSource,
      haltedBy: this.#haltedBy(),
      backoffUntilMs: this.#backoff.untilMs(nowMs),
      markets,
      refusals: { ...this.#refusals },
      failures: { ...this.#backoff.counts },
      restingOrders: this.#restingOrders,
      restingNotional: this.#restingNotional,
      events: this.#events.snapshot(),
      eventLossLimit: eventLimitOf(this.#limits),
    };
  }

  /** Decides which of a market's intents may rest (see the header for the order of the checks). */
  evaluate(
    view: MarketView,
    intents: readonly OrderIntent[],
    nowMs: number,
    resting?: readonly LiveOrderView[],
    overlap = resting !== undefined,
  ): RiskDecision {
    const market = view.meta.conditionId;
    for (const intent of intents) {
      if (intent.conditionId !== market || !view.meta.tokens.includes(intent.tokenId)) {
        throw new RangeError(`risk gate: intent for ${intent.conditionId} token ${intent.tokenId} handed in with market ${market}`);
      }
    }
    this.#know(market);
    this.#positions.set(market, view.position);
    const breach = this.#judgeBreach(market, view.position);
    // Only this market's breach can have changed: report it alone (O(1) per evaluation).
    const state = this.stateOf(market);
    const before = this.#reported.get(market)!;
    if (state !== before) {
      this.#reported.set(market, state);
      this.#emit([[market, before, state, breach ?? 'position and net exposure back within limits']]);
    }
    const pull = this.#pullReason(view, state, nowMs);
    const doubt = view.doubt;
    const event = eventKeyOf(view.meta);
    // Orders the market has may still fill until their cancels are answered: its share counts them.
    if (pull !== undefined) {
      const held = resting === undefined ? NOTHING_HELD : restingShare(view.meta.tokens, resting);
      this.#setShare(market, shareOf(view, held.count, held, doubt));
      if (event !== undefined) this.#events.settle(view, event, [], resting, undefined);
      const refused: Partial<Record<RefusalReason, number>> = {};
      if (intents.length > 0) {
        refused[pull] = intents.length;
        this.#refusals[pull] += intents.length;
      }
      return { approved: [], state, refused, pulled: true, trimmed: 0, moved: 0, overlap: false };
    }

    const own = this.#shares.get(market) ?? NO_SHARE;
    const account = this.#account;
    const limits = account === undefined ? this.#limits : accountLimits(this.#limits, account, this.#worstExposure.minus(own.worst));
    const eventLimit = event === undefined ? undefined : eventLimitOf(this.#limits);
    let room: EventRoom | undefined;
    const options = {
      // Checked so that the worst case holds whichever way the doubt resolves.
      limits: doubt === undefined ? limits : doubtfulLimits(limits, doubt),
      reducing: state === 'REDUCING',
      otherOrders: this.#restingOrders - own.count,
      otherNotional: difference(this.#restingNotional, own.notional),
      eventRoom: event === undefined || eventLimit === undefined ? undefined : () => (room = this.#events.room(view, event, eventLimit)),
    };
    const result = checkIntents(view, intents, options);
    // The union rests whole for a while: with risk.perEvent it must fit the event too.
    const unionList = overlap && resting !== undefined && eventLimit !== undefined ? unionOrders(result.approved, resting) : undefined;
    const union =
      overlap && resting !== undefined && (unionList === undefined || this.#events.fits(view, event!, unionList, eventLimit!))
        ? overlapShare({ ...options, view, approved: result.approved, resting })
        : undefined;
    const approved = union === undefined ? shareOf(view, result.approved.length, result, doubt) : shareOf(view, union.count, union, doubt);
    // Without the overlap the market cancels before it places: it rests what it has, then what was approved.
    this.#setShare(
      market,
      union !== undefined || resting === undefined ? approved : largerShare(approved, this.#restingShareOf(view, resting, doubt)),
    );
    if (event !== undefined)
      this.#events.settle(view, event, result.approved, resting, union && (unionList ?? unionOrders(result.approved, resting!)));
    // for-in: no entries array on every evaluation (most refuse nothing).
    for (const reason in result.refused) this.#refusals[reason as RefusalReason] += result.refused[reason as RefusalReason]!;
    const fits = result.approved.length === 0 ? undefined : unheardFillsFit(view, limits, result);
    return {
      approved: result.approved,
      state,
      refused: result.refused,
      pulled: false,
      trimmed: result.trimmed,
      moved: result.moved,
      overlap: union !== undefined,
      unheardFit:
        fits === undefined || event === undefined || eventLimit === undefined
          ? fits
          : (orders) => fits(orders) && this.#events.unheardFit(view, event, result.approved, orders, eventLimit),
      eventLimit: (room as EventRoom | undefined)?.breach(),
    };
  }

  #pullReason(view: MarketView, state: TradingState, nowMs: number): RefusalReason | undefined {
    if (this.#killSwitch) return 'kill-switch';
    if (state === 'HALTED') return 'halted';
    if (this.inBackoff(nowMs)) return 'error-backoff';
    const ending = endPull(view, nowMs);
    if (ending !== undefined) return ending;
    if (view.books[0] === undefined || view.books[1] === undefined) return 'stale-book';
    return undefined;
  }

  /** Updates the market's automatic REDUCING state; returns the reason when it is over a limit. */
  #judgeBreach(market: string, position: MarketPosition): string | undefined {
    const breach = limitBreach(position, this.#limits);
    if (breach === undefined) this.#breaches.delete(market);
    else this.#breaches.set(market, breach);
    return breach;
  }

  /** Starts reporting a market, from its current state (so call it before changing anything). */
  #know(market: string): void {
    if (market !== ALL_MARKETS && !this.#reported.has(market)) this.#reported.set(market, this.stateOf(market));
  }

  /** The share of the orders a market has now (what it holds while its cancels are unanswered). */
  #restingShareOf(view: MarketView, resting: readonly LiveOrderView[], doubt: MarketView['doubt']): MarketShare {
    const held = restingShare(view.meta.tokens, resting);
    return shareOf(view, held.count, held, doubt);
  }

  #setShare(market: string, share: MarketShare): void {
    const old = this.#shares.get(market) ?? NO_SHARE;
    // Most evaluations approve what the last one did: the totals stay as they are, without their
    // Decimal sums (x + a - a is x exactly: every total is far inside the constructor's precision).
    if (sameShare(old, share)) return;
    this.#restingOrders += share.count - old.count;
    this.#restingNotional = this.#restingNotional.plus(share.notional).minus(old.notional);
    if (this.#account !== undefined) this.#worstExposure = this.#worstExposure.plus(share.worst).minus(old.worst);
    this.#shares.set(market, share);
  }

  /**
   * Reports every change of the overall state and of each known market's effective state since
   * the last report, with `reason` (text, or a function of the market). Listeners run after the
   * gate's state is complete, '*' first, then markets in the order the gate met them.
   */
  #refresh(reason: string | ((market: string) => string)): void {
    const why = (market: string): string => (typeof reason === 'string' ? reason : reason(market));
    const events: [string, TradingState, TradingState, string][] = [];
    const overall = this.overallState();
    if (overall !== this.#overallReported) {
      events.push([ALL_MARKETS, this.#overallReported, overall, why(ALL_MARKETS)]);
      this.#overallReported = overall;
    }
    for (const [market, before] of this.#reported) {
      const now = this.stateOf(market);
      if (now === before) continue;
      events.push([market, before, now, why(market)]);
      this.#reported.set(market, now);
    }
    this.#emit(events);
  }

  #emit(events: readonly (readonly [string, TradingState, TradingState, string])[]): void {
    for (const [market, from, to, why] of events) for (const listener of [...this.#listeners]) listener(market, from, to, why);
  }
}
