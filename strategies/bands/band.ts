/** bands' parameters, parsed (strategies/bands.ts). */
import type { Decimal } from '../../src/money.js';

export interface Band {
  /** Position in the configured list (for messages). */
  readonly index: number;
  readonly minMargin: Decimal;
  readonly avgMargin: Decimal;
  readonly maxMargin: Decimal;
  readonly minAmount: Decimal;
  readonly avgAmount: Decimal;
  readonly maxAmount: Decimal;
}

export interface BandsParams {
  /** Sorted by minMargin; touching, never overlapping. */
  readonly bands: readonly Band[];
  readonly sides: 'both' | 'bid' | 'ask';
}
