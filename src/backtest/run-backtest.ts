/**
 * One backtest run: one strategy, one seed, the simulator's in-process core on a virtual clock.
 *
 * World (run-world.ts): the synthetic catalog of `markets` markets from the seed (fees as set), the simulator's
 * matching exchange, and the synthetic order flow (src/sim/flow) from the same seed, stepped every
 * `flow.stepMs` of virtual time. No HTTP, no timers: a loop moves the FakeClock.
 *
 * The account trades as the daemon does (src/trading/trading-loop.ts), on the same parts:
 * - every poll interval each market whose books changed (or whose account state changed) is
 *   evaluated: its books are read from the exchange as the view the venue client's check makes of
 *   a snapshot (validateBook -> toBookView; built from the engine's integer levels directly,
 *   units-book-view.ts), the view is built by the daemon's view builder (midpoint
 *   without our own orders), the strategy quotes, src/strategy/legs.ts maps quotes onto tokens,
 *   the risk gate (src/risk, limits as configured) trims or refuses, and the executor's diff keeps,
 *   cancels and places post-only GTC orders (sim-executor.ts);
 * - after a flow step in which a taker traded against the account, its fills are read from the
 *   exchange's account trades and attributed as the daemon attributes them (fill-attribution.ts,
 *   fees and rebates by fill-fees.ts), folded into the portfolio (src/portfolio/portfolio.ts), and
 *   the filled markets are evaluated at once (the daemon's user stream).
 *
 * Random streams: the flow draws from its own streams (`flow:<seed>`, forked per market and per
 * purpose; src/sim/flow), and every arrival draws the same numbers whatever the book holds, so the
 * orders the flow submits are the same whatever the strategy does: strategies compared on one seed
 * face the same flow. The backtest itself draws nothing. The one venue rule that would let the
 * strategy steer the flow — the automatic fine tick near 0.96/0.04, read from the book with our own
 * orders in it — is off in the exchange; the flow applies it from its fair value instead
 * (`tickRule: 'fair'`), so the switch happens at the same step for every strategy (README.md).
 *
 * Markets that end (`settings.ends`, `--ends-every`; run-ends.ts): they end, close and resolve as
 * in the simulator; quotes are pulled at each market's stop (its end less
 * `settings.stopBeforeEndSec`, through the view's stopAtMs and the risk gate, as the daemon pulls
 * them), and what is held at a resolution is settled at 1 / 0 into realized PnL (`settlement`).
 */
import { isMakerdError } from '../errors.js';
import type { Decimal } from '../money.js';
import { Portfolio } from '../portfolio/portfolio.js';
import { fillsFromAccountTrade } from '../portfolio/fill-attribution.js';
import type { Fill } from '../portfolio/fill.js';
import { RiskGate } from '../risk/index.js';
import { toOrderIntents } from '../strategy/legs.js';
import { guardFillOf, quoteGuarded } from '../guard/index.js';
import { resolveFlowParams } from '../sim/flow/index.js';
import { SimRewards } from '../sim/rewards/sim-rewards.js';
import { buildMarketView } from '../trading/view-builder.js';
import { paidForHeld } from '../trading/held-cost.js';
import { MarkoutTracker } from './markout.js';
import { countGuardTime, runFigures } from './run-figures.js';
import { type LiveOrder, SimExecutor, exchangePort } from './sim-executor.js';
import type { LiveOrderView } from '../market/market-view.js';
import type { OwnOrderFootprint } from '../execution/order-tracker.js';
import { TrackingExchange } from './tracking-exchange.js';
import { UnitsBookView } from './units-book-view.js';
import { RunIntensity } from './run-intensity.js';
import { RunEnds, settlePositions } from './run-ends.js';
import { buildRunWorld } from './run-world.js';
import { startRunFlow } from './run-flow.js';
import { type MarketState, type UnitsStoredBook, runMarkets } from './run-markets.js';
import { RunSeries } from './run-series.js';

import type { RunInput, RunResult, GuardSeconds, RunResolution } from './run-contract.js';

export type {
  FeeSettings,
  BacktestSettings,
  VenueWorldSettings,
  StrategyRun,
  FlowContext,
  BacktestFlow,
  FlowFactory,
  RunInput,
  SeriesPoint,
  RunResult,
  GuardSeconds,
} from './run-contract.js';

export { defaultFlow } from './run-flow.js';

export function runBacktest(input: RunInput): RunResult {
  const { settings, strategy } = input;
  // The world: catalog, clock, exchange, account (run-world.ts).
  const { seed, venue, catalog, clock, startMs, endMs, endSchedule, exchange, account, identity, metaOf } = buildRunWorld(input);
  const stopBeforeEndMs = settings.stopBeforeEndSec === undefined ? undefined : settings.stopBeforeEndSec * 1000;

  let executor: SimExecutor | undefined;
  // The taker-arrival intensity each market's flow shows, fitted as the daemon fits it (run-intensity.ts).
  const intensity = new RunIntensity(
    catalog.markets.map((m) => ({ conditionId: m.conditionId, tokens: m.tokenIds })),
    {
      book: (t) => exchange.restingLevels(t),
      own: (cid) => executor?.ordersOf(cid) ?? [],
      reads: strategy.strategy.readsFlowIntensity === true,
    },
    settings.intensity,
  );
  const tracking = new TrackingExchange(exchange, {
    account,
    restsIn: (t) => executor!.restsIn(t),
    digestFlow: input.digestFlow === true,
    ...intensity.hooks(() => clock.now()),
  });
  const facade = tracking.facade(() => clock.now());
  executor = new SimExecutor({
    port: exchangePort(facade, account),
    settings: settings.diff,
    now: () => clock.now(),
    onTouched: (t) => tracking.changed.add(t),
  });
  const exec = executor;
  const risk = new RiskGate(settings.risk);
  const portfolio = new Portfolio({ clock });
  const positions = new Map<string, Decimal>();
  const paid = paidForHeld(portfolio);
  const markouts = new MarkoutTracker(settings.markoutHorizonsS);
  const flowParams = resolveFlowParams(settings.flow);
  // Closed markets: the venue cancelled our orders there, and its listing says so (the risk gate pulls it).
  const onClosed = (conditionId: string, ours: readonly string[]): void => {
    for (const id of ours) exec.onGone(id, conditionId);
    const st = markets.get(conditionId);
    if (st === undefined) return;
    st.meta = metaOf(conditionId);
    for (const t of st.tokens) tracking.changed.add(t);
    dirty.add(conditionId);
  };
  const fairOf = (tokenId: string): string | undefined =>
    (flow as { fair?: (t: string) => Decimal | undefined }).fair?.(tokenId)?.toFixed();
  const ends =
    endSchedule === undefined
      ? undefined
      : new RunEnds({ clock, exchange, schedule: endSchedule, seed, fair: fairOf, address: account.address, onClosed });
  const flowContext = { clock, exchange: facade, catalog, seed, params: flowParams, ends: ends?.records };
  const flow = startRunFlow(input, venue, flowContext);

  const markets = runMarkets(catalog, strategy, metaOf, stopBeforeEndMs);
  // The same states in catalog order, for the loops of every step (no iterator made per step).
  const marketStates = [...markets.values()];

  const bookView = UnitsBookView.maker();
  const dirty = new Set<string>(markets.keys());
  let evaluations = 0;
  let strategyErrors = 0;
  let guardErrors = 0;
  const guardSeconds: GuardSeconds = { bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 } };

  function freshBook(token: string, slot: UnitsStoredBook | undefined, nowMs: number): UnitsStoredBook | undefined {
    if (slot !== undefined && !tracking.changed.has(token)) {
      // Unchanged since the last snapshot: the daemon's poll would bring the same book, fresh.
      return slot.book.timestampMs === nowMs ? slot : { book: slot.book.at(nowMs), mid: slot.mid };
    }
    tracking.changed.delete(token);
    const levels = exchange.bookLevels(token);
    if (levels === undefined) return undefined;
    const view = bookView(levels, nowMs);
    return { book: view, mid: view.mid };
  }

  // The executor hands out the same list while its orders are unchanged: their views are made once a list.
  const views = new WeakMap<readonly LiveOrder[], { liveOrders: readonly LiveOrderView[]; own: readonly OwnOrderFootprint[] }>();
  function liveViews(live: readonly LiveOrder[]): { liveOrders: readonly LiveOrderView[]; own: readonly OwnOrderFootprint[] } {
    let v = views.get(live);
    if (v === undefined) {
      v = {
        liveOrders: live.map((o) => ({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: o.remaining })),
        // The in-process book is exact: our orders show with what remains of them, nothing lags.
        own: live.map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.remaining, goneAtMs: undefined })),
      };
      views.set(live, v);
    }
    return v;
  }

  function evaluate(st: MarketState): void {
    const nowMs = clock.now();
    const tick = exchange.tickSize(st.tokens[0]);
    if (tick !== undefined && !tick.eq(st.meta.tickSize)) st.meta = metaOf(st.conditionId);
    st.stored[0] = freshBook(st.tokens[0], st.stored[0], nowMs);
    st.stored[1] = freshBook(st.tokens[1], st.stored[1], nowMs);
    const live = liveViews(exec.ordersOf(st.conditionId));
    const built = buildMarketView({
      meta: st.meta,
      stored: st.stored,
      positions,
      // As the daemon's loop: neg-risk events' worst case at the portfolio's cost basis.
      paid,
      liveOrders: live.liveOrders,
      own: live.own,
      nowMs,
      staleAfterMs: settings.staleAfterMs,
      // As the daemon: quotes are pulled from the market's stop on (risk gate, `market-ending`).
      stopBeforeEndMs,
    });
    const view = intensity.view(built);
    st.mid0 = view.mid;
    // As in the daemon (the same stage): a strategy or guard error pulls the market's quotes, it
    // does not stop the run.
    const out = quoteGuarded(view, strategy.strategy, strategy.params, st.strategyState, st.guard, strategy.rewards);
    st.strategyState = out.state;
    if (out.failed !== undefined) {
      if (isMakerdError(out.failed.error)) throw out.failed.error;
      if (out.failed.stage === 'strategy') strategyErrors++;
      else guardErrors++;
    }
    evaluations++;
    const decision = risk.evaluate(view, toOrderIntents(view, out.quotes), nowMs);
    exec.submit(st.conditionId, st.meta.tickSize, decision.approved);
    intensity.ownOrders(st.conditionId, exec.ordersOf(st.conditionId), nowMs);
  }

  /** Evaluates the markets whose books or account state changed since their last evaluation. */
  function evaluateChanged(): void {
    for (const st of marketStates) {
      if (
        dirty.has(st.conditionId) ||
        tracking.changed.has(st.tokens[0]) ||
        tracking.changed.has(st.tokens[1]) ||
        st.stored[0] === undefined ||
        st.stored[1] === undefined
      ) {
        dirty.delete(st.conditionId);
        evaluate(st);
      }
    }
  }

  // ---- fills ----------------------------------------------------------------------------------
  const seenFills = new Set<string>();
  // The exchange hands out one immutable view object per trade and account: a view attributed
  // before (re-read from the poll's overlap second) holds no fill not already seen.
  const attributed = new WeakSet<object>();
  let fillCount = 0;
  let lastTradeSec = 0;

  function applyFill(fill: Fill): void {
    const st = markets.get(fill.conditionId);
    if (st === undefined) return;
    portfolio.apply(fill);
    positions.set(fill.tokenId, portfolio.position(fill.tokenId));
    exec.onFill(fill.orderId, fill.conditionId, fill.size);
    st.guard?.onFill(guardFillOf(fill.outcomeIndex, fill.side, fill.price, fill.timestampMs));
    markouts.onFill(fill, clock.now(), st.mid0);
    const q = portfolio.netExposure(fill.conditionId).abs();
    if (q.gt(st.maxAbs)) st.maxAbs = q;
    dirty.add(fill.conditionId);
  }

  function collectFills(): void {
    tracking.fillsMaybe = false;
    const count = exchange.fillCount(account.address);
    if (count === fillCount) return;
    fillCount = count;
    const trades = exchange.accountTrades(account, { after: lastTradeSec - 1 });
    for (const trade of trades) {
      if (attributed.has(trade)) continue;
      const st = markets.get(String(trade.market));
      if (st === undefined) continue;
      attributed.add(trade);
      for (const fill of fillsFromAccountTrade(trade, identity, st.meta.fees)) {
        if (seenFills.has(fill.tradeId)) continue;
        seenFills.add(fill.tradeId);
        lastTradeSec = Math.max(lastTradeSec, Math.floor(fill.timestampMs / 1000));
        applyFill(fill);
      }
    }
    // The daemon re-evaluates a market as soon as its fill arrives (user stream).
    // Nothing adds to `dirty` while markets are evaluated (only fills and closes do): no copy needed.
    for (const cid of dirty) {
      const st = markets.get(cid);
      if (st === undefined) continue;
      dirty.delete(cid);
      evaluate(st);
    }
  }

  // ---- ends -----------------------------------------------------------------------------------
  const resolutions: RunResolution[] = [];

  function settleResolved(conditionId: string, winner: 0 | 1): void {
    const st = markets.get(conditionId);
    if (st === undefined) return;
    const settlement = settlePositions(portfolio, conditionId, winner, clock.now());
    for (const t of st.tokens) positions.set(t, portfolio.position(t));
    resolutions.push({ market: conditionId, winner, settlement });
  }

  // ---- series ---------------------------------------------------------------------------------
  const durationMs = endMs - startMs;
  const sampleEveryMs = Math.max(settings.pollIntervalMs, Math.ceil(durationMs / Math.max(1, settings.samples) / 1000) * 1000);
  const series = new RunSeries(portfolio, markets, () => clock.now(), startMs);

  // ---- the loop -------------------------------------------------------------------------------
  const stepMs = flowParams.stepMs;
  // Outcomes due at the start are drawn before the flow's first step (as the simulator does).
  ends?.start();
  flow.step(0);
  evaluateChanged();
  series.sample();
  // Rewards are sampled on the clock's minute boundaries (timers fire inside clock.advance); the
  // sampler only reads the books, so trading is the same with or without it.
  const rewards = new SimRewards({ clock, exchange, markets: catalog.markets, untilMs: endMs });
  rewards.start();
  // The earliest stop not yet seen: most steps have none due and skip the markets' loop.
  let nextStopMs = firstStopMs(marketStates);
  let nextPoll = startMs + settings.pollIntervalMs;
  let nextSample = startMs + sampleEveryMs;
  const progressEvery = Math.max(stepMs, Math.floor(durationMs / 100));
  let nextProgress = startMs + progressEvery;
  while (clock.now() < endMs) {
    const dt = Math.min(stepMs, endMs - clock.now());
    clock.advance(dt);
    flow.step(dt);
    intensity.refresh(clock.now());
    if (tracking.fillsMaybe) collectFills();
    const now = clock.now();
    // A market at its stop has its quotes pulled at once (the daemon's end check runs every second).
    if (now >= nextStopMs) {
      for (const st of marketStates) {
        if (st.stopped || st.stopAtMs === undefined || now < st.stopAtMs) continue;
        st.stopped = true;
        evaluate(st);
      }
      nextStopMs = firstStopMs(marketStates);
    }
    // A market that resolved: what is held there is settled at 1 / 0 (after the fills before it).
    if (ends !== undefined) for (const r of ends.takeResolved()) settleResolved(r.conditionId, r.winner);
    if (now >= nextPoll) {
      while (nextPoll <= now) nextPoll += settings.pollIntervalMs;
      evaluateChanged();
      countGuardTime(marketStates, guardSeconds, now, settings.pollIntervalMs / 1000);
      for (const st of marketStates) {
        markouts.onMid(st.conditionId, now, st.mid0);
        exec.observe(st.conditionId);
      }
    }
    if (now >= nextSample) {
      while (nextSample <= now) nextSample += sampleEveryMs;
      series.sample();
    }
    if (input.onProgress !== undefined && now >= nextProgress) {
      nextProgress += progressEvery;
      input.onProgress((now - startMs) / durationMs);
    }
  }
  for (const st of markets.values()) exec.observe(st.conditionId);
  if (series.points[series.points.length - 1]?.t !== durationMs / 1000) series.sample();
  series.markAll();
  rewards.stop();
  ends?.stop();
  const earned = rewards.totals(account.address);
  const rewardsEarned = earned.creditedTotal.plus(earned.accruedToday);

  return runFigures({
    seed,
    label: strategy.label,
    portfolio,
    exec,
    markets,
    durationMs,
    rewardsEarned,
    markouts,
    series: series.points,
    evaluations,
    strategyErrors,
    guardErrors,
    guardSeconds,
    flowOrders: tracking.flowOrders,
    flowDigest: tracking.flowDigest(),
    intensity: intensity.figures(clock.now()),
    ends: ends === undefined ? undefined : { resolved: resolutions, ordersAtEnd: ends.ordersAtEnd },
  });
}

/** The earliest stop of a market not yet stopped (Infinity: none; an unreadable end, NaN, is due at once as in the loop's test). */
function firstStopMs(states: readonly MarketState[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const st of states) {
    if (st.stopped || st.stopAtMs === undefined) continue;
    first = Math.min(first, Number.isNaN(st.stopAtMs) ? Number.NEGATIVE_INFINITY : st.stopAtMs);
  }
  return first;
}
