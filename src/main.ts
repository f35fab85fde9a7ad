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
import { missingCredentials } from './config/warnings.js';
import { type DaemonHooks, signalName } from './daemon/daemon-hooks.js';
import { armRisk } from './daemon/arm-risk.js';
import { cancelOrphans } from './daemon/cancel-orphans.js';
import { checkConfig } from './daemon/check-config.js';
import { claimDataDir, type DataDirClaim, runEnd, runIdentity } from './daemon/claim-data-dir.js';
import type { Closers } from './daemon/closers.js';
import type { DaemonContext } from './daemon/daemon-context.js';
import { countMissedFills, type AccountFeeds } from './daemon/count-missed-fills.js';
import { createExecutor } from './daemon/create-executor.js';
import { newDaemonView, watchedMarket } from './daemon/daemon-view.js';
import { openVenue, requireCredentials } from './daemon/open-venue.js';
import { createPaperVenue, openPaperAccount } from './daemon/paper-trading.js';
import { linkTrackerToPositions } from './daemon/link-positions.js';
import { PhaseRunner } from './daemon/phase-runner.js';
import { readRules } from './daemon/read-rules.js';
import { reconcileWithVenue } from './daemon/reconcile-positions.js';
import { restoreJournal } from './daemon/replay-journal.js';
import { registerAccountMetrics, registerVenueSideMetrics } from './daemon/run-metrics.js';
import { selectMarketScope } from './daemon/select-markets.js';
import { serveMetrics } from './daemon/serve-metrics.js';
import { startQuoting, type Quoting } from './daemon/start-quoting.js';
import { startServices } from './daemon/start-services.js';
import { stopDaemon } from './daemon/stop-daemon.js';
import { startRecording } from './daemon/recording.js';
import type { Executor } from './execution/executor.js';
import type { Fill } from './portfolio/fill.js';
import { RecentProblems, tapProblems } from './metrics/recent-problems.js';
import { untilAborted } from './until-aborted.js';

/**
 * `makerd run`: the daemon. SIGHUP reloads strategy parameters and risk limits; SIGTERM/SIGINT
 * stop quoting, cancel every open order and verify it, within `lifecycle.shutdownDeadlineMs`.
 * Resolves with the exit status: 0 only when the cancels were verified.
 */
export async function runDaemon(config: MakerdConfig, parentLogger: Logger, stop: AbortSignal, hooks: DaemonHooks = {}): Promise<number> {
  // The data directory's lock is held until the run has ended, however it ends, and the way it
  // ended is recorded there (last-run.json) for the next start-up.
  const held: Held = {};
  let exitCode = 1;
  try {
    exitCode = await runPhases(config, parentLogger, stop, hooks, held);
    return exitCode;
  } finally {
    held.recordEnd?.(runEnd(signalName(stop), exitCode));
    held.release?.();
  }
}

type Held = { release?: DataDirClaim['release']; recordEnd?: DataDirClaim['recordEnd'] };

async function runPhases(config: MakerdConfig, parentLogger: Logger, stop: AbortSignal, hooks: DaemonHooks, held: Held): Promise<number> {
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
    const c = claimDataDir(config.data.dir, clock.now(), { identity: runIdentity(config), logger });
    held.release = c.release;
    held.recordEnd = c.recordEnd;
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
  const stack = await phases
    .run('open-venue', () => openVenue(ctx, { registry, problems, view }))
    .catch(async (err: unknown) => {
      await admin.server.close();
      throw err;
    });
  const { client, limiter, target } = stack;
  const closers: Closers = [];
  let executor: Executor | undefined;
  let scope: ReadonlySet<string> = new Set();
  let account: AccountFeeds = { positions: undefined, feed: undefined };
  let exitCode = 0;
  let orphansCleared = false;
  let failure: Error | undefined;
  try {
    const credentials = requireCredentials(stack, mode, logger, missingCredentials(config));
    registerVenueSideMetrics(ctx, registry, { limiter, view, account: () => account });
    const markets = await phases.run('select-markets', () => selectMarketScope(ctx, { client, strategies, registry }));
    const { selected, bindings, marketIds, tokens } = markets;
    view.markets = selected.map(watchedMarket);
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
    observeJournal = registerAccountMetrics(registry, { portfolio, journal, losses, mismatches, view });
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
    const missed = { client, credentials, scope, metadata, journal, risk, checkLosses, onFills, closers, view };
    account = await phases.run('count-missed-fills', async () =>
      paper === undefined ? countMissedFills(ctx, missed) : openPaperAccount(ctx, { ...missed, paper, executor: exec, tokens }),
    );
    const { positions, feed } = account;
    // What the tracker hears counts in the positions (or puts them in doubt) until GET /positions says.
    linkTrackerToPositions(exec, positions);
    if (positions !== undefined && feed !== undefined) {
      const acceptMismatch = config.lifecycle.acceptPositionMismatch;
      const journalPosition = (t: string) => portfolio.heldOnVenue(t);
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
      const services = { quoting: q, target, client, credentials, trade, registry, view, markets, metadata, executor: exec, feed };
      const guards = { positions, shares, paper, risk, killSwitch, losses, strategies, owns, tickTimer, recorder, closers };
      startServices(ctx, { ...services, ...guards, reload: { load: hooks.reloadConfig, subscribe: hooks.onReload } });
      q.poller.start();
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
