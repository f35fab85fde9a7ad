/**
 * The metrics of a run's parts that exist only after the admin server is up, registered by phase:
 * the venue side once the venue is open (the limiter's windows, the poller, the position reads),
 * the account side once the risk gate is armed (PnL, income, fills, loss limits, reconciliation).
 */
import type { Registry } from 'prom-client';
import type { RateLimiter } from '../limits/index.js';
import { registerLimiterMetrics } from '../metrics/limiter-metrics.js';
import { registerIncomeMetrics } from '../metrics/income-metrics.js';
import { registerPollerMetrics } from '../metrics/poller-metrics.js';
import { registerPortfolioMetrics } from '../metrics/portfolio-metrics.js';
import { registerPositionMetrics } from '../metrics/position-metrics.js';
import type { Portfolio } from '../portfolio/index.js';
import type { LossLimitGuard } from '../risk/index.js';
import type { AccountFeeds } from './count-missed-fills.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import type { JournalState } from './replay-journal.js';

export function registerVenueSideMetrics(
  { clock }: DaemonContext,
  registry: Registry,
  i: { limiter: RateLimiter; view: DaemonView; account: () => AccountFeeds },
): void {
  registerLimiterMetrics(registry, () => i.limiter.snapshot());
  registerPollerMetrics(
    registry,
    () => i.view.poller?.stats,
    () => clock.now(),
  );
  registerPositionMetrics(registry, () => i.account().positions?.failuresByCode);
}

/** Registers the account's metrics; returns what the journal tells of each write's latency. */
export function registerAccountMetrics(
  registry: Registry,
  i: {
    portfolio: Portfolio;
    journal: JournalState;
    losses: Pick<LossLimitGuard, 'snapshot'>;
    mismatches: ReadonlyMap<string, number>;
    view: DaemonView;
  },
): (latencyMs: number) => void {
  // The reward estimator exists once quoting starts: read at each scrape.
  registerIncomeMetrics(registry, {
    portfolio: () => i.portfolio.snapshot(),
    rewards: () => i.view.rewards?.estimates(),
    markets: () => i.view.markets.map((m) => m.conditionId),
  });
  return registerPortfolioMetrics(registry, {
    portfolio: () => i.portfolio.snapshot(),
    fills: () => i.journal.fillCounts.snapshot(),
    lossLimits: () => i.losses.snapshot(),
    reconciliation: () => ({ mismatches: Object.fromEntries(i.mismatches) }),
    markets: () => i.view.markets.map((m) => m.conditionId),
  }).observeJournalWrite;
}
