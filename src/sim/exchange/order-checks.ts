/**
 * The market-dependent checks of POST /order, after `checkOrderBody` (src/venue/param-rules.ts)
 * has checked its shape. Every failure here is a parameter problem and throws a MakerdError
 * BAD_PARAMETER naming the field and the rule (the server answers 400). Business outcomes (FOK not
 * fillable, post-only would cross) are not checked here: they are answered with success=false.
 *
 * Rules: the token must exist and its market must not have closed (market-close.ts); the price
 * must lie on the token's current tick (it may have changed since the catalog was built:
 * tick-rule.ts) and strictly inside (0,1);
 * the size must be at least the token's minimum, have at most 2 decimal places, and be at most
 * 10,000,000 shares; a GTD expiration must be in the future (Unix seconds > now); `owner` must be
 * the api key of the account placing the order.
 */
import { badParameter } from '../../errors.js';
import { toPlainString } from '../../money.js';
import type { CheckedOrderBody } from '../../venue/body-rules.js';
import type { OrderType, Side } from '../../venue/types.js';
import type { SimAccount } from '../contracts.js';
import type { TokenBook } from './token-book.js';
import { MAX_SIZE_UNITS, PRICE_DECIMALS, PRICE_SCALE, SIZE_DECIMALS, toUnits } from './units.js';

const WHERE = 'POST /order';

export interface OrderTicket {
  readonly book: TokenBook;
  readonly side: Side;
  readonly price: number;
  readonly size: number;
  readonly orderType: OrderType;
  readonly postOnly: boolean;
  readonly expiration: number;
  readonly clientOrderId: string;
}

export function checkOrderForMarket(account: SimAccount, body: CheckedOrderBody, book: TokenBook | undefined, nowSec: number): OrderTicket {
  const o = body.order;
  if (body.owner !== account.apiKey) throw badParameter(WHERE, 'owner', 'must be the api key of the authenticated account');
  if (book === undefined) throw badParameter(WHERE, 'order.asset_id', 'must be the token id of a listed market', o.asset_id);
  if (book.closed) {
    throw badParameter(
      WHERE,
      'order.asset_id',
      `must be a token of a market that accepts orders: market ${book.token.conditionId} is closed (it ended ${book.token.endDate})`,
      o.asset_id,
    );
  }
  const price = toUnits(o.price, PRICE_DECIMALS);
  if (price === undefined || price % book.tickUnits !== 0) {
    throw badParameter(WHERE, 'order.price', `must be a multiple of the tick size ${toPlainString(book.tickSize)}`, o.price);
  }
  if (price <= 0 || price >= PRICE_SCALE) throw badParameter(WHERE, 'order.price', 'must be strictly between 0 and 1', o.price);
  const size = toUnits(o.size, SIZE_DECIMALS);
  if (size === undefined) throw badParameter(WHERE, 'order.size', `must have at most ${SIZE_DECIMALS} decimal places`, o.size);
  if (size < book.minSizeUnits) {
    throw badParameter(WHERE, 'order.size', `must be at least the minimum order size ${toPlainString(book.token.minOrderSize)}`, o.size);
  }
  if (size > MAX_SIZE_UNITS) throw badParameter(WHERE, 'order.size', 'must be at most 10000000 shares', o.size);
  const expiration = Number(o.expiration);
  if (body.orderType === 'GTD' && !(expiration > nowSec)) {
    throw badParameter(WHERE, 'order.expiration', `must be in the future for GTD orders (now ${nowSec})`, o.expiration);
  }
  return {
    book,
    side: o.side,
    price,
    size,
    orderType: body.orderType,
    postOnly: body.postOnly,
    expiration: body.orderType === 'GTD' ? expiration : 0,
    clientOrderId: o.client_order_id,
  };
}
