/**
 * Placing an order: checks, matching against the book (matching.ts: price-time priority,
 * self-trade prevention), recording the execution, resting the rest, and the answer.
 *
 * - GTC rests until filled or cancelled; GTD also until `expiration` (Unix seconds), when it
 *   expires (cancellation.ts, expiry-timer.ts) and becomes CANCELED (event CANCELLATION).
 * - FOK fills completely at once or is refused; FAK fills what it can and the rest is CANCELED;
 *   a FAK/FOK that finds no (enough) liquidity of other accounts is refused without any change.
 * - post-only (GTC/GTD) is refused when it would cross the book, own resting orders included.
 * - Refusals answer success=false, status 'unmatched', orderID '' and errorMsg naming the rule;
 *   parameter problems (tick, min size, unknown token, past GTD expiry) throw BAD_PARAMETER.
 * - Accepted: see placement-answers.ts.
 */
import type { CheckedOrderBody } from '../../venue/body-rules.js';
import type { OrderResponse } from '../../venue/types.js';
import type { ExchangeEvent, SimAccount } from '../contracts.js';
import { executionViews } from './account-trades.js';
import { onRestingClosed } from './cancellation.js';
import type { ExchangeCore } from './exchange-core.js';
import { Execution, type Match } from './execution.js';
import { fillableSize, matchIncoming, wouldCross } from './matching.js';
import { checkOrderForMarket } from './order-checks.js';
import { type PlacedAnswer, placedAnswer } from './placement-answers.js';
import { SimOrder } from './sim-order.js';
import { applyAutoTick } from './tick-sizes.js';
import type { TokenBook } from './token-book.js';
import { priceText, sizeText } from './units.js';

const NO_EVENTS: readonly ExchangeEvent[] = [];

function refused(errorMsg: string): OrderResponse {
  return { success: false, errorMsg, orderID: '', status: 'unmatched', makingAmount: '0', takingAmount: '0' };
}

/**
 * Places `body` for `account` at clock time `now` (ms); due expiries were applied by the caller.
 * `answer` makes an accepted order's answer (placement-answers.ts).
 */
export function placeOrder(
  core: ExchangeCore,
  account: SimAccount,
  body: CheckedOrderBody,
  now: number,
  answer: PlacedAnswer = placedAnswer,
): OrderResponse {
  const nowSec = Math.floor(now / 1000);
  const t = checkOrderForMarket(account, body, core.book(body.order.asset_id), nowSec);
  const book = t.book;
  const address = account.address;
  if (t.postOnly && wouldCross(book, t.side, t.price)) return refused('post-only order would cross the book');
  if (t.orderType === 'FOK' && fillableSize(book, t.side, t.price, address, t.size) < t.size) {
    return refused('FOK order could not be filled completely at its price');
  }
  if (t.orderType === 'FAK' && fillableSize(book, t.side, t.price, address, 1) === 0) {
    return refused('FAK order found no resting orders to match at its price');
  }
  const state = core.state(account);
  const seq = core.ids.nextOrderSeq();
  const order = new SimOrder(seq, account, book.token, t.side, t.price, t.size, t.orderType, t.expiration, t.clientOrderId, nowSec);
  const listening = core.events.listening;
  const stp: SimOrder[] = [];
  const matches = matchIncoming(book, order, stp);
  for (const o of stp) onRestingClosed(core, o);
  for (const m of matches) if (m.maker.status === 'MATCHED') onRestingClosed(core, m.maker);
  const tradeEvents = matches.length > 0 ? recordExecution(core, book, order, matches, now, nowSec) : NO_EVENTS;

  let fakRestCancelled = false;
  if (order.remaining > 0) {
    if (t.orderType === 'GTC' || t.orderType === 'GTD') {
      const side = t.side === 'BUY' ? book.bids : book.asks;
      side.getOrCreate(t.price).append(order);
      state.addLive(order);
      if (account.operator) core.operatorOpen++;
      if (t.orderType === 'GTD') core.expiry.push(order);
    } else {
      order.status = 'CANCELED';
      fakRestCancelled = true;
      state.closedAtOnce(order, core.closedCap);
    }
  } else {
    state.closedAtOnce(order, core.closedCap);
  }
  applyAutoTick(core, book);

  if (listening) {
    orderEvents(core, book, order, matches, stp, fakRestCancelled);
    for (const e of tradeEvents) core.events.push(e);
  }
  return answer(order, matches);
}

/** Records the execution and the last price; returns the trade events (when listening). */
function recordExecution(
  core: ExchangeCore,
  book: TokenBook,
  taker: SimOrder,
  matches: readonly Match[],
  now: number,
  nowSec: number,
): readonly ExchangeEvent[] {
  const exec = new Execution(core.ids.nextTradeSeq(), now, nowSec, taker, matches);
  core.executions.push(exec);
  if (core.executions.length > core.executionsCap * 2) core.executions = core.executions.slice(-core.executionsCap);
  const takerState = core.state(taker.account);
  if (takerState.keepsHistory) takerState.ledger(taker.token).add(exec);
  takerState.addTrade(exec, core.tradesCap);
  for (const m of matches) {
    const makerState = core.state(m.maker.account);
    const notional = m.size * m.price;
    takerState.addFill(notional);
    makerState.addFill(notional);
    if (makerState.keepsHistory) {
      makerState.ledger(taker.token).add(m);
      // One trade entry per maker account per execution.
      if (makerState.trades[makerState.trades.length - 1] !== exec) makerState.addTrade(exec, core.tradesCap);
    }
    if (m.maker.account.operator) core.operatorFills++;
  }
  if (taker.account.operator) core.operatorFills += matches.length;
  book.lastTrade = matches[matches.length - 1]!.price;

  if (!core.events.listening) return NO_EVENTS;
  const events: ExchangeEvent[] = [];
  core.events.traded(book);
  // Each view's maker_address is its viewer's address.
  for (const trade of executionViews(exec)) events.push({ type: 'trade', address: trade.maker_address, trade });
  for (const m of matches) {
    events.push({
      type: 'last_trade_price',
      tokenId: taker.token.tokenId,
      price: priceText(m.price),
      side: taker.side,
      size: sizeText(m.size),
    });
  }
  return events;
}

/** Order events of one placement (PLACEMENT shows the incoming order's state after the call). */
function orderEvents(
  core: ExchangeCore,
  book: TokenBook,
  order: SimOrder,
  matches: readonly Match[],
  stp: readonly SimOrder[],
  fakRestCancelled: boolean,
): void {
  const events = core.events;
  const address = order.account.address;
  events.push({ type: 'order', address, event: 'PLACEMENT', order: order.toOpenOrder() });
  for (const o of stp) events.push({ type: 'order', address: o.account.address, event: 'CANCELLATION', order: o.toOpenOrder() });
  for (const m of matches) events.push({ type: 'order', address: m.maker.account.address, event: 'UPDATE', order: m.maker.toOpenOrder() });
  if (fakRestCancelled) events.push({ type: 'order', address, event: 'CANCELLATION', order: order.toOpenOrder() });
  if (order.status === 'LIVE') events.touch(book, order.side, order.price);
}
