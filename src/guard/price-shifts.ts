/**
 * The prices a market's guard gave a side (market-guard.ts apply) and the strategy's own price
 * behind each, so that a strategy that keeps its resting orders (bands), handed back the widened
 * price, is mapped to its own price before the current widening is applied again: the widening
 * never compounds.
 */
import { type Decimal, compareDecimals } from '../money.js';

export interface Shift {
  readonly guarded: Decimal;
  readonly own: Decimal;
  /** Undefined for the last apply's; an earlier apply's maps back until then. */
  readonly expiresMs?: number;
}

/**
 * How long a price an earlier apply gave still maps back to the strategy's own: an order resting
 * at a widened price may still be there (its re-price on its way) when the widening narrows or
 * ends and a guard engages again. Without it such an order, returned by a keeper at its widened
 * price, would be taken for the strategy's own price and widened again (0.39 -> 0.388 -> 0.386 at
 * an unchanged midpoint). Past it a price is the strategy's own again.
 */
const CARRY_MS = 2_000;

/** The strategy's own price behind a price the last apply gave (a kept order), else `price`. */
export function ownPrice(shifted: readonly Shift[], price: Decimal, nowMs: number): Decimal {
  for (const s of shifted) if (compareDecimals(s.guarded, price) === 0 && (s.expiresMs === undefined || nowMs <= s.expiresMs)) return s.own;
  return price;
}

/** This apply's shifts (`fresh`, extended in place) first, then the earlier ones still within CARRY_MS. */
export function carried(fresh: Shift[], previous: readonly Shift[], nowMs: number): Shift[] {
  for (const s of previous) {
    const expiresMs = s.expiresMs ?? nowMs + CARRY_MS;
    // Not at a price already given (this apply's, or an earlier carried one's).
    if (nowMs > expiresMs || fresh.some((f) => compareDecimals(f.guarded, s.guarded) === 0)) continue;
    fresh.push({ guarded: s.guarded, own: s.own, expiresMs });
  }
  return fresh;
}
