/**
 * The executor of the daemon: turns approved quotes into orders through the venue, keeps the
 * limiter told of the open orders (cancel capacity), and reports venue failures to the risk gate,
 * whose error back-off pulls every quote after a burst.
 */
import { Executor } from '../execution/executor.js';
import type { RateLimiter } from '../limits/index.js';
import type { RiskGate } from '../risk/index.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';

export interface CreateExecutorInput {
  readonly client: VenueClient;
  readonly limiter: RateLimiter;
  readonly risk: RiskGate;
}

export function createExecutor({ config, clock, logger }: DaemonContext, { client, limiter, risk }: CreateExecutorInput): Executor {
  const exec = new Executor({
    venue: client,
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
  });
  exec.tracker.onFill((o, shares) =>
    logger.info(
      { market: o.conditionId, token: o.tokenId, side: o.side, price: o.price.toFixed(), shares: shares.toFixed() },
      'order filled',
    ),
  );
  return exec;
}
