/**
 * The answer of an accepted placement: status 'live' when a rest of the order is on the book, else
 * 'matched'. makingAmount/takingAmount cover the immediate fills only, fees excluded: a BUY makes
 * USDC and takes shares, a SELL the reverse ("0" when nothing filled).
 *
 * Two forms with the same values: the venue's record (placeOrder) and, for an in-process caller
 * that hardly ever reads the order id (a backtest's synthetic flow), one that makes the id only
 * when it is read (an id is a hash and a 66-character string; most flow orders are never named).
 */
import type { OrderPostStatus, OrderResponse } from '../../venue/types.js';
import type { Match } from './execution.js';
import type { SimOrder } from './sim-order.js';
import { notionalText, sizeText } from './units.js';

/** USDC of the immediate fills ("0" when none: no amount to format). */
function filledUsdc(matches: readonly Match[]): string {
  if (matches.length === 0) return '0';
  let notional = 0;
  for (const m of matches) notional += m.price * m.size;
  return notionalText(notional);
}

function filledShares(order: SimOrder, matches: readonly Match[]): string {
  return matches.length === 0 ? '0' : sizeText(order.matched);
}

/** The venue's answer (a plain record: the server sends it as it is). */
export function placedAnswer(order: SimOrder, matches: readonly Match[]): OrderResponse {
  const usdc = filledUsdc(matches);
  const shares = filledShares(order, matches);
  return {
    success: true,
    errorMsg: '',
    orderID: order.id,
    status: order.status === 'LIVE' ? 'live' : 'matched',
    makingAmount: order.side === 'BUY' ? usdc : shares,
    takingAmount: order.side === 'BUY' ? shares : usdc,
  };
}

/** The same values, `orderID` made when read. In-process only: not a plain record (never serialize it). */
export class LazyIdAnswer implements OrderResponse {
  readonly success = true;
  readonly errorMsg = '';
  readonly status: OrderPostStatus;
  readonly makingAmount: string;
  readonly takingAmount: string;
  readonly #order: SimOrder;

  constructor(order: SimOrder, matches: readonly Match[]) {
    this.#order = order;
    const usdc = filledUsdc(matches);
    const shares = filledShares(order, matches);
    this.status = order.status === 'LIVE' ? 'live' : 'matched';
    this.makingAmount = order.side === 'BUY' ? usdc : shares;
    this.takingAmount = order.side === 'BUY' ? shares : usdc;
  }

  get orderID(): string {
    return this.#order.id;
  }
}

export function lazyIdAnswer(order: SimOrder, matches: readonly Match[]): OrderResponse {
  return new LazyIdAnswer(order, matches);
}

/** Makes an accepted placement's answer. */
export type PlacedAnswer = (order: SimOrder, matches: readonly Match[]) => OrderResponse;
