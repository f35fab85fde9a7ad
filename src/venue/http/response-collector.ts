/**
 * undici dispatch handler for one request: gathers the status, the body chunks and (outside 2xx)
 * the headers, and settles one promise. It listens on the request's shared abort hook through a
 * Set (shared-deadline.ts) instead of an AbortSignal listener of its own. The promise rejects as
 * soon as the hook fires, even while the request still waits in the pool's queue; undici's request
 * is aborted as soon as it can be (at once, or when it reaches a socket).
 *
 * The body is read up to the request's bound (answer-bounds.ts), counted chunk by chunk as it
 * arrives: an answer announced (Content-Length) or found larger than `maxBytes` is refused at
 * once, and so is one whose body falls behind the minimum rate; the request is aborted (undici
 * drops the connection), the chunks gathered so far are let go, and the promise rejects with
 * AnswerRefused. A body that stops altogether (undici's body timeout) is refused as too slow too.
 */
import type { Dispatcher } from 'undici';
import { AnswerRefused } from './answer-bounds.js';
import type { AbortHook, AbortListener } from './shared-deadline.js';

/** A whole answer: what the transport gives the requester. */
export interface TransportResponse {
  readonly status: number;
  /** Lower-case names; HttpTransport gives them for answers outside 2xx only (all the requester reads). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The whole body, read to the end. */
  readonly text: string;
}

/** How slowly an answer may come (answer-bounds.ts); one object per transport. */
export interface AnswerRate {
  /** Slowest body rate accepted once past the grace. */
  readonly minBytesPerSec: number;
  /** Head start of the rate rule, from the headers' arrival. */
  readonly graceMs: number;
  /** Real time in milliseconds (tests give their own). */
  readonly now: () => number;
}

const NO_HEADERS: Readonly<Record<string, string | string[] | undefined>> = Object.freeze({});

/** Thrown into undici (and to the caller) when the hook fires; the requester names the cause. */
export class RequestAbortedByHook extends Error {
  readonly code = 'MAKERD_REQUEST_ABORTED';
  constructor() {
    super('request aborted');
    this.name = 'RequestAbortedByHook';
  }
}

export class ResponseCollector implements Dispatcher.DispatchHandler, AbortListener {
  readonly #hook: AbortHook;
  /** Most body bytes read; past it the answer is refused as too large. */
  readonly #maxBytes: number;
  readonly #rate: AnswerRate;
  readonly #resolve: (r: TransportResponse) => void;
  readonly #reject: (err: unknown) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #status = 0;
  #headers = NO_HEADERS;
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** When the headers arrived (limits.now), -1 before. */
  #startedAt = -1;

  constructor(
    hook: AbortHook,
    maxBytes: number,
    rate: AnswerRate,
    resolve: (r: TransportResponse) => void,
    reject: (err: unknown) => void,
  ) {
    this.#hook = hook;
    this.#maxBytes = maxBytes;
    this.#rate = rate;
    this.#resolve = resolve;
    this.#reject = reject;
    hook.add(this);
  }

  /** The hook fired: reject now, and stop undici's request as soon as it can be stopped. */
  onAbort(): void {
    this.#fail(new RequestAbortedByHook());
    this.#controller?.abort(new RequestAbortedByHook());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#settled) controller.abort(new RequestAbortedByHook());
  }

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.#status = statusCode;
    this.#startedAt = this.#rate.now();
    // Only an answer outside 2xx has headers the requester reads (Retry-After).
    this.#headers = statusCode >= 200 && statusCode < 300 ? NO_HEADERS : headers;
    const announced = headers['content-length'];
    if (typeof announced === 'string') {
      const length = Number(announced);
      if (length > this.#maxBytes) {
        this.#refuse(
          new AnswerRefused(
            'too_large',
            length,
            this.#maxBytes,
            0,
            `answer of ${length} bytes announced, over the bound of ${this.#maxBytes}`,
          ),
        );
      }
    }
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    const bytes = this.#bytes + chunk.length;
    const maxBytes = this.#maxBytes;
    const { minBytesPerSec, graceMs, now } = this.#rate;
    if (bytes > maxBytes) {
      this.#refuse(new AnswerRefused('too_large', bytes, maxBytes, now() - this.#startedAt, `answer over the bound of ${maxBytes} bytes`));
      return;
    }
    // Time allowed for what has come so far: the grace, plus what the minimum rate gives it.
    const elapsedMs = now() - this.#startedAt;
    const allowedMs = graceMs + (bytes * 1000) / minBytesPerSec;
    if (elapsedMs > allowedMs) {
      this.#refuse(
        new AnswerRefused(
          'too_slow',
          bytes,
          Math.round(allowedMs),
          elapsedMs,
          `answer too slow: ${bytes} bytes in ${Math.round(elapsedMs)} ms, under ${minBytesPerSec} bytes/s after a grace of ${graceMs} ms`,
        ),
      );
      return;
    }
    this.#bytes = bytes;
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#hook.remove(this);
    const chunks = this.#chunks;
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    this.#chunks = [];
    this.#resolve({ status: this.#status, headers: this.#headers, text });
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    // undici's body timeout: the body stopped arriving altogether, the slowest answer of all.
    if ((err as { code?: unknown }).code === 'UND_ERR_BODY_TIMEOUT' && this.#startedAt >= 0) {
      const elapsedMs = this.#rate.now() - this.#startedAt;
      this.#fail(
        new AnswerRefused(
          'too_slow',
          this.#bytes,
          0,
          elapsedMs,
          `answer too slow: the body stopped after ${this.#bytes} bytes (no data for the body timeout)`,
        ),
      );
      return;
    }
    this.#fail(err);
  }

  /** Settles with `err` and aborts the request: undici destroys the socket, nothing more is read. */
  #refuse(err: AnswerRefused): void {
    this.#fail(err);
    this.#controller?.abort(err);
  }

  #fail(err: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#hook.remove(this);
    this.#chunks = [];
    this.#reject(err);
  }
}
