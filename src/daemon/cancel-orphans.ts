/**
 * Phase cancel-orphans (crash-only start-up): the orders an earlier run of this data directory
 * left in this daemon's markets (its client-order-id prefix) are cancelled, and that is verified
 * through GET /data/orders, before anything is placed. Orders of anyone else in these markets
 * (another daemon on the same account, a person) stop start-up, naming their prefix: cancelling
 * them would start a cancel war with a daemon that is running. It is also the first signed
 * request: wrong credentials stop start-up here, by name.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { prefixOf } from '../execution/client-order-ids.js';
import { type CancelVenue, cancelAndVerify, listOpen } from '../lifecycle/cancel-and-verify.js';
import type { OpenOrder } from '../venue/types.js';
import type { DaemonContext } from './daemon-context.js';

export interface CancelOrphansInput {
  readonly venue: CancelVenue;
  /** The markets whose orders this daemon owns. */
  readonly scope: ReadonlySet<string>;
  /** Whether a client order id is this data directory's (ours, or an earlier run's). */
  readonly owns: (clientOrderId: string) => boolean;
}

/** Resolves with the number of orders cancelled; throws unless none of ours is left, or when others' rest in scope. */
export async function cancelOrphans(
  { config, clock, logger, stop }: DaemonContext,
  { venue, scope, owns }: CancelOrphansInput,
): Promise<number> {
  const deadlineMs = clock.now() + config.lifecycle.startupDeadlineMs;
  const options = { venue, clock, markets: scope, deadlineMs, logger, signal: stop, owns };
  let others: OpenOrder[] = [];
  try {
    others = (await listOpen(options)).others;
  } catch {
    // cancelAndVerify lists again and names the failure (wrong credentials among them).
  }
  if (others.length > 0) throw foreignOrders(others);
  const r = await cancelAndVerify(options);
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
  // Listed again after the cancels: another daemon that had nothing resting a moment ago may have now.
  if ((r.others?.length ?? 0) > 0) throw foreignOrders(r.others!);
  logger.info(
    { cancelled: r.cancelled, rounds: r.rounds },
    r.cancelled > 0 ? 'start-up: cancelled the open orders an earlier run left' : 'start-up: no open orders left by an earlier run',
  );
  return r.cancelled;
}

/** The refusal: whose orders (prefixes), how many, in which markets. */
export function foreignOrders(others: readonly OpenOrder[]): MakerdError {
  const prefixes = [...new Set(others.map((o) => prefixOf(o.client_order_id)))];
  const markets = [...new Set(others.map((o) => o.market))];
  return new MakerdError(
    ErrorCode.CONFIG,
    `another trader is active in this daemon's markets on the same account: ${others.length} open order(s) with client-order-id prefix ${prefixes.join(', ')} in ${markets.length} market(s) (${markets.join(', ')}); not starting, and not cancelling them (one daemon per account and markets: stop the other daemon, or give each its own markets with shard.count/shard.index)`,
    { where: 'start-up' },
  );
}
