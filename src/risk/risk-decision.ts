/** What the risk gate (risk-gate.ts) answers for one evaluation, and what it reports of itself. */
import type { Decimal } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { EventBreach, EventStatus } from './event-limit.js';
import type { UnheardFillsFit } from './unheard-order.js';
import type { RefusalReason } from './refusal-reasons.js';
import type { TradingState } from './trading-state.js';

export interface RiskDecision {
  /** The orders that may rest, trimmed or moved where needed, in the strategy's order. */
  readonly approved: OrderIntent[];
  /** The market's effective state at this evaluation. */
  readonly state: TradingState;
  /** Intents refused at this evaluation, by reason. */
  readonly refused: Partial<Record<RefusalReason, number>>;
  /** True: cancel everything the market has (kill switch, HALTED, error back-off, the market's end, stale book). */
  readonly pulled: boolean;
  /** Approved intents whose size was cut. */
  readonly trimmed: number;
  /** Approved post-only intents moved one tick off the opposite best price. */
  readonly moved: number;
  /**
   * The approved orders and every order the market has now (`resting`) may rest together within
   * the limits (overlap.ts): replacements may be posted before the cancels of the orders they
   * replace are answered. The market's share of the global limits is then that union's.
   */
  readonly overlap: boolean;
  /**
   * Whether the approved orders may still be placed after cancels whose orders may have filled
   * unheard (position-doubt.ts); undefined when nothing was approved.
   */
  readonly unheardFit?: UnheardFillsFit | undefined;
  /**
   * The first order trimmed or refused for its neg-risk event's worst case (risk.perEvent): the
   * event, the loss it would have made and in which resolution, the limit. Undefined otherwise.
   */
  readonly eventLimit?: EventBreach | undefined;
}

export type StateChangeListener = (market: string, from: TradingState, to: TradingState, reason: string) => void;

export interface RiskSnapshot {
  readonly overall: TradingState;
  readonly killSwitch: boolean;
  /** What engaged (or last released) the kill switch, e.g. 'file data/KILL'. */
  readonly killSwitchSource: string | undefined;
  /**
   * What holds every market HALTED besides the kill switch: `risk.state` (configured), or the
   * source of an override on every market (`journal`, `portfolio.dailyLoss`, …). Empty otherwise.
   */
  readonly haltedBy: readonly string[];
  /** End of the current error back-off (Unix ms); undefined when none is running (at `nowMs`, if given). */
  readonly backoffUntilMs: number | undefined;
  /** Effective state of every market the gate knows. */
  readonly markets: Record<string, TradingState>;
  /** Cumulative refusals by reason (every reason present). */
  readonly refusals: Record<RefusalReason, number>;
  /** Cumulative venue failures reported, and back-offs started. */
  readonly failures: { readonly error: number; readonly throttle: number; readonly backoffs: number };
  /** Orders and USDC notional approved at each market's latest evaluation (with the orders they replace while both may rest), summed. */
  readonly restingOrders: number;
  readonly restingNotional: Decimal;
  /** Every neg-risk event of the markets evaluated: its worst case and the resolution that gives it. */
  readonly events: readonly EventStatus[];
  /** risk.perEvent.maxWorstLossUsdc; undefined when off. */
  readonly eventLossLimit: Decimal | undefined;
}
