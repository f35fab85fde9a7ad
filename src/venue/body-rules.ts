/**
 * The venue's rules for request bodies (POST /books and /midpoints batches, POST /order, DELETE
 * /order, DELETE /cancel-market-orders), as param-rules.ts has them for query and path parameters:
 * the client checks what it sends and the simulator what it receives, with the same code. Every
 * failure names the endpoint, the field and the rule.
 */
import { badParameter } from '../errors.js';
import { ENDPOINTS } from './endpoints.js';

const DECIMAL_RE = /^\d+(\.\d+)?$/;
/** Of DECIMAL_RE text: the value is strictly inside (0, 1). */
const PRICE_IN_RANGE_RE = /^0+\.\d*[1-9]/;
/** Of DECIMAL_RE text: the value is above 0. */
const NONZERO_DIGIT_RE = /[1-9]/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Maximum tokens in one POST /books or /midpoints body (the venue's reference clients batch 500). */
export const MAX_BATCH_TOKENS = 500;

/** POST /books and POST /midpoints: `[{"token_id": "..."}, ...]`. */
export function checkTokenBatch(id: 'postBooks' | 'postMidpoints', body: unknown): { token_id: string }[] {
  const where = ENDPOINTS[id].route;
  if (!Array.isArray(body)) throw badParameter(where, 'body', 'must be a JSON array of {token_id}');
  if (body.length === 0) throw badParameter(where, 'body', 'must name at least one token');
  if (body.length > MAX_BATCH_TOKENS) throw badParameter(where, 'body', `must name at most ${MAX_BATCH_TOKENS} tokens`, body.length);
  return body.map((el, i) => {
    if (!isObject(el) || typeof el.token_id !== 'string' || el.token_id === '') {
      throw badParameter(where, `body[${i}].token_id`, 'must be a non-empty string', el);
    }
    return { token_id: el.token_id };
  });
}

/** DELETE /order: `{"orderId": "..."}`. */
export function checkCancelOrderBody(body: unknown): { orderId: string } {
  const where = ENDPOINTS.cancelOrder.route;
  if (!isObject(body) || typeof body.orderId !== 'string' || body.orderId === '') {
    throw badParameter(where, 'orderId', 'is required and must be a non-empty string', isObject(body) ? body.orderId : body);
  }
  return { orderId: body.orderId };
}

/** DELETE /cancel-market-orders: `{"market"?, "asset_id"?}`, at least one. */
export function checkCancelMarketBody(body: unknown): { market?: string; asset_id?: string } {
  const where = ENDPOINTS.cancelMarketOrders.route;
  if (!isObject(body)) throw badParameter(where, 'body', 'must be a JSON object with market or asset_id');
  const out: { market?: string; asset_id?: string } = {};
  for (const name of ['market', 'asset_id'] as const) {
    const v = body[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v === '') throw badParameter(where, name, 'must be a non-empty string', v);
    out[name] = v;
  }
  if (out.market === undefined && out.asset_id === undefined) {
    throw badParameter(where, 'market', 'or asset_id is required');
  }
  return out;
}

export interface CheckedOrderBody {
  order: {
    asset_id: string;
    side: 'BUY' | 'SELL';
    price: string;
    size: string;
    expiration: string;
    client_order_id: string;
  };
  owner: string;
  orderType: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  postOnly: boolean;
}

/**
 * POST /order (design.md section 3). Checks shape and the market-independent rules: price a
 * decimal string strictly inside (0, 1), size a positive decimal string, expiration "0" or Unix
 * seconds (and set exactly when the type is GTD). Tick and minimum size depend on the market and
 * are checked by whoever knows it.
 */
export function checkOrderBody(body: unknown): CheckedOrderBody {
  const where = ENDPOINTS.postOrder.route;
  if (!isObject(body)) throw badParameter(where, 'body', 'must be a JSON object');
  const order = body.order;
  if (!isObject(order)) throw badParameter(where, 'order', 'is required and must be an object');
  const str = (obj: Record<string, unknown>, name: string, label: string, allowEmpty = false): string => {
    const v = obj[name];
    if (typeof v !== 'string' || (!allowEmpty && v === '')) throw badParameter(where, label, 'must be a non-empty string', v);
    return v;
  };
  const assetId = str(order, 'asset_id', 'order.asset_id');
  const side = order.side;
  if (side !== 'BUY' && side !== 'SELL') throw badParameter(where, 'order.side', 'must be BUY or SELL', side);
  const price = str(order, 'price', 'order.price');
  if (!DECIMAL_RE.test(price)) throw badParameter(where, 'order.price', 'must be a decimal string', price);
  // Compared as decimal text, never as a JS number (which rounds "0.99999999999999999999" up to
  // 1): plain digits are strictly inside (0, 1) when the integer part is zero and a digit is not.
  if (!PRICE_IN_RANGE_RE.test(price)) {
    throw badParameter(where, 'order.price', 'must be strictly between 0 and 1', price);
  }
  const size = str(order, 'size', 'order.size');
  if (!DECIMAL_RE.test(size) || !NONZERO_DIGIT_RE.test(size))
    throw badParameter(where, 'order.size', 'must be a positive decimal string', size);
  const expiration = order.expiration === undefined ? '0' : str(order, 'expiration', 'order.expiration');
  if (!/^\d{1,12}$/.test(expiration)) throw badParameter(where, 'order.expiration', 'must be "0" or Unix seconds', expiration);
  const clientOrderId = order.client_order_id === undefined ? '' : str(order, 'client_order_id', 'order.client_order_id', true);
  if (clientOrderId.length > 64)
    throw badParameter(where, 'order.client_order_id', 'must be at most 64 characters long', clientOrderId.length);
  const owner = str(body, 'owner', 'owner');
  const orderType = body.orderType;
  if (orderType !== 'GTC' && orderType !== 'GTD' && orderType !== 'FOK' && orderType !== 'FAK') {
    throw badParameter(where, 'orderType', 'must be one of GTC, GTD, FOK, FAK', orderType);
  }
  if (orderType === 'GTD' && expiration === '0')
    throw badParameter(where, 'order.expiration', 'must be set (Unix seconds) for GTD orders', expiration);
  if (orderType !== 'GTD' && expiration !== '0')
    throw badParameter(where, 'order.expiration', 'must be "0" unless orderType is GTD', expiration);
  const postOnly = body.postOnly === undefined ? false : body.postOnly;
  if (typeof postOnly !== 'boolean') throw badParameter(where, 'postOnly', 'must be true or false', postOnly);
  if (postOnly && (orderType === 'FOK' || orderType === 'FAK')) {
    throw badParameter(where, 'postOnly', 'is only allowed with GTC or GTD orders', orderType);
  }
  return {
    order: { asset_id: assetId, side, price, size, expiration, client_order_id: clientOrderId },
    owner,
    orderType,
    postOnly,
  };
}
