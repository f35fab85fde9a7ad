/**
 * A market's wish as the executor holds it: the orders the risk gate approved at one evaluation,
 * with what the pass needs to carry it out (its trace, its planned work) until it is carried out
 * or replaced by a newer wish for the market.
 */
import type { Decimal } from '../money.js';
import type { UnheardFillsFit } from '../risk/unheard-order.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { DispatchTrace, HeldCause } from './dispatch-trace.js';
import type { MarketWork } from './dispatch-priority.js';
import type { PullReason } from './order-reasons.js';

export interface Wish {
  readonly tick: Decimal;
  readonly wanted: readonly OrderIntent[];
  readonly pull: PullReason;
  /** Replacements may go with their cancels (WishContext.overlap) while the market's additions stay at `additions`. */
  readonly overlap: boolean;
  readonly additions: number;
  /** The market's fills heard when the wish was made (the risk gate judged it against that position). */
  readonly fills: number;
  /** Whether the places still fit the limits had the cancelled orders filled unheard (undefined: no check). */
  readonly unheardFit: UnheardFillsFit | undefined;
  trace: DispatchTrace | undefined;
  /** Once the trace is let go while the wish waits (dispatch-trace.ts `held`): stamps its first request. */
  held: (() => void) | undefined;
  /** Lets go of the trace (the wish was carried out, replaced, or its tick's part of it sent). */
  release: () => void;
  /** Its market's work against the live orders, kept until either changes. */
  work: MarketWork | undefined;
  /** Whether places of this wish were counted as deferred already (once per wish). */
  deferredCounted: boolean;
}

export const NOTHING = (): void => {};

/** The wish waits on (the same object: #settle compares by identity): its trace is let go, its first request timed as held back for `cause`. */
export function holdBack(wish: Wish, cause: HeldCause): void {
  const release = wish.release;
  wish.held = wish.trace?.held(cause) ?? wish.held;
  wish.trace = undefined;
  wish.release = NOTHING;
  release();
}
