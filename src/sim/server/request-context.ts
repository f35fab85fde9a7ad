/**
 * Everything a route handler may use about one request: the endpoint, its checked query (shared
 * parameter rules with the seed's defaults), path parameters, the raw body and its JSON, the
 * authenticated account, and the server's parts.
 */
import { badParameter } from '../../errors.js';
import type { EndpointDef, EndpointId } from '../../venue/endpoints.js';
import type { ParsedQuery } from '../../venue/param-rules.js';
import type { SimAccount } from '../contracts.js';
import type { BookView } from './book-view.js';
import type { SimServerWorld } from './world.js';

export interface RequestContext {
  readonly def: EndpointDef;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: ParsedQuery;
  readonly rawBody: string;
  /** Set for authenticated routes (ENDPOINTS[id].auth); handlers of other routes never read it. */
  readonly account: SimAccount | undefined;
  readonly world: SimServerWorld;
  readonly books: BookView;
  readonly now: number;
}

/** A route handler returns the JSON value to answer 200 with, or throws. */
export type RouteHandler = (ctx: RequestContext) => unknown;
export type RouteTable = Readonly<Record<EndpointId, RouteHandler>>;

/** The request body as JSON; malformed or absent JSON is a bad parameter named `body`. */
export function jsonBody(ctx: RequestContext): unknown {
  if (ctx.rawBody === '') throw badParameter(ctx.def.route, 'body', 'is required (JSON)');
  try {
    return JSON.parse(ctx.rawBody) as unknown;
  } catch {
    throw badParameter(ctx.def.route, 'body', 'must be valid JSON');
  }
}

/** The caller's account on an authenticated route (the pipeline has already verified it). */
export function callerOf(ctx: RequestContext): SimAccount {
  if (!ctx.account) throw new Error(`${ctx.def.route}: handler needs an authenticated account`);
  return ctx.account;
}

export const str = (q: ParsedQuery, name: string): string | undefined => (typeof q[name] === 'string' ? (q[name] as string) : undefined);
export const num = (q: ParsedQuery, name: string): number | undefined => (typeof q[name] === 'number' ? (q[name] as number) : undefined);
