/**
 * Order-book (CLOB) read routes: books, midpoints, public trade fills, price history, fee rate,
 * order-book market settings and the simplified listings. Unknown tokens in a batch are a 400
 * naming the element (`body[i].token_id`); an unknown token on `GET /book` or
 * `GET /prices-history` is a 404.
 */
import { badParameter } from '../../../errors.js';
import { checkTokenBatch } from '../../../venue/body-rules.js';
import type { MidpointsResult, OrderBookSnapshot, Side } from '../../../venue/types.js';
import { type HistoryInterval, historySpan, publicTradeFills } from '../../history/index.js';
import { notFound } from '../http-error.js';
import { jsonBody, num, str, type RequestContext, type RouteHandler } from '../request-context.js';

function knownBatch(ctx: RequestContext, id: 'postBooks' | 'postMidpoints'): string[] {
  const batch = checkTokenBatch(id, jsonBody(ctx));
  const out = new Array<string>(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const tokenId = batch[i]!.token_id;
    if (ctx.world.lookup.token(tokenId) === undefined)
      throw badParameter(ctx.def.route, `body[${i}].token_id`, 'names an unknown token', tokenId);
    out[i] = tokenId;
  }
  return out;
}

export const clobReadRoutes = {
  postBooks: (ctx) => knownBatch(ctx, 'postBooks').map((t) => ctx.books.book(t) as OrderBookSnapshot),

  getBook: (ctx) => {
    const tokenId = str(ctx.query, 'token_id')!;
    const book = ctx.world.lookup.token(tokenId) === undefined ? undefined : ctx.books.book(tokenId);
    if (!book) throw notFound(`token ${tokenId}`);
    return book;
  },

  /** Tokens with an empty side have no midpoint and are left out of the answer. */
  postMidpoints: (ctx) => {
    const out: MidpointsResult = {};
    for (const t of knownBatch(ctx, 'postMidpoints')) {
      const mid = ctx.books.midpoint(t);
      if (mid !== undefined) out[t] = mid;
    }
    return out;
  },

  /** The live fills newest first, then the past trades' (the tape reaches back before the start). */
  getTrades: (ctx) => {
    const q = ctx.query;
    return publicTradeFills(
      ctx.world.exchange,
      { fills: (f) => ctx.world.history.pastFills(f) },
      {
        ...(str(q, 'user') === undefined ? {} : { user: str(q, 'user') }),
        ...(Array.isArray(q.market) ? { markets: q.market as readonly string[] } : {}),
        ...(str(q, 'side') === undefined ? {} : { side: str(q, 'side') as Side }),
        takerOnly: q.takerOnly !== false,
        ...(str(q, 'filterType') === undefined ? {} : { filterType: str(q, 'filterType') as 'CASH' | 'TOKENS' }),
        ...(num(q, 'filterAmount') === undefined ? {} : { filterAmount: num(q, 'filterAmount') }),
        offset: num(q, 'offset') ?? 0,
        limit: num(q, 'limit') ?? 100,
      },
    );
  },

  /** A token's prices: the seeded past, then a sample a minute; outcome 1's are 1 - outcome 0's. */
  getPricesHistory: (ctx) => {
    const q = ctx.query;
    const tokenId = str(q, 'market')!;
    const span = historySpan(
      {
        ...(num(q, 'startTs') === undefined ? {} : { startTs: num(q, 'startTs') }),
        ...(num(q, 'endTs') === undefined ? {} : { endTs: num(q, 'endTs') }),
        ...(str(q, 'interval') === undefined ? {} : { interval: str(q, 'interval') as HistoryInterval }),
        fidelity: num(q, 'fidelity') ?? 1,
      },
      Math.floor(ctx.now / 1000),
    );
    const history = ctx.world.lookup.token(tokenId) === undefined ? undefined : ctx.world.history.pricePoints(tokenId, span);
    if (history === undefined) throw notFound(`token ${tokenId}`);
    return { history };
  },

  getFeeRate: (ctx) => {
    const tokenId = str(ctx.query, 'token_id');
    return ctx.world.catalog.feeRate(tokenId) ?? notFoundThrow(`token ${tokenId}`);
  },

  getClobMarket: (ctx) => {
    const id = ctx.pathParams.condition_id!;
    return ctx.world.catalog.clobMarket(id) ?? notFoundThrow(`market ${id}`);
  },

  getSimplifiedMarkets: (ctx) => ctx.world.catalog.listSimplifiedMarkets(str(ctx.query, 'next_cursor')),

  getSamplingSimplifiedMarkets: (ctx) => ctx.world.catalog.listSamplingSimplifiedMarkets(str(ctx.query, 'next_cursor')),
} satisfies Record<string, RouteHandler>;

function notFoundThrow(what: string): never {
  throw notFound(what);
}
