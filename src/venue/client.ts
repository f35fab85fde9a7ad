/**
 * The venue client: one typed, checked method per endpoint of src/venue/endpoints.ts (named as
 * the endpoint id), page iterators for the paged listings, and close(). The request plumbing
 * lives in http/venue-requester.ts; the endpoints are thin declarations in the *-endpoints files.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';
import { ErrorCode, MakerdError } from '../errors.js';
import type { RequestGate } from '../limits/request-gate.js';
import { catalogEndpoints, type CatalogEndpoints } from './catalog-endpoints.js';
import { clobEndpoints, type ClobEndpoints } from './clob-endpoints.js';
import { DEFAULT_HEADER_PREFIX, VenueCredentials, type VenueCredentialsInput } from './credentials.js';
import type { EndpointId } from './endpoints.js';
import { DEFAULT_ANSWER_BOUNDS, type AnswerBounds } from './http/answer-bounds.js';
import type { RetryOptions } from './http/retry-policy.js';
import { HttpTransport, type Transport } from './http/transport.js';
import { VenueRequester, type RequestObserver, type SurfaceTarget } from './http/venue-requester.js';
import { tradingEndpoints, type TradingEndpoints } from './trading-endpoints.js';

export interface VenueClientTimeouts {
  /** TCP connect. Default 5 000 ms. */
  readonly connectMs: number;
  /** Request sent to all response headers received. Default 10 000 ms. */
  readonly headersMs: number;
  /** Longest pause between body chunks. Default 10 000 ms. */
  readonly bodyMs: number;
  /**
   * One attempt, from asking the rate limiter to the last body byte: a request the limiter cannot
   * admit in time fails with THROTTLED instead of waiting. Default 15 000 ms.
   */
  readonly requestMs: number;
}

export interface VenueClientOptions {
  /** Base URL of the venue, e.g. `http://127.0.0.1:8080`; may carry a path prefix. */
  readonly baseUrl: string;
  /** Catalog surface, when it is served elsewhere; defaults to baseUrl. */
  readonly catalogBaseUrl?: string | undefined;
  /** Order-book (CLOB) surface, when it is served elsewhere; defaults to baseUrl. */
  readonly clobBaseUrl?: string | undefined;
  /** Needed for the authenticated endpoints; the others work without. */
  readonly credentials?: VenueCredentials | VenueCredentialsInput | undefined;
  /** Auth header prefix; `SERVICE_` by default. Ignored when `credentials` is a VenueCredentials. */
  readonly headerPrefix?: string | undefined;
  readonly clock?: Clock | undefined;
  /** Uniform in [0, 1), for retry jitter. */
  readonly random?: (() => number) | undefined;
  /** The rate limiter; every attempt acquires it. */
  readonly gate?: RequestGate | undefined;
  /** Debug line per request (route, status, ms); headers are never logged. */
  readonly logger?: Logger | undefined;
  readonly timeouts?: Partial<VenueClientTimeouts> | undefined;
  /** Retries of reads; writes are never retried. Default 3 attempts, 100 ms base, 2 000 ms cap. */
  readonly retry?: Partial<RetryOptions> | undefined;
  /** Sockets per origin. Default 8. */
  readonly connectionsPerOrigin?: number | undefined;
  readonly userAgent?: string | undefined;
  /** Called once per attempt with the status or the error code (and why an answer was refused), e.g. for metrics. */
  readonly onRequest?: RequestObserver | undefined;
  /**
   * How large each route's answer may be and how slowly it may come (http/answer-bounds.ts);
   * defaults DEFAULT_ANSWER_BOUNDS. The rate rule applies to the default transport only.
   */
  readonly answers?: Partial<AnswerBounds> | undefined;
  /** The HTTP layer; default: undici pools (benchmarks measure up to the hand-off with their own). */
  readonly transport?: Transport | undefined;
  /**
   * The most levels a side of a book may have (books.maxLevels); a book with more comes back
   * unread, with its problem (checked-book.ts). Default DEFAULT_MAX_BOOK_LEVELS.
   */
  readonly maxBookLevels?: number | undefined;
}

export const DEFAULT_TIMEOUTS: VenueClientTimeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000, requestMs: 15_000 };
export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 3, baseMs: 100, maxMs: 2_000 };

type EndpointMethods = CatalogEndpoints & ClobEndpoints & TradingEndpoints;

export type VenueClient = EndpointMethods & {
  /** Closes the connection pools; requests in flight finish first. */
  close(): Promise<void>;
};

// Compile-time proof that every endpoint id has its method.
type MissingMethods = Exclude<EndpointId, keyof EndpointMethods>;
const everyEndpointHasAMethod: MissingMethods extends never ? true : MissingMethods = true;
void everyEndpointHasAMethod;

function configError(field: string, rule: string, value?: unknown): MakerdError {
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  return new MakerdError(ErrorCode.CONFIG, `venue client: option '${field}' ${rule}${shown}`, { where: 'venue client', field });
}

function targetOf(field: string, url: string): SurfaceTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw configError(field, 'must be an absolute http(s) URL', url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw configError(field, 'must be an http(s) URL', url);
  if (parsed.search !== '' || parsed.hash !== '') throw configError(field, 'must not carry a query or fragment', url);
  return { origin: parsed.origin, pathPrefix: parsed.pathname.replace(/\/+$/, '') };
}

function positive<T extends object>(field: string, values: T): T {
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw configError(`${field}.${k}`, 'must be a positive number', v);
  }
  return values;
}

/** Bad credentials stop start-up with a CONFIG error; the messages name fields, never values. */
function credentialsFrom(input: VenueCredentialsInput, headerPrefix: string): VenueCredentials {
  try {
    return new VenueCredentials(input, headerPrefix);
  } catch (err) {
    throw new MakerdError(ErrorCode.CONFIG, `venue client: option 'credentials' is invalid: ${(err as Error).message}`, {
      where: 'venue client',
      field: 'credentials',
    });
  }
}

export function createVenueClient(options: VenueClientOptions): VenueClient {
  const base = targetOf('baseUrl', options.baseUrl);
  const targets = {
    catalog: options.catalogBaseUrl === undefined ? base : targetOf('catalogBaseUrl', options.catalogBaseUrl),
    clob: options.clobBaseUrl === undefined ? base : targetOf('clobBaseUrl', options.clobBaseUrl),
  };
  const timeouts = positive('timeouts', { ...DEFAULT_TIMEOUTS, ...options.timeouts });
  const retry = positive('retry', { ...DEFAULT_RETRY, ...options.retry });
  const answers = positive('answers', { ...DEFAULT_ANSWER_BOUNDS, ...options.answers });
  if (!Number.isInteger(retry.maxAttempts)) throw configError('retry.maxAttempts', 'must be an integer', retry.maxAttempts);
  const connections = options.connectionsPerOrigin ?? 8;
  if (!Number.isInteger(connections) || connections < 1) throw configError('connectionsPerOrigin', 'must be an integer >= 1', connections);
  const credentials =
    options.credentials === undefined || options.credentials instanceof VenueCredentials
      ? options.credentials
      : credentialsFrom(options.credentials, options.headerPrefix ?? DEFAULT_HEADER_PREFIX);

  const transport =
    options.transport ??
    new HttpTransport({
      timeouts: { connectMs: timeouts.connectMs, headersMs: timeouts.headersMs, bodyMs: timeouts.bodyMs },
      connections,
      minBytesPerSec: answers.minBytesPerSec,
      slowGraceMs: answers.slowGraceMs,
    });
  const requester = new VenueRequester({
    transport,
    targets,
    credentials,
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    gate: options.gate,
    logger: options.logger,
    requestMs: timeouts.requestMs,
    retry,
    userAgent: options.userAgent ?? 'makerd/0.1.0',
    onRequest: options.onRequest,
    answers,
  });

  return {
    ...catalogEndpoints(requester),
    ...clobEndpoints(requester, options.maxBookLevels),
    ...tradingEndpoints(requester),
    close: () => transport.close(),
  };
}
