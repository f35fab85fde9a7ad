/**
 * The executor of the daemon: turns approved quotes into orders through the venue, keeps the
 * limiter told of the open orders (cancel capacity), and reports venue failures to the risk gate,
 * whose error back-off pulls every quote after a burst.
 */
import { clientOrderIdSource, ownedBy, prefixOf } from '../execution/client-order-ids.js';
import { type ExecutionVenue, Executor, type ExecutorOptions } from '../execution/executor.js';
import { SUSTAINED_WINDOW_MS, defaultDepth } from '../execution/write-budget.js';
import type { LimiterSnapshot, RateLimiter } from '../limits/index.js';
import type { RiskGate } from '../risk/index.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';

export interface CreateExecutorInput {
  readonly client: VenueClient;
  /** Where orders go instead of the client (paper mode's paper venue). */
  readonly venue?: ExecutionVenue | undefined;
  readonly limiter: RateLimiter;
  readonly risk: RiskGate;
  /** This data directory's client-order-id prefix. */
  readonly prefix: string;
}

/** The risk gate's override source of a market where others' orders rest. */
export const FOREIGN_ORDERS = 'foreign-orders';

export function createExecutor(
  { config, clock, logger }: DaemonContext,
  { client, venue, limiter, risk, prefix }: CreateExecutorInput,
): Executor {
  const halted = new Set<string>();
  const exec = new Executor({
    venue: venue ?? client,
    clock,
    settings: config.executor,
    setOpenOrders: (n) => limiter.setOpenOrders(n),
    onVenueFailure: (kind) => {
      const until = risk.recordVenueFailure(kind, clock.now());
      if (until !== undefined)
        logger.warn(
          { kind, untilMs: until, backoffMs: config.risk.errorBurst.backoffMs },
          'burst of venue errors: quotes pulled, backing off',
        );
    },
    logger: logger.child({ component: 'executor' }),
    nextClientOrderId: clientOrderIdSource(prefix, clock.now()),
    orderTtlSec: config.executor.orderTtlSec,
    owns: ownedBy(prefix),
    writeBudget: writeBudgetOf(limiter),
    // Another daemon (or a person) trades this market on the same account: stop quoting it rather
    // than fight over it; its orders are never cancelled (one by one for ours from now on).
    onForeignOrders: (market, orders) => {
      // Logged once per market: the sync sees the same orders every executor.syncIntervalMs.
      if (!halted.has(market)) {
        halted.add(market);
        const prefixes = [...new Set(orders.map((o) => prefixOf(o.client_order_id)))];
        logger.error(
          { market, orders: orders.length, prefixes, ownPrefix: prefix },
          `market HALTED: orders of another trader on this account (client-order-id prefix ${prefixes.join(', ')}); one daemon per account and markets`,
        );
      }
      risk.setOverride(market, FOREIGN_ORDERS, 'HALTED');
    },
  });
  exec.tracker.onFill((o, shares) =>
    logger.info(
      { market: o.conditionId, token: o.tokenId, side: o.side, price: o.price.toFixed(), shares: shares.toFixed() },
      'order filled',
    ),
  );
  return exec;
}

/** Capacity left now in every window of `scope` (the limiter's effective capacities). */
function roomOf(snap: LimiterSnapshot, scope: string): number {
  let room = Number.POSITIVE_INFINITY;
  for (const w of snap.windows) if (w.scope === scope) room = Math.min(room, w.capacity - w.used);
  return room;
}

/**
 * The executor's write budget from the limiter: POST /order's sustained window paced
 * (src/execution/write-budget.ts), and the posts the limiter could admit right now, which leave
 * the cancel reserve free in every window a DELETE /order counts in (src/limits/README.md).
 */
export function writeBudgetOf(limiter: RateLimiter): NonNullable<ExecutorOptions['writeBudget']> {
  const post = limiter.snapshot().windows.filter((w) => w.scope === 'POST /order');
  const capacity = post.find((w) => w.window === 'sustained')!.capacity;
  const burst = post.find((w) => w.window === 'burst')!.capacity;
  return {
    settings: { capacity, windowMs: SUSTAINED_WINDOW_MS, depth: defaultDepth(capacity, burst) },
    room: () => {
      const snap = limiter.snapshot();
      const reserve = snap.openOrders + snap.placesInFlight + limiter.settings.cancelReserve;
      const posts = Math.min(
        roomOf(snap, 'POST /order'),
        roomOf(snap, 'DELETE /order') - reserve - 1,
        roomOf(snap, 'clob:all') - reserve - 2,
      );
      return { posts: Math.max(0, posts), reserve };
    },
  };
}
