/**
 * The one place where makerd's parts are wired together: configuration -> venue (the embedded
 * simulator or the live one) -> rate limiter -> venue client -> market selection and metadata ->
 * poller and streams -> trading loop (strategy -> risk gate -> executor) -> metrics, plus SIGHUP
 * reloads and orderly shutdown. Every other module receives what it needs as arguments.
 */
import { setMaxListeners } from 'node:events';
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Clock } from './clock/clock.js';
import { systemClock } from './clock/system-clock.js';
import { configuredCredentials } from './config/load.js';
import type { MakerdConfig } from './config/schema.js';
import { listening } from './config/listen-error.js';
import { ErrorCode, MakerdError, isMakerdError } from './errors.js';
import { Executor } from './execution/executor.js';
import { cancelAndVerify } from './lifecycle/cancel-and-verify.js';
import { shutdown } from './lifecycle/shutdown.js';
import { quotesByMarket } from './execution/quote-counts.js';
import { RateLimiter } from './limits/index.js';
import { MarketStream } from './market/market-stream.js';
import { selectConfiguredMarkets } from './market/configured-markets.js';
import { headroomSummary, summarizeSnapshot } from './market/snapshot-summary.js';
import { streamOn, wsOrigin } from './market/stream-endpoints.js';
import { MetadataCache } from './market/metadata-cache.js';
import { FillDeduper, FillJournal, Portfolio, replayJournal } from './portfolio/index.js';
import { FillFeed } from './portfolio/fill-feed.js';
import { archiveSimJournal } from './portfolio/sim-journal.js';
import { reconcilePositions } from './portfolio/reconcile-positions.js';
import { BookPoller } from './market/poller.js';
import { UserStream } from './market/user-stream.js';
import { createRegistry } from './metrics/registry.js';
import { venueRequestMetrics } from './metrics/venue-metrics.js';
import { registerLimiterMetrics } from './metrics/limiter-metrics.js';
import { registerPollerMetrics } from './metrics/poller-metrics.js';
import { registerTradingMetrics } from './metrics/trading-metrics.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { haltedReason, notReadyReason, registerReadyMetric } from './metrics/readiness.js';
import { registerBuildInfo, makerdVersion } from './metrics/build-info.js';
import { registerTickMetrics } from './metrics/tick-metrics.js';
import { marketBookAgeSeconds, registerBookAgeMetrics } from './metrics/book-age-metrics.js';
import { registerStreamMetrics, type StreamName, type StreamProbe } from './metrics/stream-metrics.js';
import { Heartbeat, heartbeatLimitMs } from './metrics/heartbeat.js';
import { RecentProblems, tapProblems } from './metrics/recent-problems.js';
import { buildStatus } from './metrics/status.js';
import { ALL_MARKETS, KillSwitch, LossLimitGuard, RiskGate, validateLossLimits, validateRiskLimits } from './risk/index.js';
import { FillCounts, registerPortfolioMetrics } from './metrics/portfolio-metrics.js';
import { simulatorOptions } from './sim/sim-options.js';
import { startSimulator, type RunningSimulator } from './sim/simulator.js';
import type { Strategy } from './strategy/strategy.js';
import { BookStore } from './trading/book-store.js';
import { checkTradingConfig } from './trading/config-check.js';
import { reloadConfiguration } from './trading/config-reload.js';
import { resolveBindings, toBinding } from './trading/market-bindings.js';
import { PositionPoller } from './trading/position-poller.js';
import { TradingLoop } from './trading/trading-loop.js';
import { createVenueClient, type VenueClient } from './venue/client.js';
import type { VenueCredentialsInput } from './venue/credentials.js';
import type { RequestObserver } from './venue/http/venue-requester.js';
import { untilAborted } from './until-aborted.js';

/** Where the venue is and who we are there. */
export interface VenueTarget {
  readonly baseUrl: string;
  readonly catalogBaseUrl: string | undefined;
  readonly clobBaseUrl: string | undefined;
  readonly wsUrl: string | undefined;
  readonly credentials: VenueCredentialsInput | undefined;
  /** The embedded simulator, in sim mode. */
  readonly simulator: RunningSimulator | undefined;
  close(): Promise<void>;
}

export interface VenueStack {
  readonly target: VenueTarget;
  readonly limiter: RateLimiter;
  readonly client: VenueClient;
  close(): Promise<void>;
}

/** Starts the simulator from `sim.*`; a port it cannot take is an error naming `sim.port`. */
export function startConfiguredSimulator(config: MakerdConfig, logger?: Logger): Promise<RunningSimulator> {
  const keys = { host: 'sim.host', port: 'sim.port' };
  return listening(() => startSimulator(simulatorOptions(config, logger)), 'the venue simulator', keys, config.sim.host, config.sim.port);
}

/** Sim mode starts the embedded simulator on loopback; live mode uses the configured venue. */
export async function openVenueTarget(config: MakerdConfig, logger: Logger): Promise<VenueTarget> {
  if (config.venue.mode === 'sim') {
    const sim = await startConfiguredSimulator(config, logger.child({ component: 'sim' }));
    logger.info({ baseUrl: sim.baseUrl, markets: config.sim.markets, seed: config.sim.seed }, 'embedded venue simulator started');
    return {
      baseUrl: sim.baseUrl,
      catalogBaseUrl: undefined,
      clobBaseUrl: undefined,
      wsUrl: sim.wsUrl,
      credentials: sim.credentials,
      simulator: sim,
      close: () => sim.close(),
    };
  }
  const v = config.venue;
  return {
    baseUrl: v.baseUrl !== '' ? v.baseUrl : v.clobBaseUrl,
    catalogBaseUrl: v.catalogBaseUrl || undefined,
    clobBaseUrl: v.clobBaseUrl || undefined,
    wsUrl: v.wsUrl || undefined,
    credentials: configuredCredentials(config),
    simulator: undefined,
    close: async () => {},
  };
}

/** The venue client behind the rate limiter, both from config. */
export async function openVenueStack(
  config: MakerdConfig,
  logger: Logger,
  clock: Clock = systemClock,
  onRequest?: RequestObserver,
): Promise<VenueStack> {
  const target = await openVenueTarget(config, logger);
  const limiter = new RateLimiter({ clock, ...config.limits, logger: logger.child({ component: 'limiter' }) });
  const client = createVenueClient({
    baseUrl: target.baseUrl,
    catalogBaseUrl: target.catalogBaseUrl,
    clobBaseUrl: target.clobBaseUrl,
    credentials: target.credentials,
    headerPrefix: config.venue.headerPrefix,
    clock,
    gate: limiter,
    logger: logger.child({ component: 'venue' }),
    timeouts: config.venue.timeouts,
    retry: config.venue.retry,
    connectionsPerOrigin: config.venue.connectionsPerOrigin,
    onRequest,
  });
  return {
    target,
    limiter,
    client,
    async close() {
      await client.close();
      limiter.close();
      await target.close();
    },
  };
}

/** Optional hooks of `runDaemon`: how SIGHUP reaches it and how it re-reads the configuration. */
export interface DaemonHooks {
  /** Subscribes to reload requests (SIGHUP); returns the unsubscribe function. */
  readonly onReload?: (listener: () => void) => () => void;
  /** Loads the configuration again from the same files, environment and flags. */
  readonly reloadConfig?: () => MakerdConfig;
  /** The daemon's clock (tests share a FakeClock with the simulator); default the system clock. */
  readonly clock?: Clock;
}

/**
 * `makerd run`: the daemon. Starts the venue (the embedded simulator in sim mode), the limiter
 * and the client; selects the markets and reads their rules; cancels (and verifies) the orders an
 * earlier run left there; then polls books and midpoints (and follows the streams), and on every change lets each
 * market's strategy quote through the risk gate and the executor. SIGHUP reloads strategy
 * parameters and risk limits; SIGTERM/SIGINT stop quoting, cancel every open order and verify it,
 * within `lifecycle.shutdownDeadlineMs`. Resolves with the exit status: 0 only when the cancels
 * were verified.
 */
export async function runDaemon(config: MakerdConfig, parentLogger: Logger, stop: AbortSignal, hooks: DaemonHooks = {}): Promise<number> {
  const clock = hooks.clock ?? systemClock;
  const startedAtMs = clock.now();
  // The last warnings and errors, for /status (scrubbed of the credentials).
  const problems = new RecentProblems({ secrets: [config.venue.secret, config.venue.passphrase, config.venue.apiKey] });
  const logger = tapProblems(parentLogger, problems);
  // Every request in flight listens on the stop signal (start-up reads many markets at once).
  setMaxListeners(0, stop);
  try {
    mkdirSync(config.data.dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new MakerdError(ErrorCode.CONFIG, `data.dir: cannot create ${JSON.stringify(config.data.dir)} (${code})`, {
      where: 'config',
      field: 'data.dir',
    });
  }
  // Strategies, their parameters, risk limits and shards: every problem stops start-up here,
  // before anything touches the network.
  const strategies: ReadonlyMap<string, Strategy> = await checkTradingConfig(config);
  const trade = !config.trading.monitorOnly;
  // The journal first: what was counted before a crash is counted again, exactly once. The
  // embedded simulator starts empty every run, so its previous journal is set aside.
  if (config.venue.mode === 'sim') {
    const moved = archiveSimJournal(config.data.dir, clock.now());
    if (moved !== undefined) logger.info({ movedTo: moved }, "embedded simulator starts empty: the previous run's journal was set aside");
  }
  const replay = await replayJournal({ dataDir: config.data.dir });
  for (const w of replay.warnings) logger.warn({ file: w.file, line: w.line }, `journal: ${w.message}`);
  const portfolio = new Portfolio({ clock, resetHourUtc: config.risk.dayResetHourUtc });
  const deduper = new FillDeduper();
  for (const f of replay.fills) deduper.admit(f);
  portfolio.applyAll(replay.fills);
  logger.info(
    { fills: replay.fills.length, files: replay.files.length, duplicates: replay.duplicates, lastMatchTime: replay.lastMatchTime },
    'journal replayed',
  );
  const fillCounts = new FillCounts();
  fillCounts.addAll(replay.fills);
  let observeJournal: (ms: number) => void = () => {};
  const journal = new FillJournal({ dataDir: config.data.dir, clock, onBatch: (b) => observeJournal(b.latencyMs) });
  const registry = createRegistry();
  let poller: BookPoller | undefined;
  // What the admin server reads, bound as start-up creates it.
  const live: {
    risk?: RiskGate;
    losses?: LossLimitGuard;
    limiter?: RateLimiter;
    books?: BookStore;
    executor?: Executor;
    loop?: TradingLoop;
    /** The user stream needs credentials as well as stream.user. */
    userStreamOn: boolean;
    markets: readonly { readonly conditionId: string; readonly tokens: readonly string[] }[];
    streams: Partial<Record<StreamName, StreamProbe>>;
  } = { markets: [], streams: {}, userStreamOn: false };
  const bookTimeMs = (t: string): number | undefined => live.books?.bookTimeMs(t);
  const quotes = (): ReadonlyMap<string, { bid: number; ask: number }> =>
    live.executor === undefined
      ? new Map()
      : quotesByMarket(
          live.executor,
          live.markets.map((m) => m.conditionId),
        );
  // Not ready until start-up has reconciled the account (crash-only: recover, then trade).
  let startup: string | undefined = 'starting: selecting markets and reconciling open orders';
  const notReady = (): string | undefined =>
    startup ??
    (live.risk === undefined ? undefined : haltedReason(live.risk.snapshot(clock.now()))) ??
    notReadyReason(poller?.stats, clock.now(), config.poller);
  const heartbeat = new Heartbeat(clock, heartbeatLimitMs(config));
  registerBuildInfo(registry);
  registerReadyMetric(registry, notReady);
  const tickTimer = registerTickMetrics(registry);
  registerBookAgeMetrics(registry, { markets: () => live.markets, bookTimeMs, now: () => clock.now() });
  registerStreamMetrics(registry, () => live.streams);
  const status = (): unknown =>
    buildStatus({
      version: makerdVersion(),
      startedAtMs,
      now: () => clock.now(),
      notReady,
      risk: () => live.risk?.snapshot(clock.now()),
      portfolio: () => portfolio.snapshot(),
      limiter: () => live.limiter?.snapshot(),
      markets: () => live.markets.map((m) => m.conditionId),
      bookAgeSeconds: (market) =>
        marketBookAgeSeconds(live.markets.find((m) => m.conditionId === market)?.tokens ?? [], bookTimeMs, clock.now()),
      quotes,
      lossLimits: () => {
        const l = live.losses?.snapshot();
        return l === undefined ? undefined : { maxDailyLoss: l.limits.maxDailyLoss, maxDrawdown: l.limits.maxDrawdown, engaged: l.engaged };
      },
      streams: () => ({ enabled: { market: streamOn(config.stream.market, config), user: live.userStreamOn }, probes: live.streams }),
      lastErrors: () => problems.list(),
      guards: (market) => live.loop?.guardStatus(market),
    });
  const { host, port } = config.metrics;
  const metricsKeys = { host: 'metrics.host', port: 'metrics.port' };
  const metrics = await listening(
    () => startMetricsServer({ host, port, registry, notReadyReason: notReady, notAliveReason: () => heartbeat.problem(), status }),
    'the metrics server',
    metricsKeys,
    host,
    port,
  );
  logger.info({ url: metrics.url }, 'metrics server listening (/metrics, /healthz, /readyz)');
  let stack: VenueStack;
  try {
    stack = await openVenueStack(config, logger, clock, venueRequestMetrics(registry));
  } catch (err) {
    await metrics.close();
    throw err;
  }
  const { client, limiter, target } = stack;
  live.limiter = limiter;
  problems.addSecrets([target.credentials?.secret, target.credentials?.passphrase, target.credentials?.apiKey]);
  live.userStreamOn = target.credentials !== undefined && streamOn(config.stream.user, config);
  const closers: (() => Promise<void> | void)[] = [];
  let executor: Executor | undefined;
  let shardScope: ReadonlySet<string> = new Set();
  let exitCode = 0;
  let feed: FillFeed | undefined;
  let loop: TradingLoop | undefined;
  const mismatches = new Map<string, number>();
  // The loss limits read the portfolio after every fill and every mark (wired once the gate exists).
  let checkLosses: () => void = () => {};
  try {
    const credentials = target.credentials;
    if (credentials === undefined && trade) {
      throw new MakerdError(
        ErrorCode.CONFIG,
        'live trading needs venue credentials (venue.address, venue.apiKey, venue.passphrase, venue.secret); set trading.monitorOnly (MAKERD_MONITOR_ONLY=true) to watch markets without trading',
        { where: 'config', field: 'venue.secret' },
      );
    }
    if (!trade) logger.warn('monitor-only: watching markets; no order will be placed or cancelled');
    registerLimiterMetrics(registry, () => limiter.snapshot());
    registerPollerMetrics(
      registry,
      () => poller?.stats,
      () => clock.now(),
    );

    // Markets and their rules.
    const selected = await selectConfiguredMarkets(client, config, logger, stop);
    if (selected.length === 0)
      throw new MakerdError(ErrorCode.CONFIG, 'no market of this shard can be quoted (see the "market not quoted" lines)', {
        where: 'config',
        field: 'markets',
      });
    const bindings = resolveBindings(selected, config, strategies);
    const marketIds = selected.map((m) => m.conditionId);
    live.markets = selected.map((m) => ({ conditionId: m.conditionId, tokens: [...m.tokens] }));
    const scope: ReadonlySet<string> = new Set(marketIds);
    shardScope = scope;
    const tokens = selected.flatMap((m) => [...m.tokens]);
    const metadata = new MetadataCache({
      source: client,
      clock,
      ttlMs: config.metadata.ttlMs,
      logger: logger.child({ component: 'metadata' }),
    });
    metadata.track(marketIds);
    await Promise.all(marketIds.map((id) => metadata.refresh(id)));
    metadata.start(Math.min(config.metadata.ttlMs / 4, 60_000));
    closers.push(() => metadata.close());

    const risk = new RiskGate(validateRiskLimits(config.risk));
    const losses = new LossLimitGuard(risk, validateLossLimits(config.risk));
    live.risk = risk;
    live.losses = losses;
    checkLosses = () => {
      const r = losses.check(portfolio.daily(), portfolio.equity());
      for (const c of r.changes) logger.warn({ limit: c.limit, state: c.state ?? 'cleared' }, c.reason);
      if (r.changes.length > 0) loop?.evaluateAll();
    };
    observeJournal = registerPortfolioMetrics(registry, {
      portfolio: () => portfolio.snapshot(),
      fills: () => fillCounts.snapshot(),
      lossLimits: () => losses.snapshot(),
      reconciliation: () => ({ mismatches: Object.fromEntries(mismatches) }),
      markets: () => marketIds,
    }).observeJournalWrite;
    risk.setConfiguredState(ALL_MARKETS, config.risk.state);
    for (const b of bindings) if (b.state !== undefined) risk.setConfiguredState(b.conditionId, b.state);
    risk.onStateChange((market, from, to, reason) => {
      const line = { market: market === ALL_MARKETS ? 'all' : market, from, to, reason };
      if (market === ALL_MARKETS) logger.warn(line, 'trading state changed');
      else logger.info(line, 'market trading state changed');
    });
    const killSwitch = new KillSwitch({
      dataDir: config.data.dir,
      fileName: config.risk.killSwitchFile,
      flag: config.risk.killSwitch,
      gate: risk,
      logger: logger.child({ component: 'risk' }),
    });
    killSwitch.check();

    const exec = new Executor({
      venue: client,
      clock,
      settings: config.executor,
      setOpenOrders: (n) => limiter.setOpenOrders(n),
      onVenueFailure: (kind) => {
        const until = risk.recordVenueFailure(kind, clock.now());
        if (until !== undefined)
          logger.warn(
            { kind, untilMs: until, backoffMs: config.risk.errorBurst.backoffMs },
            'burst of venue errors: quotes pulled, backing off',
          );
      },
      logger: logger.child({ component: 'executor' }),
    });
    executor = exec;
    live.executor = exec;
    exec.tracker.onFill((o, shares) =>
      logger.info(
        { market: o.conditionId, token: o.tokenId, side: o.side, price: o.price.toFixed(), shares: shares.toFixed() },
        'order filled',
      ),
    );
    // Crash-only start-up: orders an earlier run left in these markets are cancelled, and that
    // is verified through GET /data/orders, before anything is placed. This is also the signed
    // read that stops start-up at once on wrong credentials.
    if (credentials !== undefined && trade) {
      const r = await cancelAndVerify({
        venue: client,
        clock,
        markets: scope,
        deadlineMs: clock.now() + config.lifecycle.startupDeadlineMs,
        logger,
        signal: stop,
      });
      if (!r.verified) {
        if (stop.aborted) throw new MakerdError(ErrorCode.ABORTED, 'stopped during start-up', { where: 'start-up' });
        if (r.error?.includes(ErrorCode.AUTH) === true) {
          throw new MakerdError(
            ErrorCode.AUTH,
            `the venue refused the credentials (venue.address, venue.apiKey, venue.passphrase, venue.secret) on the first signed request: ${r.error}`,
            { where: 'start-up' },
          );
        }
        throw new MakerdError(
          ErrorCode.VENUE_FAULT,
          `start-up could not clear the open orders of the selected markets: ${r.error ?? 'unknown'}${r.left.length > 0 ? ` (orders ${r.left.map((o) => o.id).join(', ')})` : ''}`,
          { where: 'start-up' },
        );
      }
      logger.info(
        { cancelled: r.cancelled, rounds: r.rounds },
        r.cancelled > 0 ? 'start-up: cancelled the open orders an earlier run left' : 'start-up: no open orders left by an earlier run',
      );
    }

    const positions =
      credentials === undefined
        ? undefined
        : new PositionPoller({
            venue: client,
            user: credentials.address,
            clock,
            intervalMs: config.executor.positionsIntervalMs,
            logger: logger.child({ component: 'positions' }),
          });
    if (positions !== undefined) {
      await positions.refresh();
      positions.start();
      closers.push(() => positions.stop());
    }

    // Fills since the last journaled one, then the journal's positions against the venue's.
    if (credentials !== undefined && positions !== undefined) {
      const f = new FillFeed({
        venue: client,
        account: { address: credentials.address, apiKey: credentials.apiKey },
        fees: (market) => metadata.lastFees(market),
        scope,
        journal,
        portfolio,
        deduper,
        clock,
        pollIntervalMs: config.portfolio.pollIntervalMs,
        lastTimestampMs: replay.lastTimestampMs,
        logger: logger.child({ component: 'fills' }),
        // Fills that cannot be made durable must not go on being made: halt until the journal works.
        onJournalHealth: (healthy) => risk.setOverride(ALL_MARKETS, 'journal', healthy ? undefined : 'HALTED'),
        onFills: (fills) => {
          fillCounts.addAll(fills);
          loop?.onFills(fills);
          void positions.refresh();
          checkLosses();
        },
      });
      feed = f;
      const counted = await f.catchUp();
      logger.info({ fills: counted }, 'start-up: fills since the last journaled one counted');
      await positions.refresh();
      if (positions.lastReadMs === undefined)
        throw new MakerdError(ErrorCode.VENUE_FAULT, "start-up: could not read the venue's positions to reconcile the journal with", {
          where: 'start-up',
        });
      for (const m of reconcilePositions(selected, (t) => portfolio.position(t), positions.positions)) {
        mismatches.set(m.market, (mismatches.get(m.market) ?? 0) + 1);
        const line = { market: m.market, token: m.tokenId, journal: m.journal.toFixed(), venue: m.venue.toFixed() };
        if (config.lifecycle.acceptPositionMismatch)
          logger.warn(line, 'position mismatch between the journal and the venue: accepted (lifecycle.acceptPositionMismatch)');
        else {
          logger.error(
            line,
            'position mismatch between the journal and the venue: market REDUCING until restarted with --accept-position-mismatch',
          );
          risk.setOverride(m.market, 'reconciliation', 'REDUCING');
        }
      }
      f.start();
    }
    // A restart inside a bad day engages the loss limits before the first quote.
    checkLosses();
    const books = new BookStore();
    live.books = books;
    const tradingLoop = new TradingLoop({
      clock,
      markets: bindings.map(toBinding),
      metadata,
      books,
      positions: () => positions?.positions ?? new Map(),
      risk,
      executor: exec,
      staleAfterMs: config.poller.staleAfterMs,
      trade,
      logger: logger.child({ component: 'trading' }),
    });
    loop = tradingLoop;
    live.loop = tradingLoop;
    exec.tracker.onChange((market) => tradingLoop.markDirty(market));
    positions?.onChange((markets) => {
      for (const m of markets) tradingLoop.markDirty(m);
    });
    registerTradingMetrics(registry, {
      executor: () => exec.stats,
      risk: () => risk.snapshot(clock.now()),
      loop: () => tradingLoop.stats,
      quotes,
      twoSidedSeconds: () => {
        for (const m of marketIds) exec.twoSided.observe(m, exec.isTwoSided(m), clock.now());
        return exec.twoSided.seconds();
      },
    });
    logger.info(
      {
        markets: selected.length,
        tokens: tokens.length,
        strategies: [...new Set(bindings.map((b) => b.strategy.name))],
        intervalMs: config.poller.intervalMs,
      },
      'quoting markets',
    );

    let ticks = 0;
    const p = new BookPoller({
      source: client,
      clock,
      tokens,
      intervalMs: config.poller.intervalMs,
      staleAfterMs: config.poller.staleAfterMs,
      logger: logger.child({ component: 'poller' }),
      onSnapshot: (s) => {
        ticks++;
        heartbeat.beat();
        killSwitch.check();
        const trace = tickTimer.start(s.inHandAt);
        try {
          tradingLoop.onSnapshot(s, trace);
        } finally {
          trace.close();
        }
        // Unrealized PnL at the market's midpoint (the one the strategies quote around).
        for (const t of tokens) {
          const mid = books.get(t)?.mid;
          if (mid !== undefined) portfolio.mark(t, mid);
        }
        checkLosses();
        if (ticks === 1 || ticks % 60 === 0)
          logger.info(
            { tick: ticks, ...summarizeSnapshot(s), openOrders: exec.tracker.openCount(), limiter: headroomSummary(limiter.snapshot()) },
            'market snapshot',
          );
        else logger.debug({ tick: ticks, ...summarizeSnapshot(s) }, 'market snapshot');
      },
    });
    poller = p;

    const origin = wsOrigin(target);
    if (streamOn(config.stream.market, config)) {
      const stream = new MarketStream({
        url: `${origin}/ws/market`,
        clock,
        reconnectBaseMs: config.stream.reconnectBaseMs,
        reconnectMaxMs: config.stream.reconnectMaxMs,
        logger: logger.child({ component: 'market-stream' }),
        onMarketEvent: (conditionId, _token, _kind, event) => {
          if (event.event_type === 'tick_size_change') void metadata.onTickSize(conditionId, event.new_tick_size);
          else {
            const trace = tickTimer.start();
            try {
              if (event.event_type === 'book' ? books.applyBook(event) : books.applyPriceChange(event))
                tradingLoop.evaluate(conditionId, trace);
            } finally {
              trace.close();
            }
          }
        },
        onResync: () => {
          p.fetchBooks(tokens).then(
            (s) => {
              const trace = tickTimer.start(s.inHandAt);
              tradingLoop.onSnapshot(s, trace);
              trace.close();
            },
            (err: unknown) => logger.warn({ err: (err as Error).message }, 'book resync after reconnect failed'),
          );
        },
      });
      stream.setTokens(tokens);
      stream.start();
      live.streams.market = stream;
      closers.push(() => stream.close());
    }
    if (credentials !== undefined && streamOn(config.stream.user, config)) {
      const user = new UserStream({
        url: `${origin}/ws/user`,
        credentials,
        clock,
        reconnectBaseMs: config.stream.reconnectBaseMs,
        reconnectMaxMs: config.stream.reconnectMaxMs,
        markets: marketIds,
        logger: logger.child({ component: 'user-stream' }),
        onOrder: (e) => {
          if (!scope.has(e.market)) return;
          exec.applyOrderEvent(e);
          tradingLoop.evaluate(e.market);
        },
        onTrade: (e) => {
          feed?.ingestTrades([e]).catch(() => undefined);
        },
        onReconnect: () => {
          feed?.catchUp().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'fill catch-up after reconnect failed'));
          exec.sync(scope).catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'open-order sync after reconnect failed'));
        },
      });
      user.start();
      live.streams.user = user;
      closers.push(() => user.close());
    }
    // The live-order view never drifts: a listing of the venue's open orders now and then.
    if (credentials !== undefined) {
      let syncTimer = clock.setTimer(function sync() {
        exec
          .sync(scope)
          .then(
            () => undefined,
            (err: unknown) =>
              logger.warn({ code: isMakerdError(err) ? err.code : undefined, err: (err as Error).message }, 'open-order sync failed'),
          )
          .finally(() => {
            if (!stop.aborted) syncTimer = clock.setTimer(sync, config.executor.syncIntervalMs);
          });
      }, config.executor.syncIntervalMs);
      closers.push(() => clock.clearTimer(syncTimer));
    }
    const reloadConfig = hooks.reloadConfig;
    const unsubscribeReload =
      reloadConfig === undefined
        ? undefined
        : hooks.onReload?.(() =>
            reloadConfiguration(reloadConfig, { loop: tradingLoop, risk, killSwitch, losses, selected, strategies }, logger),
          );
    if (unsubscribeReload !== undefined) closers.push(unsubscribeReload);

    p.start();
    heartbeat.beat();
    startup = undefined;
    await untilAborted(stop);
    logger.info('stopping: no new orders; cancelling open orders');
  } catch (err) {
    // A stop signal during start-up (the catalog walk aborted) is an orderly stop, not a failure.
    if (!stop.aborted) throw err;
    logger.info('stopping during start-up; cancelling open orders');
  } finally {
    const stoppedAt = clock.now();
    exitCode = await shutdown({
      clock,
      logger,
      deadlineMs: stoppedAt + config.lifecycle.shutdownDeadlineMs,
      stopQuoting: async () => {
        await poller?.stop();
        for (const close of closers.reverse()) await close();
        await executor?.stop();
      },
      venue: target.credentials !== undefined && trade ? client : undefined,
      // Several shards share the account: each clears only its own markets.
      markets: config.shard.count > 1 ? shardScope : undefined,
      knownOrderIds: () =>
        executor === undefined
          ? []
          : executor.tracker.markets().flatMap((m) => executor!.tracker.ordersOf(m).map((o) => o.id || o.clientOrderId)),
      // Fills of the last moments (the cancels raced them) are fetched, journaled and fsynced.
      flush: async () => {
        await feed?.catchUp().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'last fill catch-up failed'));
        await feed?.stop();
        await journal.close();
        const t = portfolio.totals();
        logger.info(
          {
            fills: journal.stats.fills,
            realizedPnl: t.realizedPnl.toFixed(),
            fees: t.feesPaid.toFixed(),
            rebates: t.rebatesReceived.toFixed(),
          },
          'journal flushed',
        );
      },
      close: async () => {
        await stack.close();
        await metrics.close();
      },
    });
    logger.info({ exitCode }, 'stopped');
  }
  return exitCode;
}
