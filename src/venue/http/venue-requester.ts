/**
 * The one request path of the venue client: credentials check, rate-limit gate, signing, the
 * HTTP exchange with its deadline, mapping of the answer to the error catalogue, and retries of
 * idempotent reads. Endpoint functions only describe what to send and how to check the answer.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { ErrorCode, MakerdError, type ErrorCodeValue } from '../../errors.js';
import { priorityOf, type GateTicket, type RequestGate } from '../../limits/request-gate.js';
import type { VenueCredentials } from '../credentials.js';
import type { EndpointDef, Surface } from '../endpoints.js';
import { abortableWait } from './abortable-wait.js';
import type { CallOptions } from './call-options.js';
import { errorFromStatus, errorFromTransport, type AbortCause } from './error-mapping.js';
import { parseRetryAfterMs } from './retry-after.js';
import { isRetryable, retryDelayMs, type RetryOptions } from './retry-policy.js';
import { SharedDeadlines } from './shared-deadline.js';
import type { Transport } from './transport.js';

/** What one endpoint call sends, fully checked and serialized. */
export interface PreparedRequest {
  readonly def: EndpointDef;
  /** The route's path with its parameters filled in; no query string. */
  readonly path: string;
  /** `''` or `?a=1&b=2`. */
  readonly query: string;
  /** The JSON body, serialized once: these exact bytes are signed and sent. */
  readonly body?: string | undefined;
}

/** Where a surface lives: `origin` like `http://host:port`, plus an optional path prefix. */
export interface SurfaceTarget {
  readonly origin: string;
  readonly pathPrefix: string;
}

/** Called once per attempt: the HTTP status, or the error code when there was no answer. */
export type RequestObserver = (route: string, outcome: number | ErrorCodeValue, ms: number) => void;

export interface RequesterConfig {
  readonly transport: Transport;
  readonly targets: Readonly<Record<Surface, SurfaceTarget>>;
  readonly credentials?: VenueCredentials | undefined;
  readonly clock: Clock;
  readonly random: () => number;
  readonly gate?: RequestGate | undefined;
  readonly logger?: Logger | undefined;
  /** Per-attempt budget: the wait in the gate plus the whole exchange (connect to last body byte). */
  readonly requestMs: number;
  readonly retry: RetryOptions;
  readonly userAgent: string;
  readonly onRequest?: RequestObserver | undefined;
}

export class VenueRequester {
  readonly #cfg: RequesterConfig;
  /** Failures that must not be retried even though their code is transient (the call's deadline). */
  readonly #final = new WeakSet<MakerdError>();
  readonly #deadlines = new SharedDeadlines();

  constructor(config: RequesterConfig) {
    this.#cfg = config;
  }

  /** The configured account's API key, if any (the default `owner` of an order). */
  get apiKey(): string | undefined {
    return this.#cfg.credentials?.apiKey;
  }

  /** Throws AUTH when the endpoint needs credentials and none are configured. */
  assertCredentials(def: EndpointDef): void {
    if (def.auth && this.#cfg.credentials === undefined) {
      throw new MakerdError(ErrorCode.AUTH, `${def.route}: requires venue credentials and none are configured`, { where: def.route });
    }
  }

  /** Sends the request (retrying reads on transient failures) and returns the parsed JSON body. */
  call(req: PreparedRequest, options: CallOptions = {}): Promise<unknown> {
    return this.send(req, asIs, options);
  }

  /**
   * Sends the request (retrying reads on transient failures) and returns its answer checked by
   * `check` (the parsed JSON body and the route). `quick`, when given, reads an answer of a fixed
   * shape straight from its text (the same value JSON.parse and `check` give, or undefined: then
   * the full path runs). A failed check is never retried: the venue answered.
   *
   * One async function for the whole call (the limiter's wait, the exchange, the check): each
   * layer of async helpers cost every request a promise and a microtask hop.
   */
  async send<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    options: CallOptions = {},
    quick?: (text: string) => T | undefined,
  ): Promise<T> {
    const route = req.def.route;
    this.assertCredentials(req.def);
    const { clock, retry, random, logger, onRequest } = this.#cfg;
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted) throw aborted(route);
      if (this.#cfg.transport.closed) throw new MakerdError(ErrorCode.ABORTED, `${route}: venue client is closed`, { where: route });
      // One attempt's budget (`timeouts.requestMs`) covers the wait in the limiter and the HTTP
      // exchange, so a request never waits in a queue forever: the limiter refuses it with
      // THROTTLED once it cannot be admitted in time (at once, when that is already certain).
      const timeoutMs = options.timeoutMs ?? this.#cfg.requestMs;
      const attemptEndsAt = clock.now() + timeoutMs;
      const gate = this.#cfg.gate;
      let ticket: GateTicket | undefined;
      if (gate !== undefined) {
        try {
          ticket = await gate.acquire(route, priorityOf(route), {
            signal: options.signal,
            deadlineMs: Math.min(attemptEndsAt, options.deadlineMs ?? Infinity),
          });
        } catch (err) {
          throw notAdmitted(route, options, err);
        }
      }
      // The exchange: always releases the gate ticket once the body has been read (or failed).
      const started = clock.now();
      const untilDeadline = options.deadlineMs === undefined ? Infinity : options.deadlineMs - started;
      // What is left of the attempt's budget after the wait in the limiter.
      const untilAttemptEnd = attemptEndsAt - started;
      // One abort hook per caller signal and deadline millisecond, shared by the requests of a burst
      // (shared-deadline.ts); it fires when the caller aborts or the time is up.
      const limitMs = Math.min(untilAttemptEnd, untilDeadline);
      let cause: AbortCause;
      // The caller's signal may have fired between admission and here.
      if (options.signal?.aborted) cause = 'caller';
      else if (limitMs <= 0) cause = untilDeadline < untilAttemptEnd ? 'deadline' : 'request-timeout';
      const group = cause === undefined ? this.#deadlines.take(options.signal, limitMs) : undefined;
      let known: T | undefined;
      let raw: unknown;
      /** Set when the attempt failed and the read is tried again after this wait. */
      let delayMs = -1;
      try {
        const target = this.#cfg.targets[req.def.surface];
        const path = target.pathPrefix + req.path;
        let status: number;
        let text: string;
        let retryAfterHeader: string | string[] | undefined;
        try {
          if (cause === 'caller') throw new Error('aborted by the caller');
          if (group === undefined) throw new Error('no time left for the request');
          const headers = this.#headers(req, path);
          options.onSend?.();
          const res = await this.#cfg.transport.send({
            origin: target.origin,
            method: req.def.method,
            path: req.query === '' ? path : path + req.query,
            headers,
            body: req.body,
            abort: group,
          });
          status = res.status;
          text = res.text;
          retryAfterHeader = status < 200 || status >= 300 ? res.headers['retry-after'] : undefined;
        } catch (err) {
          // What fired the shared hook, as this request's own controller would have said.
          if (cause === undefined && group?.cause !== undefined)
            cause = group.cause === 'caller' ? 'caller' : untilDeadline < untilAttemptEnd ? 'deadline' : 'request-timeout';
          const e = errorFromTransport(route, err, cause, timeoutMs);
          if (cause === 'deadline' || cause === 'caller') this.#final.add(e);
          const ms = clock.now() - started;
          onRequest?.(route, e.code, ms);
          logger?.debug({ route, code: e.code, ms, attempt }, 'venue request failed');
          throw e;
        }
        const ms = clock.now() - started;
        onRequest?.(route, status, ms);
        if (logger?.isLevelEnabled('debug') === true) logger.debug({ route, status, ms, attempt }, 'venue request');
        if (status < 200 || status >= 300) {
          const retryAfterMs = parseRetryAfterMs(retryAfterHeader, clock.now());
          if (status === 429 || status === 425) gate?.reportThrottle(route, status, retryAfterMs);
          const shown = this.#cfg.credentials?.redact(text) ?? text;
          throw errorFromStatus(route, status, shown, retryAfterMs);
        }
        if (quick !== undefined) known = quick(text);
        if (known === undefined) {
          try {
            raw = JSON.parse(text) as unknown;
          } catch {
            throw new MakerdError(ErrorCode.BAD_RESPONSE, `${route}: response body is not JSON (${text.length} bytes)`, {
              where: route,
              field: 'body',
              status,
            });
          }
        }
      } catch (err) {
        const e = err as MakerdError;
        const mayRetry = !req.def.write && isRetryable(e) && !this.#final.has(e) && attempt < retry.maxAttempts;
        if (!mayRetry) throw e;
        delayMs = retryDelayMs(attempt, retry, random, e.retryAfterMs);
        if (options.deadlineMs !== undefined && clock.now() + delayMs >= options.deadlineMs) throw e;
        logger?.debug({ route, code: e.code, attempt, delayMs }, 'venue read failed; retrying');
      } finally {
        if (group !== undefined) this.#deadlines.release(group);
        ticket?.release();
      }
      // Checked outside the retries: a malformed answer is the venue's, not a transient failure.
      if (delayMs < 0) return known !== undefined ? known : check(route, raw);
      await abortableWait(clock, delayMs, options.signal, route);
    }
  }

  #headers(req: PreparedRequest, signedPath: string): Record<string, string> {
    // One object, its fixed keys in the literal; the signed ones are added to it.
    const headers: Record<string, string> =
      req.body === undefined
        ? { accept: 'application/json', 'user-agent': this.#cfg.userAgent }
        : { accept: 'application/json', 'user-agent': this.#cfg.userAgent, 'content-type': 'application/json' };
    const creds = this.#cfg.credentials;
    if (req.def.auth && creds !== undefined) {
      creds.addHeaders(headers, { method: req.def.method, path: signedPath, body: req.body, timestampMs: this.#cfg.clock.now() });
    }
    return headers;
  }
}

const asIs = (_route: string, raw: unknown): unknown => raw;

/** What a refusal of the rate limiter's gate becomes. */
function notAdmitted(route: string, options: CallOptions, err: unknown): MakerdError {
  if (err instanceof MakerdError) return err;
  if (options.signal?.aborted) return aborted(route);
  return new MakerdError(ErrorCode.THROTTLED, `${route}: not admitted by the rate limiter`, { where: route, cause: err });
}

function aborted(route: string): MakerdError {
  return new MakerdError(ErrorCode.ABORTED, `${route}: aborted by the caller`, { where: route });
}
