/** The execution stage's public surface: what main.ts, metrics and tests may use. */
export { Executor, type ExecutionVenue, type ExecutorOptions, type WishContext } from './executor.js';
export { DispatchTrace, type HeldCause } from './dispatch-trace.js';
export {
  ORDER_REASONS,
  classifyPass,
  type CancelReason,
  type ExecutorAction,
  type OrderReason,
  type PlaceReason,
  type PullReason,
} from './order-reasons.js';
export { ExecutorStats } from './executor-stats.js';
export { diffMarket, type DiffOrder, type DiffSettings, type MarketDiff } from './order-diff.js';
export {
  OrderTracker,
  remaining,
  type OwnOrderFootprint,
  type ReconcileResult,
  type TrackedOrder,
  type TrackedState,
} from './order-tracker.js';
export { quotesByMarket } from './quote-counts.js';
export { TwoSidedTimer, quoteSideOf } from './two-sided.js';
export { cancelAllOpenOrders, type CancelAllVenue } from './cancel-all.js';
