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
import type { SimPointer } from './sim-pointer.js';

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
  /**
   * A client for the shutdown's cancels, opened at the stop signal: its own connections (never
   * behind a slow read holding every socket of the main client), no limiter (a cancel never waits
   * behind reads, posts or a throttle pause), no retries (cancel-and-verify repeats by rounds), and
   * every timeout set to the time left until `deadlineMs`. Closed with the stack.
   */
  openShutdownClient(deadlineMs: number): VenueClient;
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

/** The simulator a running daemon announced (sim-pointer.ts), as a venue to reach over HTTP. */
export function runningSimulatorTarget(p: SimPointer): VenueTarget {
  return {
    baseUrl: p.baseUrl,
    catalogBaseUrl: undefined,
    clobBaseUrl: undefined,
    wsUrl: p.wsUrl,
    credentials: p.credentials,
    simulator: undefined,
    close: async () => {},
  };
}

/** The venue client behind the rate limiter, both from config (or the given target). */
export async function openVenueStack(
  config: MakerdConfig,
  logger: Logger,
  clock: Clock = systemClock,
  onRequest?: RequestObserver,
  given?: VenueTarget,
): Promise<VenueStack> {
  const target = given ?? (await openVenueTarget(config, logger));
  const limiter = new RateLimiter({ clock, ...config.limits, logger: logger.child({ component: 'limiter' }) });
  const where = {
    baseUrl: target.baseUrl,
    catalogBaseUrl: target.catalogBaseUrl,
    clobBaseUrl: target.clobBaseUrl,
    credentials: target.credentials,
    headerPrefix: config.venue.headerPrefix,
    clock,
    logger: logger.child({ component: 'venue' }),
    connectionsPerOrigin: config.venue.connectionsPerOrigin,
    onRequest,
    // Every answer read within its route's bound (the shutdown's cancels too).
    answers: config.venue.answers,
    // A book side with more levels is unusable, unread (books.maxLevels).
    maxBookLevels: config.books.maxLevels,
  };
  const client = createVenueClient({ ...where, gate: limiter, timeouts: config.venue.timeouts, retry: config.venue.retry });
  const shutdownClients: VenueClient[] = [];
  return {
    target,
    limiter,
    client,
    openShutdownClient(deadlineMs) {
      const leftMs = Math.max(1, deadlineMs - clock.now());
      const timeouts = {
        connectMs: Math.min(config.venue.timeouts.connectMs, leftMs),
        headersMs: leftMs,
        bodyMs: leftMs,
        requestMs: leftMs,
      };
      const c = createVenueClient({ ...where, timeouts, retry: { maxAttempts: 1 } });
      shutdownClients.push(c);
      return c;
    },
    async close() {
      await Promise.all([client.close(), ...shutdownClients.map((c) => c.close())]);
      limiter.close();
      await target.close();
    },
  };
}
