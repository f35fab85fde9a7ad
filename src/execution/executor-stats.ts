/**
 * The executor's counters, by bounded reason words (never order ids or prices): what metrics
 * export as makerd_orders_total{action,reason} and makerd_order_rejections_total{reason}.
 * `actions` holds the totals per action; `orders` the same split by reason (both words: order-reasons.ts).
 */
import type { ExecutorAction, OrderReason } from './order-reasons.js';

export class ExecutorStats {
  readonly actions: Record<ExecutorAction, number> = {
    placed: 0,
    cancelled: 0,
    cancel_market: 0,
    cancel_failed: 0,
    kept: 0,
    deferred: 0,
    uncertain: 0,
    adopted: 0,
    vanished: 0,
  };
  /** Per action, per reason. */
  readonly orders: { readonly [A in ExecutorAction]: Partial<Record<OrderReason, number>> } = {
    placed: {},
    cancelled: {},
    cancel_market: {},
    cancel_failed: {},
    kept: {},
    deferred: {},
    uncertain: {},
    adopted: {},
    vanished: {},
  };
  readonly rejections: Record<string, number> = {};

  count(action: ExecutorAction, n = 1, reason: OrderReason = action === 'kept' ? 'within_tolerance' : 'none'): void {
    if (n <= 0) return;
    this.actions[action] += n;
    const byReason = this.orders[action];
    byReason[reason] = (byReason[reason] ?? 0) + n;
  }

  /** `reason`: an error code or a refusal word (bounded set). */
  reject(reason: string): void {
    this.rejections[reason] = (this.rejections[reason] ?? 0) + 1;
  }
}
