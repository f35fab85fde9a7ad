/**
 * Turns typed call parameters into a PreparedRequest, checking them with the venue's rules
 * (param-rules.ts, unknown parameters rejected) so that a bad call fails before any byte is sent.
 */
import { badParameter } from '../errors.js';
import { ENDPOINTS, buildPath, type EndpointDef, type EndpointId } from './endpoints.js';
import { checkPathParam, checkQuery, toQueryString } from './param-rules.js';
import type { PreparedRequest } from './http/venue-requester.js';

const pathNames = new Map<EndpointId, readonly string[]>();

function pathParamNames(def: EndpointDef): readonly string[] {
  let names = pathNames.get(def.id);
  if (names === undefined) {
    names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    pathNames.set(def.id, names);
  }
  return names;
}

/** A request whose parameters travel in the path template and the query string. */
export function prepareQueryRequest(id: EndpointId, params: unknown = {}): PreparedRequest {
  const def = ENDPOINTS[id];
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw badParameter(def.route, 'params', 'must be an object');
  }
  const query: Record<string, unknown> = { ...params };
  const pathParams: Record<string, string> = {};
  for (const name of pathParamNames(def)) {
    pathParams[name] = checkPathParam(id, name, query[name]);
    delete query[name];
  }
  const checked = checkQuery(id, query, { rejectUnknown: true });
  return { def, path: buildPath(def, pathParams), query: toQueryString(checked) };
}

/**
 * A request with a JSON body, already checked by the caller; serialized exactly once here. A batch
 * body (an array: POST /books, /midpoints) carries its length, which its answer's bound grows with.
 */
export function prepareBodyRequest(id: EndpointId, checkedBody: unknown): PreparedRequest {
  const def = ENDPOINTS[id];
  const body = JSON.stringify(checkedBody);
  return Array.isArray(checkedBody)
    ? { def, path: def.path, query: '', body, items: checkedBody.length }
    : { def, path: def.path, query: '', body };
}

/** A request whose JSON body the caller has serialized already (trusted-order.ts). */
export function prepareSerializedRequest(id: EndpointId, bodyText: string): PreparedRequest {
  return { def: ENDPOINTS[id], path: ENDPOINTS[id].path, query: '', body: bodyText };
}
