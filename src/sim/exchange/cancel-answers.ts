/**
 * The answer of an owner's cancel of several orders (every one was live: none is `not_canceled`).
 * Two forms with the same values: the venue's record, and, for an in-process caller that only
 * counts them (a backtest's synthetic flow re-quoting), one that makes the ids only when read.
 */
import type { CancelResult } from '../../venue/types.js';
import type { SimOrder } from './sim-order.js';

/** The venue's answer (a plain record: the server sends it as it is). */
export function cancelledAnswer(orders: readonly SimOrder[]): CancelResult {
  const canceled: string[] = [];
  for (const o of orders) canceled.push(o.id);
  return { canceled, not_canceled: {} };
}

/** The same values, `canceled` made when read. In-process only: not a plain record (never serialize it). */
export class LazyIdsCancelResult implements CancelResult {
  readonly not_canceled: Record<string, string> = {};
  readonly #orders: readonly SimOrder[];

  constructor(orders: readonly SimOrder[]) {
    this.#orders = orders;
  }

  /** How many orders were cancelled (`canceled.length` without making their ids). */
  get count(): number {
    return this.#orders.length;
  }

  get canceled(): string[] {
    return cancelledAnswer(this.#orders).canceled;
  }
}
