/**
 * The orderly stop, bounded by one deadline: stop quoting (poller, streams, executor jobs and
 * their requests), cancel every open order in scope at the top priority and verify through
 * GET /data/orders that none is left, flush what must be durable, close. The result is the
 * process's exit status: 0 only when the cancels were verified. Orders that could not be
 * verified are logged with their ids, so an operator knows exactly what to look at.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { cancelAndVerify, type CancelVenue } from './cancel-and-verify.js';

export interface ShutdownPlan {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Absolute clock time (ms) by which everything must be done. */
  readonly deadlineMs: number;
  /** Stops everything that could place an order (poller, streams, executor), in order. */
  readonly stopQuoting: () => Promise<void>;
  /** undefined: no cancels (monitor-only, no credentials). */
  readonly venue: CancelVenue | undefined;
  /** Markets to clear; undefined = every market of the account. */
  readonly markets: ReadonlySet<string> | undefined;
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
  const stopped = await Promise.race([p.stopQuoting().then(() => true), after(left() - CLOSE_MARGIN_MS, false)]);
  if (!stopped) logger.warn('quoting did not stop in time; cancelling anyway');
  if (p.venue !== undefined) {
    const r = await cancelAndVerify({
      venue: p.venue,
      clock,
      markets: p.markets,
      deadlineMs: p.deadlineMs - CLOSE_MARGIN_MS,
      logger,
      signal: p.signal,
      owns: p.owns,
    });
    if (r.verified) logger.info({ canceled: r.cancelled, failed: 0, rounds: r.rounds }, 'open orders cancelled');
    else {
      status = 1;
      logger.error(
        {
          canceled: r.cancelled,
          failed: r.left.length,
          // The venue's listing when it answered; else what the daemon itself knows to be live.
          orderIds: r.left.length > 0 ? r.left.map((o) => o.id) : (p.knownOrderIds?.() ?? []),
          reason: r.error,
        },
        'open orders may be left at shutdown: cancels not verified',
      );
    }
  }
  await Promise.race([p.flush(), after(left(), undefined)]);
  const closed = await Promise.race([p.close().then(() => true), after(left(), false)]);
  if (!closed) logger.warn('connections did not close before the shutdown deadline');
  return status;
}
