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
 * parameters reject before anything is sent. `quick` reads an answer of a fixed shape from its
 * text (see VenueRequester#send). Not async itself: the requester's promise is the call's.
 */
export function callChecked<T>(
  requester: VenueRequester,
  id: EndpointId,
  prepare: () => PreparedRequest,
  validate: Validate<T>,
  options?: CallOptions,
  quick?: (text: string) => T | undefined,
): Promise<T> {
  let req: PreparedRequest;
  try {
    requester.assertCredentials(ENDPOINTS[id]);
    req = prepare();
  } catch (err) {
    return Promise.reject(err);
  }
  return requester.send(req, validate, options, quick);
}

/** A JSON array whose every element passes `each`. */
export function listOf<T>(each: ElementCheck<T>): Validate<T[]> {
  return (route, raw) => arrayOf(route, raw, '', (el, field) => each(route, el, field));
}

/** A paged envelope whose every element passes `each`. */
export function pagedOf<T>(each: ElementCheck<T>): Validate<Paged<T>> {
  return (route, raw) => validatePaged(route, raw, each);
}
