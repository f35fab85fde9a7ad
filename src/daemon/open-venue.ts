/**
 * Phase open-venue: the venue (the embedded simulator in sim mode), the rate limiter and the
 * client, with every request counted in the metrics; and the check that trading has credentials.
 */
import type { Logger } from 'pino';
import type { TradingMode } from '../config/schema/execution.js';
import type { Registry } from 'prom-client';
import { SCHEMA_LEAVES } from '../config/schema-leaves.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { streamOn } from '../market/stream-endpoints.js';
import type { RecentProblems } from '../metrics/recent-problems.js';
import { venueRequestMetrics } from '../metrics/venue-metrics.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import { removeSimPointer, writeSimPointer } from './sim-pointer.js';
import { openVenueStack, openVenueTarget, type VenueStack } from './venue-stack.js';

export interface OpenVenueInput {
  readonly registry: Registry;
  /** Learns the credentials' secrets, so that no log line shown in /status carries them. */
  readonly problems: RecentProblems;
  readonly view: DaemonView;
}

export async function openVenue(
  { config, clock, logger }: DaemonContext,
  { registry, problems, view }: OpenVenueInput,
): Promise<VenueStack> {
  const target = await openVenueTarget(config, logger);
  // Paper mode signs nothing: its stack has no credentials, so no request of the run can carry them.
  const given = config.trading.mode === 'paper' ? { ...target, credentials: undefined } : target;
  const opened = await openVenueStack(config, logger, clock, venueRequestMetrics(registry), given);
  const sim = opened.target.simulator;
  let stack = opened;
  if (sim !== undefined) {
    // `makerd query`/`cancel` with this data dir reach this simulator, not a fresh one.
    writeSimPointer(config.data.dir, { pid: process.pid, baseUrl: sim.baseUrl, wsUrl: sim.wsUrl, credentials: sim.credentials });
    stack = {
      ...opened,
      close: async () => {
        removeSimPointer(config.data.dir, process.pid);
        await opened.close();
      },
    };
  }
  const credentials = stack.target.credentials;
  view.limiter = stack.limiter;
  view.venueBaseUrl = stack.target.baseUrl;
  problems.addSecrets([credentials?.secret, credentials?.passphrase, credentials?.apiKey]);
  view.userStreamOn = credentials !== undefined && streamOn(config.stream.user, config);
  return stack;
}

/**
 * The account's credentials; live trading without them stops start-up with a way out (paper or
 * monitor mode), and monitor mode says so in the log. Paper mode has none (see openVenue).
 */
export function requireCredentials(
  stack: VenueStack,
  tradingMode: TradingMode | boolean,
  logger: Logger,
  /** The credential keys that are empty (config/warnings.ts missingCredentials), named in the error. */
  missing: readonly string[] = ['venue.address', 'venue.apiKey', 'venue.passphrase', 'venue.secret'],
): VenueCredentialsInput | undefined {
  // A boolean is the older "trade" flag: true = live, false = monitor.
  const mode = tradingMode === true ? 'live' : tradingMode === false ? 'monitor' : tradingMode;
  const credentials = stack.target.credentials;
  if (credentials === undefined && mode === 'live') {
    // Each empty key with its variable: a variable set from a file not written yet (the simulator's
    // sim.json read before its first line) is set, but empty, and the error says which.
    const named = missing.map((k) => {
      const env = SCHEMA_LEAVES.find((l) => l.key === k)?.env;
      return env === undefined ? k : `${k} (${env})`;
    });
    throw new MakerdError(
      ErrorCode.CONFIG,
      `live trading needs venue credentials (empty: ${named.join(', ')}); set trading.mode (MAKERD_TRADING_MODE) to "paper" to paper-trade on the public data, or to "monitor" (formerly trading.monitorOnly) to watch markets without trading`,
      { where: 'config', field: missing[0] ?? 'venue.secret' },
    );
  }
  if (mode === 'monitor') logger.warn('monitor-only: watching markets; no order will be placed or cancelled');
  return credentials;
}
