/**
 * POST /order bodies built from values the caller has already checked (the executor's orders:
 * token ids from the checked market metadata, prices and sizes on the market's tick and size step,
 * its own client order ids), so that they are not checked a second time on every request. The
 * text is the very bytes `JSON.stringify(checkOrderBody(...))` gives for the same order (a test
 * holds the two paths equal), written with one template instead of building, checking and
 * serialising a nested object.
 */
import type { OrderRequest } from './types.js';

/** What the trusting path takes: the checked path's order without `owner` (always the API key). */
export type TrustedOrderParams = Omit<OrderRequest, 'owner'>;

/** Printable ASCII without `"` and `\`: JSON text of such a string is the string in quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quoted(s: string): string {
  return PLAIN.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** The JSON body of `params` owned by `owner`, key for key as the checked path serialises it. */
export function trustedOrderBody(params: TrustedOrderParams, owner: string): string {
  const o = params.order;
  const postOnly = params.postOnly ? 'true' : 'false';
  // The usual case, every text plain: written into the template as it is (no quoted copy of each).
  if (
    PLAIN.test(o.asset_id) &&
    PLAIN.test(o.side) &&
    PLAIN.test(o.price) &&
    PLAIN.test(o.size) &&
    PLAIN.test(o.expiration) &&
    PLAIN.test(o.client_order_id) &&
    PLAIN.test(owner) &&
    PLAIN.test(params.orderType)
  )
    return (
      `{"order":{"asset_id":"${o.asset_id}","side":"${o.side}","price":"${o.price}","size":"${o.size}",` +
      `"expiration":"${o.expiration}","client_order_id":"${o.client_order_id}"},` +
      `"owner":"${owner}","orderType":"${params.orderType}","postOnly":${postOnly}}`
    );
  return (
    `{"order":{"asset_id":${quoted(o.asset_id)},"side":${quoted(o.side)},"price":${quoted(o.price)},"size":${quoted(o.size)},` +
    `"expiration":${quoted(o.expiration)},"client_order_id":${quoted(o.client_order_id)}},` +
    `"owner":${quoted(owner)},"orderType":${quoted(params.orderType)},"postOnly":${postOnly}}`
  );
}
