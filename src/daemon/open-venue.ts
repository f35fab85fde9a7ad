/**
 * Phase open-venue: the venue (the embedded simulator in sim mode), the rate limiter and the
 * client, with every request counted in the metrics; and the check that trading has credentials.
 */
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { ErrorCode, MakerdError } from '../errors.js';
import { streamOn } from '../market/stream-endpoints.js';
import type { RecentProblems } from '../metrics/recent-problems.js';
import { venueRequestMetrics } from '../metrics/venue-metrics.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import { removeSimPointer, writeSimPointer } from './sim-pointer.js';
import { openVenueStack, type VenueStack } from './venue-stack.js';

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
  const opened = await openVenueStack(config, logger, clock, venueRequestMetrics(registry));
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
  problems.addSecrets([credentials?.secret, credentials?.passphrase, credentials?.apiKey]);
  view.userStreamOn = credentials !== undefined && streamOn(config.stream.user, config);
  return stack;
}

/**
 * The account's credentials; trading without them stops start-up with a way out (monitor-only),
 * and monitor-only says so in the log.
 */
export function requireCredentials(stack: VenueStack, trade: boolean, logger: Logger): VenueCredentialsInput | undefined {
  const credentials = stack.target.credentials;
  if (credentials === undefined && trade) {
    throw new MakerdError(
      ErrorCode.CONFIG,
      'live trading needs venue credentials (venue.address, venue.apiKey, venue.passphrase, venue.secret); set trading.monitorOnly (MAKERD_MONITOR_ONLY=true) to watch markets without trading',
      { where: 'config', field: 'venue.secret' },
    );
  }
  if (!trade) logger.warn('monitor-only: watching markets; no order will be placed or cancelled');
  return credentials;
}
