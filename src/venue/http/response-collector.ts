/**
 * undici dispatch handler for one request: gathers the status, the body chunks and (outside 2xx)
 * the headers, and settles one promise. It listens on the request's shared abort hook through a
 * Set (shared-deadline.ts) instead of an AbortSignal listener of its own. The promise rejects as
 * soon as the hook fires, even while the request still waits in the pool's queue; undici's request
 * is aborted as soon as it can be (at once, or when it reaches a socket).
 */
import type { Dispatcher } from 'undici';
import type { AbortHook, AbortListener } from './shared-deadline.js';

/** A whole answer: what the transport gives the requester. */
export interface TransportResponse {
  readonly status: number;
  /** Lower-case names; HttpTransport gives them for answers outside 2xx only (all the requester reads). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The whole body, read to the end. */
  readonly text: string;
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
  readonly #resolve: (r: TransportResponse) => void;
  readonly #reject: (err: unknown) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #status = 0;
  #headers = NO_HEADERS;
  #chunks: Buffer[] = [];

  constructor(hook: AbortHook, resolve: (r: TransportResponse) => void, reject: (err: unknown) => void) {
    this.#hook = hook;
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
    // Only an answer outside 2xx has headers the requester reads (Retry-After).
    this.#headers = statusCode >= 200 && statusCode < 300 ? NO_HEADERS : headers;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
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
    this.#fail(err);
  }

  #fail(err: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#hook.remove(this);
    this.#chunks = [];
    this.#reject(err);
  }
}
