/**
 * The account's own records: trades (2.10), open orders, the order post answer and the cancel
 * result (design.md section 3, 2.16). Money fields are decimal strings that must parse; prices
 * lie in (0, 1); sizes and matched amounts are not negative.
 */
import type { AccountTrade, CancelResult, OpenOrder, OrderResponse } from '../types.js';
import * as c from './check.js';

const SIDES = ['BUY', 'SELL'] as const;

export function validateAccountTrade(route: string, value: unknown, field = ''): AccountTrade {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'id', field);
  c.string(route, o, 'market', field);
  c.nonEmptyString(route, o, 'asset_id', field);
  c.oneOf(route, o, 'side', field, SIDES);
  c.sizeText(route, o, 'size', field);
  c.priceText(route, o, 'price', field);
  c.sizeText(route, o, 'fee_rate_bps', field);
  c.string(route, o, 'status', field);
  c.string(route, o, 'match_time', field);
  c.arrayOf(route, o.maker_orders, c.at(field, 'maker_orders'), (el, f) => {
    const m = c.object(route, el, f);
    c.string(route, m, 'order_id', f);
    c.sizeText(route, m, 'matched_amount', f);
    c.priceText(route, m, 'price', f);
    c.sizeText(route, m, 'fee_rate_bps', f);
  });
  return o as unknown as AccountTrade;
}

export function validateOpenOrder(route: string, value: unknown, field = ''): OpenOrder {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'id', field);
  c.string(route, o, 'status', field);
  c.string(route, o, 'market', field);
  c.nonEmptyString(route, o, 'asset_id', field);
  c.oneOf(route, o, 'side', field, SIDES);
  c.sizeText(route, o, 'original_size', field);
  c.sizeText(route, o, 'size_matched', field);
  c.priceText(route, o, 'price', field);
  c.oneOf(route, o, 'order_type', field, ['GTC', 'GTD', 'FOK', 'FAK'] as const);
  c.string(route, o, 'client_order_id', field);
  return o as unknown as OpenOrder;
}

export function validateOrderResponse(route: string, value: unknown): OrderResponse {
  const o = c.object(route, value, '');
  const success = c.boolean(route, o, 'success', '');
  const id = c.string(route, o, 'orderID', '');
  if (success && id === '') c.nonEmptyString(route, o, 'orderID', '');
  c.oneOf(route, o, 'status', '', ['live', 'matched', 'unmatched', 'delayed'] as const);
  if (o.errorMsg !== undefined) c.string(route, o, 'errorMsg', '');
  // Amounts may be empty on a refused order; when present they must parse.
  for (const k of ['makingAmount', 'takingAmount']) {
    if (o[k] !== undefined && o[k] !== '') c.sizeText(route, o, k, '');
  }
  return o as unknown as OrderResponse;
}

export function validateCancelResult(route: string, value: unknown): CancelResult {
  const o = c.object(route, value, '');
  c.stringArray(route, o, 'canceled', '');
  c.stringMap(route, o, 'not_canceled', '');
  return o as unknown as CancelResult;
}
