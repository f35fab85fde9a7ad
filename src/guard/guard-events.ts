/** What the guards report: changes of what they do to a side, the state of a side, our fills. */
import type { Decimal } from '../money.js';
import type { QuoteSide } from '../strategy/strategy.js';
import type { GuardName } from './side-hold.js';

export type GuardEventAction = 'pull' | 'widen' | 'narrow' | 'release';

/** A change of what the guards do to one side (logged and counted; never one per tick). */
export interface GuardEvent {
  readonly market: string;
  readonly side: QuoteSide;
  readonly guard: GuardName;
  readonly action: GuardEventAction;
  readonly ticks: number;
  /** Until when the responsible hold lasts before it starts to return (Unix ms; 0 for toxicity). */
  readonly untilMs: number;
}

export interface SideStatus {
  readonly guard: GuardName;
  readonly pulled: boolean;
  readonly ticks: number;
  readonly untilMs: number;
}

/** A fill of ours in outcome-0 space. */
export interface GuardFill {
  readonly side: QuoteSide;
  readonly price: Decimal;
  readonly atMs: number;
}

/**
 * A fill of one of our orders in outcome-0 space: buying outcome 0 at p or selling outcome 1 at
 * 1 - p is a bid at p; selling outcome 0 or buying outcome 1 is an ask.
 */
export function guardFillOf(outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, atMs: number): GuardFill {
  const bid = (outcomeIndex === 0) === (side === 'BUY');
  return { side: bid ? 'bid' : 'ask', price: outcomeIndex === 0 ? price : price.neg().plus(1), atMs };
}
