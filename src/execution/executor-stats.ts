/**
 * The executor's counters, by bounded reason words (never order ids or prices): what metrics
 * export as makerd_orders_total{action} and makerd_order_rejections_total{reason}.
 */
export type ExecutorAction = 'placed' | 'cancelled' | 'cancel_market' | 'cancel_failed' | 'kept' | 'uncertain' | 'adopted' | 'vanished';

export class ExecutorStats {
  readonly actions: Record<ExecutorAction, number> = {
    placed: 0,
    cancelled: 0,
    cancel_market: 0,
    cancel_failed: 0,
    kept: 0,
    uncertain: 0,
    adopted: 0,
    vanished: 0,
  };
  readonly rejections: Record<string, number> = {};

  count(action: ExecutorAction, n = 1): void {
    this.actions[action] += n;
  }

  /** `reason`: an error code or a refusal word (bounded set). */
  reject(reason: string): void {
    this.rejections[reason] = (this.rejections[reason] ?? 0) + 1;
  }
}
