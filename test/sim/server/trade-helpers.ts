/** Small helpers for tests that trade on the simulator. */
import type { SimAccount, SimToken } from '../../../src/sim/contracts.js';
import type { OrderResponse, Side } from '../../../src/venue/types.js';
import type { SimHarness } from '../../support/sim-harness.js';

/** A token with the given tick and a minimum order size of at most 15 shares. */
export function tokenWithTick(h: SimHarness, tick: string, skip = 0): SimToken {
  const found = h.sim.world.lookup.tokens().filter((t) => t.tickSize.eq(tick) && t.minOrderSize.lte(15) && t.outcomeIndex === 0);
  const t = found[skip];
  if (!t) throw new Error(`no token with tick ${tick}`);
  return t;
}

/** Synthetic accounts of the catalog (their credentials are accepted by the server too). */
export function synthetic(h: SimHarness, i: number): SimAccount {
  const u = h.sim.world.catalog.users[i];
  if (!u) throw new Error(`no synthetic user ${i}`);
  return u;
}

/** Places a resting order for a synthetic account in-process (bypassing HTTP). */
export function rest(h: SimHarness, account: SimAccount, tokenId: string, side: Side, price: string, size: string): OrderResponse {
  const r = h.sim.world.exchange.placeOrder(account, {
    order: { asset_id: tokenId, side, price, size, expiration: '0', client_order_id: '' },
    owner: account.apiKey,
    orderType: 'GTC',
    postOnly: false,
  });
  if (!r.success) throw new Error(`resting order refused: ${r.errorMsg}`);
  return r;
}

export interface OrderSpec {
  tokenId: string;
  side: Side;
  price: string;
  size: string;
  orderType?: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  expiration?: string;
  postOnly?: boolean;
  clientOrderId?: string;
  owner?: string;
}

/** A POST /order body for the operator (or `owner`). */
export function orderBody(h: SimHarness, o: OrderSpec): Record<string, unknown> {
  return {
    order: {
      asset_id: o.tokenId,
      side: o.side,
      price: o.price,
      size: o.size,
      expiration: o.expiration ?? '0',
      client_order_id: o.clientOrderId ?? '',
    },
    owner: o.owner ?? h.credentials.apiKey,
    orderType: o.orderType ?? 'GTC',
    postOnly: o.postOnly ?? false,
  };
}

/** Posts an order for the operator over HTTP, signed. */
export async function postOrder(h: SimHarness, o: OrderSpec): Promise<{ status: number; body: OrderResponse & { error?: string } }> {
  const r = await h.signed<OrderResponse & { error?: string }>('POST', '/order', { body: orderBody(h, o) });
  return { status: r.status, body: r.body };
}
