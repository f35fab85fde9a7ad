/**
 * Phase serve-metrics: the admin server (/metrics, /healthz, /readyz, /status) listens before the
 * venue is touched, so a slow or failing start-up can be watched. It answers from the daemon view,
 * which later phases fill in.
 */
import type { Registry } from 'prom-client';
import { listening } from '../config/listen-error.js';
import { marketBookAgeSeconds, registerBookAgeMetrics } from '../metrics/book-age-metrics.js';
import { makerdVersion, registerBuildInfo } from '../metrics/build-info.js';
import { Heartbeat, heartbeatLimitMs } from '../metrics/heartbeat.js';
import { ADMIN_LISTENING, ADMIN_PATHS, type RunningMetricsServer, startMetricsServer } from '../metrics/metrics-server.js';
import { registerReadyMetric } from '../metrics/readiness.js';
import type { RecentProblems } from '../metrics/recent-problems.js';
import { createRegistry } from '../metrics/registry.js';
import { refreshCost } from '../execution/refresh-cost.js';
import { registerPaperMetrics } from '../metrics/paper-metrics.js';
import { registerRedeemableMetrics } from '../metrics/redeemable-metrics.js';
import { buildStatus, paperStatus } from '../metrics/status.js';
import { publicUrl, venueKind } from '../metrics/venue-status.js';
import { journalDir, PAPER_JOURNAL_DIR } from '../portfolio/journal.js';
import { registerStreamMetrics } from '../metrics/stream-metrics.js';
import { registerTickMetrics, type TickTimer } from '../metrics/tick-metrics.js';
import { streamOn } from '../market/stream-endpoints.js';
import type { Portfolio } from '../portfolio/index.js';
import type { DaemonContext } from './daemon-context.js';
import { type DaemonView, notReady, viewQuotes } from './daemon-view.js';

export interface ServeMetricsInput {
  readonly view: DaemonView;
  readonly portfolio: Portfolio;
  readonly problems: RecentProblems;
  /** The phase in progress (phase-runner.ts), for /status. */
  readonly phase: () => string;
  readonly startedAtMs: number;
}

export interface AdminServer {
  /** Later phases register their metrics here. */
  readonly registry: Registry;
  readonly server: RunningMetricsServer;
  /** /healthz: beaten by every market snapshot. */
  readonly heartbeat: Heartbeat;
  /** Times a market event from its arrival to its dispatch. */
  readonly tickTimer: TickTimer;
}

export async function serveMetrics(
  { config, clock, logger }: DaemonContext,
  { view, portfolio, problems, phase, startedAtMs }: ServeMetricsInput,
): Promise<AdminServer> {
  const registry = createRegistry();
  const paperMode = config.trading.mode === 'paper';
  if (paperMode) {
    // Every series of a paper run says so: its fills and PnL are virtual.
    registry.setDefaultLabels({ mode: 'paper' });
    registerPaperMetrics(registry, () => view.paper);
  }
  const now = (): number => clock.now();
  const ready = (): string | undefined => notReady(view, clock, config.poller);
  const bookTimeMs = (t: string): number | undefined => view.books?.bookTimeMs(t);
  const heartbeat = new Heartbeat(clock, heartbeatLimitMs(config));
  registerBuildInfo(registry);
  registerReadyMetric(registry, ready);
  const tickTimer = registerTickMetrics(registry);
  registerBookAgeMetrics(registry, { markets: () => view.markets, bookTimeMs, now });
  registerStreamMetrics(registry, () => view.streams);
  registerRedeemableMetrics(registry, {
    redeemable: () => portfolio.redeemable(),
    now,
    alertAfterSec: config.portfolio.redeemableAlertAfterSec,
    markets: () => view.markets.map((m) => m.conditionId),
  });
  const status = (): unknown =>
    buildStatus({
      version: makerdVersion(),
      trading: config.trading.mode,
      venue: () => ({ kind: venueKind(config.venue.mode), baseUrl: publicUrl(view.venueBaseUrl) }),
      marketNames: (market) => view.markets.find((m) => m.conditionId === market),
      paper: () => (view.paper === undefined ? undefined : paperStatus(view.paper, journalDir(config.data.dir, PAPER_JOURNAL_DIR))),
      startedAtMs,
      now,
      notReady: ready,
      phase,
      risk: () => view.risk?.snapshot(clock.now()),
      portfolio: () => portfolio.snapshot(),
      limiter: () => view.limiter?.snapshot(),
      markets: () => view.markets.map((m) => m.conditionId),
      bookAgeSeconds: (market) =>
        marketBookAgeSeconds(view.markets.find((m) => m.conditionId === market)?.tokens ?? [], bookTimeMs, clock.now()),
      quotes: () => viewQuotes(view),
      lossLimits: () => {
        const l = view.losses?.snapshot();
        return l === undefined ? undefined : { maxDailyLoss: l.limits.maxDailyLoss, maxDrawdown: l.limits.maxDrawdown, engaged: l.engaged };
      },
      streams: () => ({ enabled: { market: streamOn(config.stream.market, config), user: view.userStreamOn }, probes: view.streams }),
      lastErrors: () => problems.list(),
      guards: (market) => view.loop?.guardStatus(market),
      selector: () => view.selector?.(),
      rewards: () => {
        const r = view.rewards;
        return r === undefined ? undefined : { day: r.day, estimates: r.estimates(), totalToday: r.totalToday() };
      },
      intensity: () => view.intensity?.snapshot(clock.now()),
      redeemable: () => portfolio.redeemable(),
      quoteFidelity: () => ({
        overall: view.executor?.fidelity.overall(clock.now()),
        markets: view.executor?.fidelity.ratios(clock.now()) ?? new Map(),
      }),
      orderRefresh: () =>
        config.executor.orderTtlSec === 0
          ? undefined
          : refreshCost(config.executor.orderTtlSec, view.executor?.tracker.openCount() ?? 0, config.limits.share),
    });
  const { host, port } = config.metrics;
  const server = await listening(
    () => startMetricsServer({ host, port, registry, notReadyReason: ready, notAliveReason: () => heartbeat.problem(), status }),
    'the metrics server',
    { host: 'metrics.host', port: 'metrics.port' },
    host,
    port,
  );
  logger.info({ url: server.url, paths: ADMIN_PATHS }, ADMIN_LISTENING);
  return { registry, server, heartbeat, tickTimer };
}
