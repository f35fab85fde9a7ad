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
