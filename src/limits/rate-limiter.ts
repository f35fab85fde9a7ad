/**
 * The rate limiter for one API key: the RequestGate the venue client calls before every request.
 * A thin async layer over AdmissionCore: promises, AbortSignals, deadlines, and exactly one clock
 * timer, set for the next moment anything could change (a window freeing, a pause ending, a
 * deadline). No polling, and no Date.now(): time comes from the injected Clock.
 */
import type { Clock, TimerHandle } from '../clock/clock.js';
import { ErrorCode, MakerdError, badParameter } from '../errors.js';
import { AdmissionCore, PRIORITY_CLASSES, unknownRoute, type RejectReason } from './admission-core.js';
import { ConcurrencyPool } from './concurrency-pool.js';
import type { QueueEntry } from './lane.js';
import { resolveLimiterSettings, type LimiterSettings } from './limiter-options.js';
import { takeSnapshot, type LimiterSnapshot } from './limiter-snapshot.js';
import { priorityOf, type AcquireOptions, type GateTicket, type PriorityClass, type RequestGate } from './request-gate.js';

/** The part of a pino logger the limiter uses. */
export interface LimiterLogger {
  warn(obj: object, msg: string): void;
}

export interface AdmissionRecord {
  /** Acquire order within this limiter, from 1 (refused acquires take no number). */
  readonly seq: number;
  readonly route: string;
  readonly cls: PriorityClass;
  readonly enqueuedAtMs: number;
  readonly admittedAtMs: number;
}

/** Synchronous hooks, called in the same step as the decision (metrics, audits, tests). */
export interface LimiterObserver {
  admitted?(record: AdmissionRecord): void;
  rejected?(record: {
    readonly seq: number | undefined;
    readonly route: string;
    readonly cls: PriorityClass;
    readonly reason: RejectReason;
    readonly atMs: number;
  }): void;
}

export interface RateLimiterOptions extends Partial<LimiterSettings> {
  readonly clock: Clock;
  /** The process-wide pool shared by every limiter; default: a pool of `maxInFlight` for this limiter alone. */
  readonly pool?: ConcurrencyPool;
  readonly logger?: LimiterLogger;
  readonly observer?: LimiterObserver;
}

export interface LimiterTicket extends GateTicket, AdmissionRecord {}

interface Waiter {
  readonly resolve: (t: LimiterTicket) => void;
  readonly reject: (e: MakerdError) => void;
  readonly signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class RateLimiter implements RequestGate {
  readonly #clock: Clock;
  readonly #core: AdmissionCore<Waiter>;
  readonly #logger: LimiterLogger | undefined;
  readonly #observer: LimiterObserver | undefined;
  readonly #unsubscribe: () => void;
  #timer: TimerHandle | undefined;
  #timerAt = Infinity;
  #running = false;
  #again = false;
  #closed = false;

  constructor(options: RateLimiterOptions) {
    const { clock, pool, logger, observer, ...settings } = options;
    const resolved = resolveLimiterSettings(settings);
    this.#clock = clock;
    this.#core = new AdmissionCore<Waiter>(resolved, pool ?? new ConcurrencyPool(resolved.maxInFlight));
    this.#logger = logger;
    this.#observer = observer;
    this.#unsubscribe = this.#core.pool.onRelease(() => {
      if (this.#core.totalQueued > 0) this.#run();
    });
  }

  get settings(): LimiterSettings {
    return this.#core.settings;
  }

  /** `cls` defaults to the route's own class (priorityOf): cancels, the order post, reads. */
  acquire(route: string, cls: PriorityClass = priorityOf(route), options: AcquireOptions = {}): Promise<LimiterTicket> {
    const now = this.#clock.now();
    const { signal, deadlineMs } = options;
    if (this.#closed) return Promise.reject(new MakerdError(ErrorCode.ABORTED, `${route}: rate limiter closed`, { where: route }));
    if (this.#core.scopesFor(route) === undefined) return Promise.reject(unknownRoute(route));
    if (!PRIORITY_CLASSES.includes(cls)) {
      return Promise.reject(badParameter('limiter', 'class', `must be one of ${PRIORITY_CLASSES.join(', ')}`, cls));
    }
    if (deadlineMs !== undefined && (typeof deadlineMs !== 'number' || Number.isNaN(deadlineMs))) {
      return Promise.reject(badParameter('limiter', 'deadlineMs', 'must be clock milliseconds', deadlineMs));
    }
    if (signal?.aborted) {
      this.#observer?.rejected?.({ seq: undefined, route, cls, reason: 'aborted', atMs: now });
      return Promise.reject(abortedError(route, signal));
    }
    return new Promise<LimiterTicket>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      const res = this.#core.enqueue(route, cls, deadlineMs ?? Infinity, waiter, now);
      if (!res.ok) {
        this.#observer?.rejected?.({ seq: undefined, route, cls, reason: res.reason, atMs: now });
        reject(
          res.reason === 'queueFull'
            ? new MakerdError(ErrorCode.THROTTLED, `${route}: rate limiter queue full (limits.maxQueue = ${this.settings.maxQueue})`, {
                where: route,
              })
            : deadlineError(route, res.retryAfterMs),
        );
        return;
      }
      const entry = res.entry;
      if (signal) {
        waiter.onAbort = () => {
          if (!this.#core.remove(entry, 'aborted')) return;
          this.#settleRejected(entry, 'aborted', abortedError(route, signal));
          this.#run(); // its reservations are gone
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#run();
    });
  }

  /** The venue answered 429 or 425: pause (see AdmissionCore.throttle for which scopes), count, log. */
  reportThrottle(route: string, status: number, retryAfterMs: number | undefined): void {
    const now = this.#clock.now();
    const paused = this.#core.throttle(route, status, retryAfterMs, now);
    this.#logger?.warn(
      { route, status, retryAfterMs, pausedScopes: paused.map((s) => s.id), pausedUntilMs: paused[0]?.pausedUntil },
      'venue throttled a request; pausing its scope',
    );
    this.#run();
  }

  /** Orders the venue holds open for this key; update it before releasing a successful post's ticket. */
  setOpenOrders(n: number): void {
    this.#core.setOpenOrders(n);
    this.#run();
  }

  snapshot(): LimiterSnapshot {
    return takeSnapshot(this.#core, this.#clock.now());
  }

  /** Rejects every waiting request with ABORTED and stops the timer; later acquires are refused. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    this.#clearTimer();
    for (const e of this.#core.removeAll('closed')) {
      this.#settleRejected(
        e,
        'closed',
        new MakerdError(ErrorCode.ABORTED, `${e.lane.route}: rate limiter closed`, { where: e.lane.route }),
      );
    }
  }

  /** Pumps the core until quiet, settles promises, then re-arms the one timer. Re-entrant safe. */
  #run(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    try {
      do {
        this.#again = false;
        const now = this.#clock.now();
        const { admitted, expired } = this.#core.pump(now);
        for (const e of admitted) this.#settleAdmitted(e, now);
        for (const { entry, retryAfterMs } of expired) {
          this.#settleRejected(entry, 'deadline', deadlineError(entry.lane.route, retryAfterMs));
        }
      } while (this.#again);
      this.#arm();
    } finally {
      this.#running = false;
    }
  }

  #settleAdmitted(e: QueueEntry<Waiter>, now: number): void {
    const w = e.payload;
    if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
    const cls = e.lane.cls;
    let released = false;
    const ticket: LimiterTicket = {
      seq: e.seq,
      route: e.lane.route,
      cls,
      enqueuedAtMs: e.enqueuedAtMs,
      admittedAtMs: now,
      release: () => {
        if (released) return;
        released = true;
        this.#core.release(cls); // the pool's release listener runs the next pump
      },
    };
    this.#observer?.admitted?.(ticket);
    w.resolve(ticket);
  }

  #settleRejected(e: QueueEntry<Waiter>, reason: RejectReason, err: MakerdError): void {
    const w = e.payload;
    if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
    this.#observer?.rejected?.({ seq: e.seq, route: e.lane.route, cls: e.lane.cls, reason, atMs: this.#clock.now() });
    w.reject(err);
  }

  #arm(): void {
    const wake = this.#core.nextWakeAt();
    if (wake === this.#timerAt) return;
    this.#clearTimer();
    if (wake === Infinity) return;
    const now = this.#clock.now();
    this.#timerAt = wake;
    this.#timer = this.#clock.setTimer(
      () => {
        this.#timer = undefined;
        this.#timerAt = Infinity;
        this.#run();
      },
      wake > now ? wake - now : 1, // defensive: never a zero-delay loop
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
  }
}

function abortedError(route: string, signal: AbortSignal): MakerdError {
  return new MakerdError(ErrorCode.ABORTED, `${route}: aborted while waiting for the rate limiter`, { where: route, cause: signal.reason });
}

function deadlineError(route: string, retryAfterMs: number | undefined): MakerdError {
  const hint = retryAfterMs === undefined ? '' : ` (earliest possible in ${Math.ceil(retryAfterMs)} ms)`;
  return new MakerdError(ErrorCode.THROTTLED, `${route}: rate limiter could not admit the request before its deadline${hint}`, {
    where: route,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(retryAfterMs) }),
  });
}
