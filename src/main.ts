/**
 * The one place where makerd's parts are wired together: configuration -> venue (the embedded
 * simulator or the live one) -> rate limiter -> venue client -> poller, plus orderly shutdown.
 * Every other module receives what it needs as arguments.
 */
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Clock } from './clock/clock.js';
import { systemClock } from './clock/system-clock.js';
import { configuredCredentials } from './config/load.js';
import type { MakerdConfig } from './config/schema.js';
import { ErrorCode, MakerdError } from './errors.js';
import { RateLimiter } from './limits/index.js';
import { BookPoller, type MarketSnapshot } from './market/poller.js';
import type { FaultConfig, SimulatorOptions } from './sim/simulator.js';
import { startSimulator, type RunningSimulator } from './sim/simulator.js';
import { createVenueClient, type VenueClient } from './venue/client.js';
import type { VenueCredentialsInput } from './venue/credentials.js';
import { collectItems } from './venue/pagination.js';
import type { RequestObserver } from './venue/http/venue-requester.js';
import { listening } from './config/listen-error.js';
import { createRegistry } from './metrics/registry.js';
import { venueRequestMetrics } from './metrics/venue-metrics.js';
import { registerLimiterMetrics } from './metrics/limiter-metrics.js';
import { registerPollerMetrics } from './metrics/poller-metrics.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { notReadyReason } from './metrics/readiness.js';
import { discoverTokens } from './market/discover-tokens.js';
import { untilAborted } from './until-aborted.js';

export { discoverTokens } from './market/discover-tokens.js';

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

/** The simulator's options from `sim.*` (and the venue's header prefix). */
export function simulatorOptions(config: MakerdConfig, logger?: Logger, clock?: Clock): SimulatorOptions {
  const { sim } = config;
  const f = sim.faults;
  const faults: FaultConfig = {
    latencyMs: f.latencyMs,
    latencyJitterMs: f.latencyJitterMs,
    errorRate: f.errorRate,
    resetRate: f.resetRate,
    frozenBooks: f.frozenBooks,
    wsDropRate: f.wsDropRate,
    malformed: f.malformedRate > 0 ? { kind: f.malformedKind, rate: f.malformedRate } : null,
    ...(f.throttleStormMs > 0 ? { throttleStormMs: f.throttleStormMs } : {}),
    ...(f.maintenanceMs > 0 ? { maintenanceMs: f.maintenanceMs } : {}),
  };
  const simCredentials = config.venue.mode === 'sim' ? configuredCredentials(config) : undefined;
  return {
    host: sim.host,
    port: sim.port,
    seed: sim.seed,
    markets: sim.markets,
    authWindowMs: sim.authWindowMs,
    headerPrefix: config.venue.headerPrefix,
    flow: {
      enabled: sim.flow.enabled,
      stepMs: sim.flow.stepMs,
      A: sim.flow.A,
      k: sim.flow.k,
      sigma: sim.flow.sigma,
      jumpRate: sim.flow.jumpRate / 3600,
      jumpSize: sim.flow.jumpSize,
      informedShare: sim.flow.informedShare,
    },
    edgeLimits: { enabled: sim.edgeLimits.enabled, scale: sim.edgeLimits.scale },
    faults,
    ...(simCredentials === undefined ? {} : { credentials: simCredentials }),
    ...(logger === undefined ? {} : { logger }),
    ...(clock === undefined ? {} : { clock }),
  };
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

/**
 * Cancels every open order of the account, market by market, and reports what could not be
 * cancelled. Used at shutdown so that no order is left unmanaged.
 */
export async function cancelAllOpenOrders(client: VenueClient, logger: Logger): Promise<{ canceled: number; failed: number }> {
  const open = await collectItems(client.iterateOpenOrders({}));
  const markets = [...new Set(open.map((o) => o.market))];
  let canceled = 0;
  let failed = 0;
  await Promise.all(
    markets.map(async (market) => {
      try {
        const r = await client.cancelMarketOrders({ market });
        canceled += r.canceled.length;
        const notCanceled = Object.entries(r.not_canceled);
        failed += notCanceled.length;
        if (notCanceled.length > 0) logger.error({ market, not_canceled: r.not_canceled }, 'orders not cancelled at shutdown');
      } catch (err) {
        failed += open.filter((o) => o.market === market).length;
        logger.error({ market, err: (err as Error).message }, 'cancel-market failed at shutdown');
      }
    }),
  );
  return { canceled, failed };
}

function summarize(s: MarketSnapshot): Record<string, unknown> {
  return { usable: s.books.size, unusable: s.unusable.size, mids: s.mids.size };
}

/**
 * `makerd run`: the daemon. Today it starts the venue (embedded simulator in sim mode), the
 * limiter and the client, discovers the tokens to quote, polls their books and midpoints, and
 * serves /metrics, /healthz and /readyz; on SIGTERM/SIGINT it stops polling, cancels every open
 * order of the account and exits.
 */
export async function runDaemon(config: MakerdConfig, logger: Logger, stop: AbortSignal): Promise<void> {
  try {
    mkdirSync(config.data.dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new MakerdError(ErrorCode.CONFIG, `data.dir: cannot create ${JSON.stringify(config.data.dir)} (${code})`, { where: 'config', field: 'data.dir' });
  }
  const registry = createRegistry();
  let poller: BookPoller | undefined;
  const notReady = (): string | undefined => notReadyReason(poller?.stats, systemClock.now(), config.poller);
  const { host, port } = config.metrics;
  const metricsKeys = { host: 'metrics.host', port: 'metrics.port' };
  const metrics = await listening(() => startMetricsServer({ host, port, registry, notReadyReason: notReady }), 'the metrics server', metricsKeys, host, port);
  logger.info({ url: metrics.url }, 'metrics server listening (/metrics, /healthz, /readyz)');
  let stack: VenueStack;
  try {
    stack = await openVenueStack(config, logger, systemClock, venueRequestMetrics(registry));
  } catch (err) {
    await metrics.close();
    throw err;
  }
  const { client } = stack;
  if (stack.target.credentials === undefined) {
    logger.warn('no venue credentials: read-only; orders can be neither placed nor cancelled (venue.address, venue.apiKey, venue.passphrase, venue.secret)');
  }
  registerLimiterMetrics(registry, () => stack.limiter.snapshot());
  registerPollerMetrics(registry, () => poller?.stats, () => systemClock.now());
  try {
    const tokens = await discoverTokens(client, config, stop);
    if (tokens.length === 0) throw new MakerdError(ErrorCode.CONFIG, 'no tokens to poll: set poller.tokens or check the venue', { where: 'poller' });
    logger.info({ tokens: tokens.length, intervalMs: config.poller.intervalMs }, 'polling books and midpoints');
    let ticks = 0;
    poller = new BookPoller({
      source: client,
      clock: systemClock,
      tokens,
      intervalMs: config.poller.intervalMs,
      staleAfterMs: config.poller.staleAfterMs,
      logger: logger.child({ component: 'poller' }),
      onSnapshot: (s) => {
        ticks++;
        if (ticks === 1 || ticks % 60 === 0) logger.info({ tick: ticks, ...summarize(s), limiter: headroomSummary(stack.limiter) }, 'market snapshot');
        else logger.debug({ tick: ticks, ...summarize(s) }, 'market snapshot');
      },
    });
    poller.start();
    await untilAborted(stop);
    logger.info('stopping: no new orders; cancelling open orders');
  } catch (err) {
    // A stop signal during start-up (the catalog walk aborted) is an orderly stop, not a failure.
    if (!stop.aborted) throw err;
    logger.info('stopping during start-up; cancelling open orders');
  } finally {
    await poller?.stop();
    if (stack.target.credentials !== undefined) {
      try {
        const r = await cancelAllOpenOrders(client, logger);
        if (r.failed > 0) logger.error(r, 'open orders left at shutdown');
        else logger.info(r, 'open orders cancelled');
      } catch (err) {
        logger.error({ err: (err as Error).message }, 'could not list open orders at shutdown');
      }
    }
    await stack.close();
    await metrics.close();
    logger.info('stopped');
  }
}

function headroomSummary(limiter: RateLimiter): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of limiter.snapshot().windows) {
    if (w.used > 0) out[`${w.scope}/${w.windowMs / 1000}s`] = Math.round(w.headroom * 1000) / 1000;
  }
  return out;
}
