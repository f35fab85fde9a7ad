/**
 * The orderly stop, bounded by one deadline: stop placing at once (every queued, unsent or
 * in-flight post aborted), cancel every open order in scope by market and verify through
 * GET /data/orders that none is left — while the rest of quoting (poller, streams) winds down,
 * not after it — then flush what must be durable and close. The result is the process's exit
 * status: 0 only when the cancels were verified. When they were not, the orders are named: the
 * ones the venue still listed, or, when it never answered a listing, the ones this daemon knew.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { cancelAndVerify, type CancelVenue } from './cancel-and-verify.js';

export interface ShutdownPlan {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Absolute clock time (ms) by which everything must be done. */
  readonly deadlineMs: number;
  /** Stops placing now, synchronously: nothing new is sent once it returns. */
  readonly haltPlacing: () => void;
  /** Stops the rest of quoting (poller, streams, executor jobs); runs alongside the cancels. */
  readonly stopQuoting: () => Promise<void>;
  /** undefined: no cancels (monitor-only, no credentials). */
  readonly venue: CancelVenue | undefined;
  /** Markets to clear; undefined = every market of the account. */
  readonly markets: ReadonlySet<string> | undefined;
  /** Markets cancelled at once, before any listing (those this daemon quoted). */
  readonly quotedMarkets?: (() => Iterable<string>) | undefined;
  /** True once this run has sent (or started to send) an order post. */
  readonly placedAny?: (() => boolean) | undefined;
  /** True when start-up verified that no order of an earlier run was left. */
  readonly earlierRunCleared?: boolean | undefined;
  /** Ids of the orders the daemon knows to be live: named when the venue cannot list them. */
  readonly knownOrderIds?: (() => readonly string[]) | undefined;
  /** Makes what must survive durable (the journal). */
  readonly flush: () => Promise<void>;
  /** Closes connections and servers. */
  readonly close: () => Promise<void>;
  /** Aborts the cancels at once (a second signal). */
  readonly signal?: AbortSignal | undefined;
  /** Whether an order (by client order id) is ours: only ours are cancelled; default every order. */
  readonly owns?: ((clientOrderId: string) => boolean) | undefined;
}

/** Time kept back from the deadline for flushing and closing. */
const CLOSE_MARGIN_MS = 1_000;

/** Resolves after `ms` of real time with `value`, without keeping the process up. */
function after<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), Math.max(0, ms)).unref());
}

export async function shutdown(p: ShutdownPlan): Promise<number> {
  const { clock, logger } = p;
  let status = 0;
  const left = (): number => p.deadlineMs - clock.now();
  p.haltPlacing();
  const quieted = p.stopQuoting().then(
    () => true,
    (err: unknown) => {
      logger.warn({ err: (err as Error).message }, 'stopping quoting failed');
      return true;
    },
  );
  const placedAny = p.placedAny?.() ?? true;
  if (p.venue !== undefined && !placedAny && p.earlierRunCleared === true) {
    logger.info('no order placed by this run and none left by an earlier one: nothing to cancel');
  } else if (p.venue !== undefined) {
    const r = await cancelAndVerify({
      venue: p.venue,
      clock,
      markets: p.markets,
      cancelFirst: p.quotedMarkets?.(),
      deadlineMs: p.deadlineMs - CLOSE_MARGIN_MS,
      logger,
      signal: p.signal,
      owns: p.owns,
    });
    if (r.verified) logger.info({ canceled: r.cancelled, failed: 0, rounds: r.rounds }, 'open orders cancelled');
    else {
      status = 1;
      // The venue's listing when it answered: orders verifiably left. Else what the daemon itself
      // knew to be live, which the cancels sent may well have cleared.
      const orderIds = r.listed ? r.left.map((o) => o.id) : (p.knownOrderIds?.() ?? []);
      const fields = { canceled: r.cancelled, failed: orderIds.length, rounds: r.rounds, orderIds, listed: r.listed, reason: r.error };
      if (r.listed) logger.error(fields, 'open orders left at shutdown: the venue still lists them');
      else if (!placedAny)
        // Nothing of this run's can be open; an earlier run's orders may be (start-up stopped
        // before clearing them): the next start-up cancels them before it places anything.
        logger.error(
          fields,
          'this run placed no order, but could not verify that none an earlier run left is open: the next start-up cancels them',
        );
      else logger.error(fields, 'open orders may be left at shutdown: cancels sent, but the venue answered no listing to verify them');
    }
  }
  const stopped = await Promise.race([quieted, after(left() - CLOSE_MARGIN_MS, false)]);
  if (!stopped) logger.warn('quoting did not stop before the shutdown deadline (placing had stopped at once)');
  await Promise.race([p.flush(), after(left(), undefined)]);
  const closed = await Promise.race([p.close().then(() => true), after(left(), false)]);
  if (!closed) logger.warn('connections did not close before the shutdown deadline');
  return status;
}
