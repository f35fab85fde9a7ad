/** The terms of the executor's check of places after cancels (position-doubt.ts and its integer path). */
import type { Decimal } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';

/** An order whose fills may go unheard: what is left of it, as the executor last knew. */
export interface UnheardOrder {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly remaining: Decimal;
  /** Its price (the neg-risk event's check, risk.perEvent); undefined: counted at the worst, 1. */
  readonly price?: Decimal | undefined;
}

/** Whether these orders, filled whole and unheard, keep the approved orders inside the limits. */
export type UnheardFillsFit = (orders: readonly UnheardOrder[]) => boolean;

/** What the approved orders add up to: the risk check's result. */
export interface ApprovedSet {
  readonly approved: readonly OrderIntent[];
  /** Outcome-0 shares up (bids) and down (asks). */
  readonly bids: Decimal;
  readonly asks: Decimal;
}
