/**
 * Phase start-quoting, its core: the trading loop (strategy -> risk gate -> executor) over the
 * selected markets, its metrics, and the book poller whose every snapshot turns the loop, beats
 * the heartbeat, reads the kill switch, marks the portfolio and checks the loss limits. The
 * poller is returned unstarted: the caller starts it once the streams are up.
 */
import type { Registry } from 'prom-client';
import type { Executor } from '../execution/executor.js';
import type { RateLimiter } from '../limits/index.js';
import type { MetadataCache } from '../market/metadata-cache.js';
import { FlowIntensities } from '../market/intensity/flow-intensities.js';
import { BookPoller } from '../market/poller.js';
import { streamOn } from '../market/stream-endpoints.js';
import { registerIntensityMetrics } from '../metrics/intensity-metrics.js';
import { headroomSummary, summarizeSnapshot } from '../market/snapshot-summary.js';
import type { Heartbeat } from '../metrics/heartbeat.js';
import type { TickTimer } from '../metrics/tick-metrics.js';
import { registerTradingMetrics } from '../metrics/trading-metrics.js';
import type { Portfolio } from '../portfolio/index.js';
import type { KillSwitch, RiskGate } from '../risk/index.js';
import { BookStore } from '../trading/book-store.js';
import { paidForHeld } from '../trading/held-cost.js';
import { type ResolvedBinding, toBinding } from '../trading/market-bindings.js';
import type { PositionPoller } from '../trading/position-poller.js';
import type { MarketRecorder } from '../record/market-recorder.js';
import { TradingLoop } from '../trading/trading-loop.js';
import { remaining } from '../execution/order-tracker.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';
import { type DaemonView, marketLabel, viewQuotes } from './daemon-view.js';

export interface StartQuotingInput {
  readonly client: VenueClient;
  readonly registry: Registry;
  readonly view: DaemonView;
  readonly bindings: readonly ResolvedBinding[];
  readonly marketIds: readonly string[];
  readonly tokens: readonly string[];
  readonly metadata: MetadataCache;
  /** The account's positions: GET /positions live, the portfolio's in paper mode. */
  readonly positions: (Pick<PositionPoller, 'positions' | 'onChange'> & Partial<Pick<PositionPoller, 'doubt'>>) | undefined;
  readonly risk: RiskGate;
  readonly killSwitch: KillSwitch;
  readonly checkLosses: () => void;
  readonly executor: Executor;
  readonly limiter: RateLimiter;
  readonly portfolio: Portfolio;
  readonly heartbeat: Heartbeat;
  readonly tickTimer: TickTimer;
  /** False in monitor-only mode: the loop evaluates but places and cancels nothing. */
  readonly trade: boolean;
  /** With record.dir: each evaluation is recorded (a replay of the run evaluates there too). */
  readonly recorder?: MarketRecorder | undefined;
}

export interface Quoting {
  readonly loop: TradingLoop;
  readonly books: BookStore;
  /** Not started yet. */
  readonly poller: BookPoller;
}

/** How many markets the `quoting markets` line names; the rest are counted (`… and N more`). */
export const QUOTING_NAMES = 20;

/** The `quoting markets` line's names: each market's slug (else question, else id), the first QUOTING_NAMES. */
export function quotingNames(view: Pick<DaemonView, 'markets'>, marketIds: readonly string[]): string[] {
  const byId = new Map(view.markets.map((m) => [m.conditionId, m]));
  const names = marketIds.slice(0, QUOTING_NAMES).map((id) => marketLabel(byId.get(id) ?? { conditionId: id }));
  return marketIds.length > QUOTING_NAMES ? [...names, `… and ${marketIds.length - QUOTING_NAMES} more`] : names;
}

export function startQuoting({ config, clock, logger }: DaemonContext, i: StartQuotingInput): Quoting {
  const { view, risk, executor: exec, portfolio, tokens, tickTimer } = i;
  const books = new BookStore();
  view.books = books;
  // The taker-arrival intensity of each market's flow (src/market/intensity): from the market
  // stream's prints, or from our own fills where there is no stream.
  const intensity = new FlowIntensities({
    settings: config.intensity,
    oursOnly: !streamOn(config.stream.market, config),
    book: (token) => books.get(token)?.book,
    // Our orders to take out of the stored books; paper mode's virtual ones are not in them.
    own: (market) =>
      view.paper !== undefined
        ? []
        : exec.tracker
            .ordersOf(market)
            .filter((o) => o.cancelling !== true)
            .map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price, remaining: remaining(o) })),
    logger: logger.child({ component: 'intensity' }),
  });
  view.intensity = intensity;
  const loop = new TradingLoop({
    clock,
    markets: i.bindings.map(toBinding),
    metadata: i.metadata,
    books,
    positions: () => i.positions?.positions ?? new Map(),
    doubt: i.positions?.doubt?.bind(i.positions),
    // Neg-risk events' worst case: what the shares held cost, at the portfolio's average cost.
    paid: paidForHeld(portfolio),
    risk,
    executor: exec,
    staleAfterMs: config.poller.staleAfterMs,
    trade: i.trade,
    overlapReplacements: config.executor.overlapReplacements,
    // Paper mode: the virtual orders added to the public books, as ours are in the venue's.
    bookOverlay: view.paper === undefined ? undefined : (stored) => view.paper!.overlay(stored),
    // Not once the executor is halted (the stop): those evaluations place nothing, and a replay must not either.
    onEvaluate: i.recorder === undefined ? undefined : (market) => (exec.halted ? undefined : i.recorder?.evaluated(market)),
    intensity,
    logger: logger.child({ component: 'trading' }),
  });
  exec.tracker.onChange((market) => loop.markDirty(market));
  i.positions?.onChange((markets) => {
    for (const m of markets) loop.markDirty(m);
  });
  registerTradingMetrics(i.registry, {
    executor: () => exec.stats,
    risk: () => risk.snapshot(clock.now()),
    loop: () => loop.stats,
    quotes: () => viewQuotes(view),
    twoSidedSeconds: () => {
      for (const m of loop.markets) exec.twoSided.observe(m.conditionId, exec.isTwoSided(m.conditionId), clock.now());
      return exec.twoSided.seconds();
    },
    fidelity: () => exec.fidelity.ratios(clock.now()),
  });
  registerIntensityMetrics(i.registry, { snapshot: () => intensity.snapshot(clock.now()), counts: () => intensity.counts });
  logger.info(
    {
      markets: i.marketIds.length,
      // By slug (else question): the first QUOTING_NAMES, so that the line stays short at 250 markets.
      names: quotingNames(view, i.marketIds),
      tokens: tokens.length,
      strategies: [...new Set(i.bindings.map((b) => b.strategy.name))],
      intervalMs: config.poller.intervalMs,
    },
    'quoting markets',
  );

  let ticks = 0;
  const poller = new BookPoller({
    source: i.client,
    clock,
    tokens,
    intervalMs: config.poller.intervalMs,
    staleAfterMs: config.poller.staleAfterMs,
    // The grid a market's books are checked against (book-check.ts).
    tickOf: (conditionId) => i.metadata.knownTick(conditionId),
    logger: logger.child({ component: 'poller' }),
    onSnapshot: (s) => {
      ticks++;
      i.heartbeat.beat();
      i.killSwitch.check();
      const trace = tickTimer.start(s.inHandAt);
      try {
        loop.onSnapshot(s, trace);
      } finally {
        trace.close();
      }
      // Unrealized PnL at the market's midpoint (the one the strategies quote around).
      // The tokens polled now (the selector's swaps change them).
      for (const t of poller.tokens) {
        const mid = books.get(t)?.mid;
        if (mid !== undefined) portfolio.mark(t, mid);
      }
      i.checkLosses();
      if (ticks === 1 || ticks % 60 === 0)
        logger.info(
          { tick: ticks, ...summarizeSnapshot(s), openOrders: exec.tracker.openCount(), limiter: headroomSummary(i.limiter.snapshot()) },
          'market snapshot',
        );
      else logger.debug({ tick: ticks, ...summarizeSnapshot(s) }, 'market snapshot');
    },
  });
  view.poller = poller;
  view.loop = loop;
  return { loop, books, poller };
}
