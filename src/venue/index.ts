/**
 * The venue stage's public surface: the client, what it hands over, and the observer hook that
 * metrics plug into. Import from here, not from the files behind it.
 */
export {
  createVenueClient,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUTS,
  type VenueClient,
  type VenueClientOptions,
  type VenueClientTimeouts,
} from './client.js';
export { CheckedBook, CheckedMidpoints, type BookLevels, type DecimalLevel } from './checked-book.js';
export { VenueCredentials, DEFAULT_HEADER_PREFIX, type VenueCredentialsInput } from './credentials.js';
export type { RequestObserver } from './http/venue-requester.js';
export { DEFAULT_ANSWER_BOUNDS, REFUSAL_REASONS, type AnswerBounds, type RefusalReason } from './http/answer-bounds.js';
export type { CallOptions } from './http/call-options.js';
export { collectItems, itemsOf } from './pagination.js';
