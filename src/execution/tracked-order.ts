/**
 * One order as the order tracker (order-tracker.ts) keeps it, what a reconciliation with the
 * venue's listing found, and an order's footprint in the books; with the arithmetic of what is
 * left of an order.
 */
import { compareDecimals, type Decimal, ZERO } from '../money.js';
import type { OpenOrder } from '../venue/types.js';

export type TrackedState = 'pending' | 'live' | 'uncertain';

export interface TrackedOrder {
  /** The venue's order id; '' until the post is answered. */
  id: string;
  readonly clientOrderId: string;
  readonly conditionId: string;
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly size: Decimal;
  matched: Decimal;
  state: TrackedState;
  /** When the venue expires it (a GTD order, Unix ms); undefined for GTC. */
  readonly expiresAtMs?: number | undefined;
  /** When the post was sent (pending/uncertain) or the order was last confirmed live (Unix ms). */
  sinceMs: number;
  /** A cancel of it is on its way (it may still rest and fill until the answer). */
  cancelling?: boolean;
  /** Always undefined: a tracked order is its own footprint (OwnOrderFootprint) while it rests. */
  readonly goneAtMs: undefined;
}

export interface ReconcileResult {
  /** Orders the venue has that the tracker did not know (e.g. left by an earlier run). */
  readonly adopted: number;
  /** Tracked orders the venue no longer lists (filled or cancelled). */
  readonly vanished: number;
  /** Uncertain posts resolved: found live, or known not to be resting. */
  readonly settledLive: number;
  readonly settledAbsent: number;
  /** Orders in scope that are not ours (another client-order-id prefix, or none): neither adopted nor touched. */
  readonly foreign: readonly OpenOrder[];
  /**
   * Markets with tracked orders the listing did not show but may have skipped (a listing of
   * several pages, `keepAbsent`): kept until a listing of the market alone settles them.
   */
  readonly unconfirmed: readonly string[];
}

/** Two reconciliations' results as one (a listing, then listings of the markets it left unconfirmed). */
export function addReconciled(a: ReconcileResult, b: ReconcileResult): ReconcileResult {
  return {
    adopted: a.adopted + b.adopted,
    vanished: a.vanished + b.vanished,
    settledLive: a.settledLive + b.settledLive,
    settledAbsent: a.settledAbsent + b.settledAbsent,
    foreign: [...a.foreign, ...b.foreign],
    unconfirmed: [...a.unconfirmed, ...b.unconfirmed],
  };
}

/** An order as it may still show in a book: resting now, or gone at `goneAtMs`. */
export interface OwnOrderFootprint {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  /** Original size: a book older than a partial fill still shows all of it. */
  readonly size: Decimal;
  readonly goneAtMs: number | undefined;
}

export function remaining(o: Pick<TrackedOrder, 'size' | 'matched'>): Decimal {
  // Nothing matched (the common case): the size itself, no new Decimal.
  return o.matched.isZero() ? o.size : o.size.minus(o.matched);
}

/** Nothing left to rest: filled whole (compared without the copy decimal.js's `lte` makes). */
export function filledUp(o: Pick<TrackedOrder, 'size' | 'matched'>): boolean {
  return compareDecimals(remaining(o), ZERO) <= 0;
}
