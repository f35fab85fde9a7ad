/**
 * Ending resting orders outside matching: an owner's cancel (one order, a market's or asset's
 * orders, all of them) and GTD expiry. Cancel results: unknown id or another account's order ->
 * `order not found`; an order that is no longer live (filled, cancelled, expired) -> `order
 * already closed`. A cancelled or expired order becomes CANCELED with a CANCELLATION event.
 */
import type { CancelResult } from '../../venue/types.js';
import type { OrderFilter, SimAccount } from '../contracts.js';
import type { ExchangeCore } from './exchange-core.js';
import type { SimOrder } from './sim-order.js';
import { applyAutoTick } from './tick-sizes.js';

/** Bookkeeping for a resting order that just ended (already unlinked from its level). */
export function onRestingClosed(core: ExchangeCore, order: SimOrder): void {
  core.state(order.account).noteClosed(order, core.closedCap);
  if (order.account.operator) core.operatorOpen--;
  if (core.events.listening) core.events.touch(core.book(order.token.tokenId)!, order.side, order.price);
}

/** Cancels a live resting order outside matching (owner cancel or expiry). */
export function cancelResting(core: ExchangeCore, order: SimOrder): void {
  const level = order.level!;
  const book = core.book(order.token.tokenId)!;
  level.remove(order);
  if (level.count === 0) (order.side === 'BUY' ? book.bids : book.asks).drop(level);
  order.status = 'CANCELED';
  onRestingClosed(core, order);
  applyAutoTick(core, book);
  if (core.events.listening)
    core.events.push({ type: 'order', address: order.account.address, event: 'CANCELLATION', order: order.toOpenOrder() });
}

/** The owner cancels one order by id. */
export function cancelOne(core: ExchangeCore, account: SimAccount, orderId: string): CancelResult {
  const result: CancelResult = { canceled: [], not_canceled: {} };
  const order = core.stateOf(account.address)?.order(orderId);
  if (order === undefined) result.not_canceled[orderId] = 'order not found';
  else if (order.status !== 'LIVE') result.not_canceled[orderId] = 'order already closed';
  else {
    cancelResting(core, order);
    result.canceled.push(orderId);
  }
  return result;
}

/**
 * The owner cancels every live order in `filter`'s market and asset (each when given; `{}`: all
 * of them), in placement order; the orders cancelled (their answer: cancel-answers.ts).
 */
export function cancelWhere(core: ExchangeCore, account: SimAccount, filter: OrderFilter): SimOrder[] {
  const state = core.stateOf(account.address);
  if (state === undefined) return [];
  // Chosen first, cancelled after: cancelling unlinks an order from the list being walked.
  const chosen = state.liveOrders(filter);
  for (const o of chosen) cancelResting(core, o);
  return chosen;
}

/** Expires every GTD order due at `nowSec` that is still live. */
export function expireDue(core: ExchangeCore, nowSec: number): void {
  if (core.expiry.peekAt() > nowSec) return;
  for (const o of core.expiry.popDue(nowSec)) if (o.status === 'LIVE') cancelResting(core, o);
}
