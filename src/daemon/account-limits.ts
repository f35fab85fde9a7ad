/**
 * Part of phase start-quoting, with `risk.scope: account`: the risk gate is kept told what the
 * rest of the account holds (positions on every read of GET /positions, open orders on every full
 * GET /data/orders listing of the open-order sync, with the one before it: a listing of several
 * pages may skip orders), so that this shard keeps to its share of the
 * account's limits (src/risk/account-scope.ts). A change of the others' positions re-evaluates
 * every market at once; their orders count from the next evaluation.
 */
import type { Executor } from '../execution/executor.js';
import type { RiskGate } from '../risk/index.js';
import { accountViewOf, ordersOfLastTwo } from '../trading/account-view.js';
import type { PositionPoller } from '../trading/position-poller.js';
import type { OpenOrder } from '../venue/types.js';
import type { DaemonContext } from './daemon-context.js';

export interface AccountLimitsInput {
  readonly risk: RiskGate;
  readonly positions: PositionPoller;
  readonly executor: Executor;
  readonly scope: ReadonlySet<string>;
  /** Re-evaluates every market (the trading loop's evaluateAll). */
  readonly evaluateAll: () => void;
}

export function watchAccount({ config, logger }: DaemonContext, i: AccountLimitsInput): void {
  const shards = config.shard.count;
  let orders: readonly OpenOrder[] = [];
  let lastListing: readonly OpenOrder[] = [];
  const update = (): void => i.risk.setAccountView(accountViewOf(shards, i.scope, i.positions.positions, orders));
  update();
  i.positions.onChange((markets) => {
    update();
    if ([...markets].some((m) => !i.scope.has(m))) i.evaluateAll();
  });
  i.executor.onListing((listing, market) => {
    if (market !== undefined) return;
    // A listing of several pages may have skipped some of the others' orders: the last two count.
    orders = ordersOfLastTwo(lastListing, listing);
    lastListing = listing;
    update();
  });
  logger.info(
    {
      shards,
      maxNetExposure: config.risk.maxNetExposure,
      maxGrossNotional: config.risk.maxGrossNotional,
      maxOpenOrders: config.risk.maxOpenOrders,
    },
    'risk limits are account totals (risk.scope account): this shard keeps to its share',
  );
}
