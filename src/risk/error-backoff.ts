/**
 * The risk gate's error back-off (risk-gate.ts): venue errors and throttles are counted, and when
 * `errorBurst.count` of them fall within `errorBurst.windowMs` (a failure at t counts until
 * t + windowMs inclusive), every market's quotes are pulled until nowMs + backoffMs and the count
 * starts again from zero.
 */
import type { ErrorBurstLimits } from './risk-limits.js';

export class ErrorBackoff {
  /** Times of the venue failures inside the burst window, oldest first. */
  #times: number[] = [];
  #untilMs: number | undefined;
  readonly counts = { error: 0, throttle: 0, backoffs: 0 };

  /** One failure at nowMs: the end of the back-off when it started or extended one, else undefined. */
  record(kind: 'error' | 'throttle', nowMs: number, burst: ErrorBurstLimits): number | undefined {
    this.counts[kind]++;
    const times = this.#times;
    times.push(nowMs);
    let drop = 0;
    while (drop < times.length && times[drop]! < nowMs - burst.windowMs) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length < burst.count) return undefined;
    times.length = 0;
    this.#untilMs = Math.max(this.#untilMs ?? nowMs, nowMs + burst.backoffMs);
    this.counts.backoffs++;
    return this.#untilMs;
  }

  /** True while the back-off pulls every market's quotes (it ends at its end time exactly). */
  active(nowMs: number): boolean {
    return this.#untilMs !== undefined && nowMs < this.#untilMs;
  }

  /** The end of the back-off, unless it is over at nowMs (without nowMs: the last one set). */
  untilMs(nowMs?: number): number | undefined {
    const over = this.#untilMs === undefined || (nowMs !== undefined && nowMs >= this.#untilMs);
    return over ? undefined : this.#untilMs;
  }
}
