/**
 * What the rest of the account holds, for `risk.scope: account` (src/risk/account-scope.ts): the
 * net exposure of every market outside this shard's from GET /positions (token ids are
 * `<condition id>:<outcome>`), and the open orders outside them from GET /data/orders.
 */
import { Decimal, ZERO } from '../money.js';
import { marketOf, outcomeIndexOf } from '../market/token-id.js';
import type { AccountView } from '../risk/account-scope.js';
import type { OpenOrder } from '../venue/types.js';

export function accountViewOf(
  shards: number,
  scope: ReadonlySet<string>,
  positions: ReadonlyMap<string, Decimal>,
  orders: readonly OpenOrder[],
): AccountView {
  const net = new Map<string, Decimal>();
  for (const [token, size] of positions) {
    const market = marketOf(token);
    if (scope.has(market)) continue;
    const q = net.get(market) ?? ZERO;
    net.set(market, outcomeIndexOf(token) === 0 ? q.plus(size) : q.minus(size));
  }
  let othersExposure = ZERO;
  for (const q of net.values()) othersExposure = othersExposure.plus(q.abs());
  let othersOrders = 0;
  let othersNotional = ZERO;
  for (const o of orders) {
    if (scope.has(o.market)) continue;
    othersOrders++;
    othersNotional = othersNotional.plus(new Decimal(o.price).mul(new Decimal(o.original_size).minus(o.size_matched)));
  }
  return { shards, othersExposure, othersOrders, othersNotional };
}

/**
 * The orders of the last two full listings, each once (the later record of one in both): a
 * listing of several pages may skip orders that rest (the venue pages by offset, and orders that
 * go meanwhile move the rest forward), and one skipped by both is far less likely. An order gone
 * is counted one listing longer: the others' share looks larger, never smaller, than it is.
 */
export function ordersOfLastTwo(previous: readonly OpenOrder[], latest: readonly OpenOrder[]): OpenOrder[] {
  const byId = new Map<string, OpenOrder>();
  for (const o of previous) byId.set(o.id, o);
  for (const o of latest) byId.set(o.id, o);
  return [...byId.values()];
}
