/** What the per-intent checks take and give (intent-checks.ts and its integer path, intent-checks-micro.ts). */
import type { Decimal } from '../money.js';
import type { EventRoom } from './event-limit.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { RefusalReason } from './refusal-reasons.js';
import type { RiskLimits } from './risk-limits.js';

export interface CheckOptions {
  readonly limits: RiskLimits;
  readonly reducing: boolean;
  /** Orders and notional approved for every other market. */
  readonly otherOrders: number;
  readonly otherNotional: Decimal;
  /**
   * A neg-risk market with risk.perEvent on: makes the event's room for one run of the checks (a
   * fresh one for each run: the integer path may give up part-way and the Decimal path start over).
   */
  readonly eventRoom?: (() => EventRoom) | undefined;
}

export interface CheckResult {
  readonly approved: OrderIntent[];
  readonly refused: Partial<Record<RefusalReason, number>>;
  readonly trimmed: number;
  readonly moved: number;
  readonly notional: Decimal;
  /** Approved sizes in outcome-0 terms: bids (worst case up) and asks (worst case down). */
  readonly bids: Decimal;
  readonly asks: Decimal;
}
