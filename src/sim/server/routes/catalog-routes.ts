/**
 * Catalog-surface routes (venue-api.md 4.2-4.4, 4.6, 4.11, 4.13, 4.19-4.22): answered from the
 * catalog's builders; positions come from the exchange's fills.
 */
import { checkPathParam } from '../../../venue/param-rules.js';
import { notFound } from '../http-error.js';
import { str, type RouteHandler } from '../request-context.js';
import { selectPositions } from './positions-query.js';

export const catalogRoutes = {
  getMarkets: (ctx) => ctx.world.catalog.listMarkets(str(ctx.query, 'next_cursor')),

  getMarket: (ctx) => {
    const id = checkPathParam('getMarket', 'condition_id', ctx.pathParams.condition_id);
    return ctx.world.catalog.market(id) ?? notFoundThrow(`market ${id}`);
  },

  getPositions: (ctx) => selectPositions(ctx.world.exchange.positions(str(ctx.query, 'user')!), ctx.query),

  getUserComments: (ctx) => {
    const address = checkPathParam('getUserComments', 'user_address', ctx.pathParams.user_address);
    return ctx.world.catalog.userComments(address, ctx.query);
  },

  getCommentReplies: (ctx) => {
    const id = checkPathParam('getCommentReplies', 'id', ctx.pathParams.id);
    return ctx.world.catalog.commentReplies(id, ctx.query) ?? notFoundThrow(`comment ${id}`);
  },

  publicSearch: (ctx) => ctx.world.catalog.search(ctx.query),

  getLeaderboard: (ctx) => ctx.world.catalog.leaderboard(ctx.query),

  getTags: (ctx) => ctx.world.catalog.tags(ctx.query),

  getEventBySlug: (ctx) => {
    const slug = checkPathParam('getEventBySlug', 'slug', ctx.pathParams.slug);
    return ctx.world.catalog.eventBySlug(slug, ctx.query) ?? notFoundThrow(`event ${slug}`);
  },

  getEventCreators: (ctx) => ctx.world.catalog.eventCreators(ctx.query),
} satisfies Record<string, RouteHandler>;

function notFoundThrow(what: string): never {
  throw notFound(what);
}
