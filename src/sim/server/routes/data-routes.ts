/**
 * The authenticated account's data (venue-api.md 4.7, 4.8; design.md section 3): its trades,
 * builder trades, its open orders and one order, in the paged envelope where listed.
 */
import { checkPathParam, type ParsedQuery } from '../../../venue/param-rules.js';
import type { AccountTradeFilter } from '../../contracts.js';
import { ORDERS_PAGE_SIZE, TRADES_PAGE_SIZE, pageOf } from '../../paging.js';
import { notFound } from '../http-error.js';
import { callerOf, str, type RouteHandler } from '../request-context.js';

/** Copies the defined string filters; `before`/`after` become Unix seconds. */
function tradeFilter(q: ParsedQuery, names: Record<string, keyof AccountTradeFilter>): AccountTradeFilter {
  const f: Record<string, string | number> = {};
  for (const [param, field] of Object.entries(names)) {
    const v = str(q, param);
    if (v !== undefined) f[field] = v;
  }
  for (const t of ['before', 'after'] as const) {
    const v = str(q, t);
    if (v !== undefined) f[t] = Number(v);
  }
  return f as AccountTradeFilter;
}

export const dataRoutes = {
  getAccountTrades: (ctx) =>
    pageOf(
      ctx.world.exchange.accountTrades(
        callerOf(ctx),
        tradeFilter(ctx.query, { id: 'id', taker: 'taker', maker: 'maker', market: 'market' }),
      ),
      str(ctx.query, 'next_cursor'),
      { pageSize: TRADES_PAGE_SIZE, where: ctx.def.route },
    ),

  getBuilderTrades: (ctx) =>
    pageOf(
      ctx.world.exchange.builderTrades(
        tradeFilter(ctx.query, { id: 'id', maker_address: 'maker', market: 'market', asset_id: 'asset_id' }),
      ),
      str(ctx.query, 'next_cursor'),
      { pageSize: TRADES_PAGE_SIZE, where: ctx.def.route },
    ),

  getOpenOrders: (ctx) => {
    const market = str(ctx.query, 'market');
    const assetId = str(ctx.query, 'asset_id');
    const orders = ctx.world.exchange.openOrders(callerOf(ctx), {
      ...(market === undefined ? {} : { market }),
      ...(assetId === undefined ? {} : { asset_id: assetId }),
    });
    return pageOf(orders, str(ctx.query, 'next_cursor'), { pageSize: ORDERS_PAGE_SIZE, where: ctx.def.route });
  },

  getOrder: (ctx) => {
    const id = checkPathParam('getOrder', 'id', ctx.pathParams.id);
    const order = ctx.world.exchange.order(callerOf(ctx), id);
    if (!order) throw notFound(`order ${id}`);
    return order;
  },
} satisfies Record<string, RouteHandler>;
