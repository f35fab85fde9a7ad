/**
 * Phase cancel-orphans (crash-only start-up): the orders an earlier run left in this daemon's
 * markets are cancelled, and that is verified through GET /data/orders, before anything is
 * placed. It is also the first signed request: wrong credentials stop start-up here, by name.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { type CancelVenue, cancelAndVerify } from '../lifecycle/cancel-and-verify.js';
import type { DaemonContext } from './daemon-context.js';

export interface CancelOrphansInput {
  readonly venue: CancelVenue;
  /** The markets whose orders this daemon owns. */
  readonly scope: ReadonlySet<string>;
}

/** Resolves with the number of orders cancelled; throws unless none is left. */
export async function cancelOrphans({ config, clock, logger, stop }: DaemonContext, { venue, scope }: CancelOrphansInput): Promise<number> {
  const deadlineMs = clock.now() + config.lifecycle.startupDeadlineMs;
  const r = await cancelAndVerify({ venue, clock, markets: scope, deadlineMs, logger, signal: stop });
  if (!r.verified) {
    if (stop.aborted) throw new MakerdError(ErrorCode.ABORTED, 'stopped during start-up', { where: 'start-up' });
    if (r.error?.includes(ErrorCode.AUTH) === true) {
      throw new MakerdError(
        ErrorCode.AUTH,
        `the venue refused the credentials (venue.address, venue.apiKey, venue.passphrase, venue.secret) on the first signed request: ${r.error}`,
        { where: 'start-up' },
      );
    }
    throw new MakerdError(
      ErrorCode.VENUE_FAULT,
      `start-up could not clear the open orders of the selected markets: ${r.error ?? 'unknown'}${r.left.length > 0 ? ` (orders ${r.left.map((o) => o.id).join(', ')})` : ''}`,
      { where: 'start-up' },
    );
  }
  logger.info(
    { cancelled: r.cancelled, rounds: r.rounds },
    r.cancelled > 0 ? 'start-up: cancelled the open orders an earlier run left' : 'start-up: no open orders left by an earlier run',
  );
  return r.cancelled;
}
