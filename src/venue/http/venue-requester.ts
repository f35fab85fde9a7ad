/**
 * The one request path of the venue client: credentials check, rate-limit gate, signing, the
 * HTTP exchange with its deadline, mapping of the answer to the error catalogue, and retries of
 * idempotent reads. Endpoint functions only describe what to send and how to check the answer.
 *
 * Every answer is read within the bound of its route (answer-bounds.ts). A refused answer (too
 * large, too slow) is never parsed: the caller gets BAD_RESPONSE (too large; final) or TIMEOUT (too
 * slow; a read may be tried again), the observer hears the reason, and the log has one warning
 * when a route's refusals begin and one line when it answers within bounds again.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { ErrorCode, MakerdError, type ErrorCodeValue } from '../../errors.js';
import { priorityOf, type GateTicket, type RequestGate } from '../../limits/request-gate.js';
import { FailureEpisode } from '../../log/failure-episode.js';
import type { VenueCredentials } from '../credentials.js';
import type { EndpointDef, Surface } from '../endpoints.js';
import { abortableWait } from './abortable-wait.js';
import {
  AnswerRefused,
  answerLimitBytes,
  DEFAULT_ANSWER_BOUNDS,
  refusalSetting,
  type AnswerBounds,
  type RefusalReason,
} from './answer-bounds.js';
import type { CallOptions } from './call-options.js';
import { errorFromRefusal, errorFromStatus, errorFromTransport, type AbortCause } from './error-mapping.js';
import { parseRetryAfterMs } from './retry-after.js';
import { isRetryable, retryDelayMs, type RetryOptions } from './retry-policy.js';
import { SharedDeadlines } from './shared-deadline.js';
import type { Transport, TransportResponse } from './transport.js';

/** What one endpoint call sends, fully checked and serialized. */
export interface PreparedRequest {
  readonly def: EndpointDef;
  /** The route's path with its parameters filled in; no query string. */
  readonly path: string;
  /** `''` or `?a=1&b=2`. */
  readonly query: string;
  /** The JSON body, serialized once: these exact bytes are signed and sent. */
  readonly body?: string | undefined;
  /** Tokens named by a batch body (POST /books, /midpoints): what the answer's bound grows with. */
  readonly items?: number | undefined;
}

/** Where a surface lives: `origin` like `http://host:port`, plus an optional path prefix. */
export interface SurfaceTarget {
  readonly origin: string;
  readonly pathPrefix: string;
}

/**
 * Called once per attempt: the HTTP status, or the error code when there was no answer; `refused`
 * when the answer was refused for its size or its slowness (answer-bounds.ts).
 */
export type RequestObserver = (route: string, outcome: number | ErrorCodeValue, ms: number, refused?: RefusalReason) => void;

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
  /** Bounds of the answers (`venue.answers.*`); the rate rule is the transport's. */
  readonly answers?: AnswerBounds | undefined;
}

export class VenueRequester {
  readonly #cfg: RequesterConfig;
  /** Failures that must not be retried even though their code is transient (the call's deadline). */
  readonly #final = new WeakSet<MakerdError>();
  readonly #deadlines = new SharedDeadlines();
  readonly #answers: AnswerBounds;
  /** Per route, its episode of refused answers (warn at the first, info when it answers well again). */
  readonly #refusals = new Map<string, FailureEpisode>();
  /** Routes whose refusal episode is open: a good answer looks its route up only while any is. */
  #openRefusals = 0;

  constructor(config: RequesterConfig) {
    this.#cfg = config;
    this.#answers = config.answers ?? DEFAULT_ANSWER_BOUNDS;
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
   * A trading write has exactly one attempt (never retried blind), and that attempt's promise is
   * the call's: no async frame is held per request while it is in flight (a burst of re-prices
   * holds thousands; their frames were most of what each scavenge copied).
   */
  send<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    options: CallOptions = {},
    quick?: (text: string) => T | undefined,
  ): Promise<T> {
    try {
      this.assertCredentials(req.def);
    } catch (err) {
      return Promise.reject(err);
    }
    if (req.def.write) return this.#attempt(req, check, options, quick, 1);
    return this.#withRetries(req, check, options, quick);
  }

  /** A read: attempts until one is answered, a failure is final, or the attempts or the deadline run out. */
  async #withRetries<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    options: CallOptions,
    quick: ((text: string) => T | undefined) | undefined,
  ): Promise<T> {
    const { clock, retry, random, logger } = this.#cfg;
    for (let attempt = 1; ; attempt++) {
      let delayMs: number;
      try {
        return await this.#attempt(req, check, options, quick, attempt);
      } catch (err) {
        const e = err as MakerdError;
        if (!isRetryable(e) || this.#final.has(e) || attempt >= retry.maxAttempts) throw e;
        delayMs = retryDelayMs(attempt, retry, random, e.retryAfterMs);
        if (options.deadlineMs !== undefined && clock.now() + delayMs >= options.deadlineMs) throw e;
        logger?.debug({ route: req.def.route, code: e.code, attempt, delayMs }, 'venue read failed; retrying');
      }
      await abortableWait(clock, delayMs, options.signal, req.def.route);
    }
  }

  /** One attempt: the limiter's gate, then the exchange. Failures before the exchange are final. */
  #attempt<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    options: CallOptions,
    quick: ((text: string) => T | undefined) | undefined,
    attempt: number,
  ): Promise<T> {
    const route = req.def.route;
    if (options.signal?.aborted) return this.#finalFailure(aborted(route));
    if (this.#cfg.transport.closed)
      return this.#finalFailure(new MakerdError(ErrorCode.ABORTED, `${route}: venue client is closed`, { where: route }));
    // One attempt's budget (`timeouts.requestMs`) covers the wait in the limiter and the HTTP
    // exchange, so a request never waits in a queue forever: the limiter refuses it with
    // THROTTLED once it cannot be admitted in time (at once, when that is already certain).
    const timeoutMs = options.timeoutMs ?? this.#cfg.requestMs;
    const attemptEndsAt = this.#cfg.clock.now() + timeoutMs;
    const gate = this.#cfg.gate;
    if (gate === undefined) return this.#exchange(req, check, options, quick, attempt, undefined, attemptEndsAt, timeoutMs);
    return gate
      .acquire(route, priorityOf(route), { signal: options.signal, deadlineMs: Math.min(attemptEndsAt, options.deadlineMs ?? Infinity) })
      .then(
        (ticket) => this.#exchange(req, check, options, quick, attempt, ticket, attemptEndsAt, timeoutMs),
        (err: unknown) => this.#finalFailure(notAdmitted(route, options, err)),
      );
  }

  /** The HTTP exchange of an admitted attempt; always releases the gate ticket once the body has been read (or failed). */
  #exchange<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    options: CallOptions,
    quick: ((text: string) => T | undefined) | undefined,
    attempt: number,
    ticket: GateTicket | undefined,
    attemptEndsAt: number,
    timeoutMs: number,
  ): Promise<T> {
    const route = req.def.route;
    const { clock, transport } = this.#cfg;
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
    let sent: Promise<TransportResponse>;
    try {
      if (cause === 'caller') throw new Error('aborted by the caller');
      if (group === undefined) throw new Error('no time left for the request');
      const target = this.#cfg.targets[req.def.surface];
      const path = target.pathPrefix + req.path;
      const headers = this.#headers(req, path);
      options.onSend?.();
      sent = transport.send({
        origin: target.origin,
        method: req.def.method,
        path: req.query === '' ? path : path + req.query,
        headers,
        body: req.body,
        abort: group,
        maxBytes: answerLimitBytes(this.#answers, req),
      });
    } catch (err) {
      sent = Promise.reject(err);
    }
    return sent.then(
      (res) => {
        if (group !== undefined) this.#deadlines.release(group);
        ticket?.release();
        return this.#answered(req, check, quick, attempt, res, started);
      },
      (err: unknown) => {
        // What fired the shared hook, as this request's own controller would have said.
        if (cause === undefined && group?.cause !== undefined)
          cause = group.cause === 'caller' ? 'caller' : untilDeadline < untilAttemptEnd ? 'deadline' : 'request-timeout';
        if (group !== undefined) this.#deadlines.release(group);
        ticket?.release();
        const ms = clock.now() - started;
        if (err instanceof AnswerRefused) throw this.#refused(req, err, attempt, ms);
        const e = errorFromTransport(route, err, cause, timeoutMs);
        if (cause === 'deadline' || cause === 'caller') this.#final.add(e);
        this.#cfg.onRequest?.(route, e.code, ms);
        this.#cfg.logger?.debug({ route, code: e.code, ms, attempt }, 'venue request failed');
        throw e;
      },
    );
  }

  /** What an answer becomes: an error of the catalogue for a status other than 2xx, else the checked body. */
  #answered<T>(
    req: PreparedRequest,
    check: (route: string, raw: unknown) => T,
    quick: ((text: string) => T | undefined) | undefined,
    attempt: number,
    res: TransportResponse,
    started: number,
  ): T {
    const route = req.def.route;
    const { clock, logger, onRequest } = this.#cfg;
    const { status, text } = res;
    const ms = clock.now() - started;
    onRequest?.(route, status, ms);
    if (logger?.isLevelEnabled('debug') === true) logger.debug({ route, status, ms, attempt }, 'venue request');
    if (status < 200 || status >= 300) {
      const retryAfterMs = parseRetryAfterMs(res.headers['retry-after'], clock.now());
      if (status === 429 || status === 425) this.#cfg.gate?.reportThrottle(route, status, retryAfterMs);
      const shown = this.#cfg.credentials?.redact(text) ?? text;
      throw errorFromStatus(route, status, shown, retryAfterMs);
    }
    if (this.#openRefusals > 0) this.#answeredWell(route);
    if (quick !== undefined) {
      const known = quick(text);
      if (known !== undefined) return known;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text) as unknown;
    } catch {
      throw new MakerdError(ErrorCode.BAD_RESPONSE, `${route}: response body is not JSON (${text.length} bytes)`, {
        where: route,
        field: 'body',
        status,
      });
    }
    // A malformed answer is the venue's, not a transient failure: never tried again.
    try {
      return check(route, raw);
    } catch (err) {
      if (err instanceof MakerdError) this.#final.add(err);
      throw err;
    }
  }

  /**
   * An answer the transport refused: its error (too large: final, it would come back as large),
   * the observer told the reason, and the route's episode of refusals opened or counted.
   */
  #refused(req: PreparedRequest, refusal: AnswerRefused, attempt: number, ms: number): MakerdError {
    const route = req.def.route;
    const setting = refusalSetting(refusal.reason, req.def);
    const e = errorFromRefusal(route, refusal, setting);
    if (refusal.reason === 'too_large') this.#final.add(e);
    this.#cfg.onRequest?.(route, e.code, ms, refusal.reason);
    let episode = this.#refusals.get(route);
    if (episode === undefined) {
      episode = new FailureEpisode(this.#cfg.logger, route, () => this.#cfg.clock.now(), 'refused answer');
      this.#refusals.set(route, episode);
    }
    if (!episode.ongoing) this.#openRefusals++;
    const fields = {
      route,
      reason: refusal.reason,
      bytes: refusal.bytes,
      limit: refusal.limit,
      elapsedMs: Math.round(refusal.elapsedMs),
      setting,
      attempt,
      code: e.code,
    };
    episode.failed(fields, `venue answer refused (${refusal.reason}): ${refusal.message}`);
    this.#cfg.logger?.debug(fields, 'venue answer refused');
    return e;
  }

  /** A 2xx answer read within its bounds: closes the route's episode of refusals, if open. */
  #answeredWell(route: string): void {
    const episode = this.#refusals.get(route);
    if (episode === undefined || !episode.ongoing) return;
    episode.succeeded();
    this.#openRefusals--;
  }

  /** A failure no retry can mend (the caller, the client closed, the limiter's refusal). */
  #finalFailure(err: MakerdError): Promise<never> {
    this.#final.add(err);
    return Promise.reject(err);
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
