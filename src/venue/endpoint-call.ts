/** The shared shape of an endpoint call: prepare, send through the requester, check the answer. */
import { ENDPOINTS, type EndpointId } from './endpoints.js';
import type { CallOptions } from './http/call-options.js';
import type { PreparedRequest, VenueRequester } from './http/venue-requester.js';
import type { Paged } from './types.js';
import { arrayOf } from './validate/check.js';
import { validatePaged, type ElementCheck } from './validate/paged.js';

export type Validate<T> = (route: string, raw: unknown) => T;

/**
 * Sends `prepare()`'s request and returns the checked answer. Missing credentials and bad
 * parameters throw before anything is sent.
 */
export async function callChecked<T>(
  requester: VenueRequester,
  id: EndpointId,
  prepare: () => PreparedRequest,
  validate: Validate<T>,
  options?: CallOptions,
): Promise<T> {
  requester.assertCredentials(ENDPOINTS[id]);
  const req = prepare();
  const raw = await requester.call(req, options);
  return validate(req.def.route, raw);
}

/** A JSON array whose every element passes `each`. */
export function listOf<T>(each: ElementCheck<T>): Validate<T[]> {
  return (route, raw) => arrayOf(route, raw, '', (el, field) => each(route, el, field));
}

/** A paged envelope whose every element passes `each`. */
export function pagedOf<T>(each: ElementCheck<T>): Validate<Paged<T>> {
  return (route, raw) => validatePaged(route, raw, each);
}
