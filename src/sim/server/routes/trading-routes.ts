/**
 * Trading writes (design.md section 3): `POST /order`, `DELETE /order`,
 * `DELETE /cancel-market-orders`. The caller is authenticated by the pipeline; an order's `owner`
 * must be the caller's API key, and cancels only ever touch the caller's orders (the exchange
 * reports another account's order id as not found).
 */
import { badParameter } from '../../../errors.js';
import { checkCancelMarketBody, checkCancelOrderBody, checkOrderBody } from '../../../venue/body-rules.js';
import { callerOf, jsonBody, type RouteHandler } from '../request-context.js';

export const tradingRoutes = {
  postOrder: (ctx) => {
    const account = callerOf(ctx);
    const order = checkOrderBody(jsonBody(ctx));
    if (order.owner !== account.apiKey) throw badParameter(ctx.def.route, 'owner', "must be the caller's api key");
    return ctx.world.exchange.placeOrder(account, order);
  },

  cancelOrder: (ctx) => ctx.world.exchange.cancelOrder(callerOf(ctx), checkCancelOrderBody(jsonBody(ctx)).orderId),

  cancelMarketOrders: (ctx) => ctx.world.exchange.cancelMarketOrders(callerOf(ctx), checkCancelMarketBody(jsonBody(ctx))),
} satisfies Record<string, RouteHandler>;
