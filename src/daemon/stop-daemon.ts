/**
 * Phase stop: the orderly stop of lifecycle/shutdown.ts, told what this daemon started. Placing
 * stops at once (the executor's requests aborted); the open orders in scope are cancelled and
 * verified through a client of their own (fresh connections, no limiter) while the rest of
 * quoting stops (poller, then everything in `closers` backwards, then the executor's jobs); the
 * last fills are fetched and journaled; the venue and the admin server close. Resolves with the
 * exit status.
 */
import type { Executor } from '../execution/executor.js';
import { shutdown } from '../lifecycle/shutdown.js';
import { moneyText } from '../money.js';
import type { BookPoller } from '../market/poller.js';
import type { RunningMetricsServer } from '../metrics/metrics-server.js';
import type { FillFeed } from '../portfolio/fill-feed.js';
import type { FillJournal, Portfolio } from '../portfolio/index.js';
import type { Closers } from './closers.js';
import type { DaemonContext } from './daemon-context.js';
import type { VenueStack } from './venue-stack.js';

export interface StopDaemonInput {
  /** Whatever start-up got to (undefined: not reached). */
  readonly poller: BookPoller | undefined;
  readonly closers: Closers;
  readonly executor: Executor | undefined;
  readonly feed: FillFeed | undefined;
  readonly stack: VenueStack;
  /** False in monitor-only mode: nothing to cancel. */
  readonly trade: boolean;
  /** The markets this daemon owns (empty before selection). */
  readonly scope: ReadonlySet<string>;
  /** Whether an order is this data directory's: only ours are cancelled (never another daemon's). */
  readonly owns: (clientOrderId: string) => boolean;
  readonly journal: FillJournal;
  readonly portfolio: Portfolio;
  readonly metrics: RunningMetricsServer;
  /** True once start-up verified that no order of an earlier run is left (cancel-orphans). */
  readonly orphansCleared: boolean;
}

export function stopDaemon({ config, clock, logger }: DaemonContext, i: StopDaemonInput): Promise<number> {
  const { executor, feed, journal } = i;
  const deadlineMs = clock.now() + config.lifecycle.shutdownDeadlineMs;
  return shutdown({
    clock,
    logger,
    deadlineMs,
    haltPlacing: () => executor?.halt(),
    stopQuoting: async () => {
      await i.poller?.stop();
      for (const close of i.closers.reverse()) await close();
      await executor?.stop();
    },
    venue: i.stack.target.credentials !== undefined && i.trade ? i.stack.openShutdownClient(deadlineMs) : undefined,
    // Several shards share the account: each clears only its own markets.
    markets: config.shard.count > 1 ? i.scope : undefined,
    owns: i.owns,
    // Cancelled by market at once: only where this run has orders (live, posted or in flight), and
    // never where another trader's order was seen (a daemon refused at start-up cancels nothing).
    quotedMarkets: () =>
      (executor?.tracker.markets() ?? []).filter((m) => executor!.tracker.ordersOf(m).length > 0 && !executor!.sharedMarkets.has(m)),
    placedAny: () => executor !== undefined && (executor.postsStarted > 0 || executor.tracker.openCount() > 0),
    earlierRunCleared: i.orphansCleared,
    knownOrderIds: () => executor?.tracker.liveOrderIds() ?? [],
    // Fills of the last moments (the cancels raced them) are fetched, journaled and fsynced.
    flush: async () => {
      await feed?.catchUp().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'last fill catch-up failed'));
      await feed?.stop();
      await journal.close();
      const t = i.portfolio.totals();
      logger.info(
        {
          fills: journal.stats.fills,
          realizedPnl: moneyText(t.realizedPnl),
          fees: moneyText(t.feesPaid),
          rebates: moneyText(t.rebatesReceived),
        },
        'journal flushed',
      );
    },
    close: async () => {
      await i.stack.close();
      await i.metrics.close();
    },
  });
}
