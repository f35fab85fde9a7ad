/**
 * The venue as makerd reaches it: the embedded simulator (sim mode) or the configured venue
 * (live mode), behind the rate limiter and the venue client. Used by the daemon's open-venue
 * phase and by the one-shot CLI commands (query, cancel, sim).
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';
import { listening } from '../config/listen-error.js';
import { configuredCredentials } from '../config/load.js';
import type { MakerdConfig } from '../config/schema.js';
import { RateLimiter } from '../limits/index.js';
import { simulatorOptions } from '../sim/sim-options.js';
import { startSimulator, type RunningSimulator } from '../sim/simulator.js';
import { createVenueClient, type VenueClient } from '../venue/client.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { RequestObserver } from '../venue/http/venue-requester.js';

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
