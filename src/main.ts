/**
 * The one place where makerd's parts are wired together. `runDaemon` tells a run as its phases
 * (src/daemon/, one job each): check the configuration -> replay the journal -> serve metrics ->
 * open the venue -> select markets -> read their rules -> arm the risk gate -> cancel the orders
 * an earlier run left -> count the fills missed meanwhile -> reconcile positions -> start quoting
 * -> trade until the stop signal -> stop. Each phase is logged when it starts and ends, and the
 * one in progress is /status's `phase`. Every other module receives what it needs as arguments.
 */
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { systemClock } from './clock/system-clock.js';
import type { MakerdConfig } from './config/schema.js';
import { watchAccount } from './daemon/account-limits.js';
import { type DaemonHooks, signalName } from './daemon/daemon-hooks.js';
import { armRisk } from './daemon/arm-risk.js';
import { cancelOrphans } from './daemon/cancel-orphans.js';
import { checkConfig } from './daemon/check-config.js';
import { claimDataDir } from './daemon/claim-data-dir.js';
import type { Closers } from './daemon/closers.js';
import type { DaemonContext } from './daemon/daemon-context.js';
import { countMissedFills, type AccountFeeds } from './daemon/count-missed-fills.js';
import { createExecutor } from './daemon/create-executor.js';
import { newDaemonView } from './daemon/daemon-view.js';
import { openVenue, requireCredentials } from './daemon/open-venue.js';
import { createPaperVenue, openPaperAccount } from './daemon/paper-trading.js';
import { startMarketSwaps } from './daemon/market-swaps.js';
import { startOrderRefresh } from './daemon/order-refresh.js';
import { startOrderSync } from './daemon/order-sync.js';
import { PhaseRunner } from './daemon/phase-runner.js';
import { readRules } from './daemon/read-rules.js';
import { reconcileWithVenue } from './daemon/reconcile-positions.js';
import { startRewardEstimates } from './daemon/reward-estimates.js';
import { restoreJournal } from './daemon/replay-journal.js';
import { selectMarketScope } from './daemon/select-markets.js';
import { serveMetrics } from './daemon/serve-metrics.js';
import { startQuoting, type Quoting } from './daemon/start-quoting.js';
import { stopDaemon } from './daemon/stop-daemon.js';
import { startRecording } from './daemon/recording.js';
import { startStreams } from './daemon/streams.js';
import type { VenueStack } from './daemon/venue-stack.js';
import type { Executor } from './execution/executor.js';
import type { Fill } from './portfolio/fill.js';
import { registerLimiterMetrics } from './metrics/limiter-metrics.js';
import { registerPollerMetrics } from './metrics/poller-metrics.js';
import { registerPortfolioMetrics } from './metrics/portfolio-metrics.js';
import { registerPositionMetrics } from './metrics/position-metrics.js';
import { RecentProblems, tapProblems } from './metrics/recent-problems.js';
import { reloadConfiguration } from './trading/config-reload.js';
import { untilAborted } from './until-aborted.js';

/**
 * `makerd run`: the daemon. SIGHUP reloads strategy parameters and risk limits; SIGTERM/SIGINT
 * stop quoting, cancel every open order and verify it, within `lifecycle.shutdownDeadlineMs`.
 * Resolves with the exit status: 0 only when the cancels were verified.
 */
export async function runDaemon(config: MakerdConfig, parentLogger: Logger, stop: AbortSignal, hooks: DaemonHooks = {}): Promise<number> {
  // The data directory's lock is held until the run has ended, however it ends.
  const held: { release?: () => void } = {};
  try {
    return await runPhases(config, parentLogger, stop, hooks, held);
  } finally {
    held.release?.();
  }
}

async function runPhases(
  config: MakerdConfig,
  parentLogger: Logger,
  stop: AbortSignal,
  hooks: DaemonHooks,
  held: { release?: () => void },
): Promise<number> {
  const clock = hooks.clock ?? systemClock;
  const startedAtMs = clock.now();
  // The last warnings and errors, for /status (scrubbed of the credentials).
  const problems = new RecentProblems({ secrets: [config.venue.secret, config.venue.passphrase, config.venue.apiKey] });
  // A paper run says so on every log line (its fills are virtual).
  const logger = tapProblems(config.trading.mode === 'paper' ? parentLogger.child({ mode: 'paper' }) : parentLogger, problems);
  const ctx: DaemonContext = { config, clock, logger, stop };
  const phases = new PhaseRunner(clock, logger);
  // Every request in flight listens on the stop signal (start-up reads many markets at once).
  setMaxListeners(0, stop);
  const { strategies, claim } = await phases.run('check-config', async () => {
    const loaded = await checkConfig(config, clock.now());
    const c = claimDataDir(config.data.dir, clock.now());
    held.release = c.release;
    return { strategies: loaded, claim: c };
  });
  const { owns } = claim;
  const mode = config.trading.mode;
  const trade = mode !== 'monitor';
  // Late-bound: the journal's write metric and the trading loop exist only further on.
  let observeJournal: (ms: number) => void = () => {};
  let quoting: Quoting | undefined;
  const journal = await phases.run('replay-journal', () => restoreJournal(ctx, { onJournalWrite: (ms) => observeJournal(ms) }));
  const { portfolio } = journal;
  const view = newDaemonView();
  const phase = (): string => phases.current;
  const admin = await phases.run('serve-metrics', () => serveMetrics(ctx, { view, portfolio, problems, phase, startedAtMs }));
  const { registry, heartbeat, tickTimer } = admin;
  let stack: VenueStack;
  try {
    stack = await phases.run('open-venue', () => openVenue(ctx, { registry, problems, view }));
  } catch (err) {
    await admin.server.close();
    throw err;
  }
  const { client, limiter, target } = stack;
  const closers: Closers = [];
  let executor: Executor | undefined;
  let scope: ReadonlySet<string> = new Set();
  let account: AccountFeeds = { positions: undefined, feed: undefined };
  let exitCode = 0;
  let orphansCleared = false;
  let failure: Error | undefined;
  try {
    const credentials = requireCredentials(stack, mode, logger);
    registerLimiterMetrics(registry, () => limiter.snapshot());
    registerPollerMetrics(
      registry,
      () => view.poller?.stats,
      () => clock.now(),
    );
    registerPositionMetrics(registry, () => account.positions?.failuresByCode);
    const markets = await phases.run('select-markets', () => selectMarketScope(ctx, { client, strategies, registry }));
    const { selected, bindings, marketIds, tokens } = markets;
    view.markets = selected.map((m) => ({ conditionId: m.conditionId, tokens: [...m.tokens] }));
    scope = markets.scope;
    const recorder = startRecording(ctx, { tokens, source: target.baseUrl, closers });
    const reads = recorder?.tap(client) ?? client;
    const metadata = await phases.run('read-rules', () => readRules(ctx, { client: reads, marketIds }));
    closers.push(() => metadata.close());

    const onLossLimitChange = (): void => quoting?.loop.evaluateAll();
    const { risk, losses, killSwitch, checkLosses } = await phases.run('arm-risk', () =>
      armRisk(ctx, { bindings, portfolio, view, onLossLimitChange }),
    );
    const mismatches = new Map<string, number>();
    observeJournal = registerPortfolioMetrics(registry, {
      portfolio: () => portfolio.snapshot(),
      fills: () => journal.fillCounts.snapshot(),
      lossLimits: () => losses.snapshot(),
      reconciliation: () => ({ mismatches: Object.fromEntries(mismatches) }),
      markets: () => view.markets.map((m) => m.conditionId),
    }).observeJournalWrite;
    const paper = mode === 'paper' ? createPaperVenue(ctx, claim.prefix) : undefined;
    view.paper = paper;
    const exec = createExecutor(ctx, { client, venue: paper, limiter, risk, prefix: claim.prefix });
    executor = exec;
    hooks.onLiveOrders?.(() => exec.tracker.liveOrderIds());
    view.executor = exec;
    if (credentials !== undefined && trade) {
      await phases.run('cancel-orphans', () => cancelOrphans(ctx, { venue: client, scope, owns }));
      orphansCleared = true;
    }
    const onFills = (fills: readonly Fill[]): void => {
      recorder?.fillsCounted(fills.length);
      quoting?.loop.onFills(fills);
    };
    const missed = { client, credentials, scope, metadata, journal, risk, checkLosses, onFills, closers };
    account = await phases.run('count-missed-fills', async () =>
      paper === undefined ? countMissedFills(ctx, missed) : openPaperAccount(ctx, { ...missed, paper, executor: exec, tokens }),
    );
    const { positions, feed } = account;
    // The fills the tracker hears count in the positions until GET /positions holds them.
    if (positions) exec.tracker.onFill((o, n) => positions.heardFill(o.tokenId, o.side === 'BUY' ? n : n.neg()));
    // An order forgotten without all its fills heard may have filled: doubt until GET /positions says.
    if (positions) exec.tracker.onForget((o, n) => positions.heardGone(o.tokenId, o.side === 'BUY' ? n : n.neg()));
    // Places waiting on that doubt: the read that settles it now, not at the next interval.
    if (positions)
      exec.onPlacesHeld((_, hold) => {
        if (hold === 'unheard-fills') void positions.refresh();
      });
    if (positions !== undefined && feed !== undefined) {
      const acceptMismatch = config.lifecycle.acceptPositionMismatch;
      const journalPosition = (t: string) => portfolio.position(t);
      await phases.run('reconcile-positions', () =>
        reconcileWithVenue({ selected, journalPosition, venue: positions, acceptMismatch, risk, logger, mismatches }),
      );
      feed.start();
    }
    // A restart inside a bad day engages the loss limits before the first quote.
    checkLosses();

    quoting = await phases.run('start-quoting', () => {
      const pipeline = { risk, killSwitch, checkLosses, executor: exec, limiter, portfolio, heartbeat, tickTimer, trade };
      const shares = positions ?? account.paperPositions;
      const q = startQuoting(ctx, {
        client: reads,
        registry,
        view,
        bindings,
        marketIds,
        tokens,
        metadata,
        positions: shares,
        recorder,
        ...pipeline,
      });
      const { loop, books, poller } = q;
      const quotingParts = { books, loop, poller, executor: exec, feed, tickTimer, closers, recorder };
      const streams = startStreams(ctx, { target, credentials, view, marketIds, scope, tokens, metadata, paper, ...quotingParts });
      if (credentials !== undefined) closers.push(startOrderSync(ctx, { executor: exec, scope }));
      closers.push(startRewardEstimates(ctx, { registry, view, books, executor: exec, metadata }));
      if (credentials !== undefined && trade) closers.push(startOrderRefresh(ctx, { executor: exec }));
      if (config.risk.scope === 'account' && positions !== undefined)
        watchAccount(ctx, { risk, positions, executor: exec, scope, evaluateAll: () => loop.evaluateAll() });
      // selector.rerankSec: each re-ranking may swap the markets quoted (cancel-and-verify out, bind in).
      const watched = { rerank: markets.rerank, selected, registry, view, loop, poller, books, streams, metadata, risk, strategies };
      const ordering = { executor: exec, venue: paper ?? client, owns, scope: markets.scope, shares, trade, record: recorder };
      const swaps = startMarketSwaps(ctx, { ...watched, ...ordering });
      if (swaps) closers.push(swaps.close);
      const live = swaps === undefined ? { selected } : { selected: swaps.set.selected, selector: swaps };
      const reload = hooks.reloadConfig;
      // SIGHUP: strategy parameters and risk limits again, from the same files, environment and flags.
      const reloadable = { loop, risk, killSwitch, losses, ...live, strategies, running: config };
      const unsubscribe = reload === undefined ? undefined : hooks.onReload?.(() => reloadConfiguration(reload, reloadable, logger));
      if (unsubscribe !== undefined) closers.push(unsubscribe);
      poller.start();
      heartbeat.beat();
      view.startup = undefined;
      return q;
    });
    await phases.run('trade', () => untilAborted(stop));
    logger.info({ signal: signalName(stop) }, 'stopping: no new orders; cancelling open orders');
  } catch (err) {
    // A stop signal during start-up (the catalog walk aborted) is an orderly stop, not a failure.
    if (!stop.aborted) {
      failure = err as Error;
      throw err;
    }
    logger.info({ signal: signalName(stop) }, 'stopping during start-up; cancelling open orders');
  } finally {
    const started = { poller: quoting?.poller, closers, executor, feed: account.feed, stack, trade, scope, owns, orphansCleared };
    exitCode = await phases.run('stop', () => stopDaemon(ctx, { ...started, journal: journal.journal, portfolio, metrics: admin.server }));
    // A failure exits 1 (the CLI's fatal line follows), whatever the stop itself managed.
    if (failure === undefined) logger.info({ exitCode }, 'stopped');
    else logger.info({ exitCode: 1, err: failure.message }, 'stopped after a failure');
  }
  return exitCode;
}
export type { DaemonHooks } from './daemon/daemon-hooks.js';
