/**
 * HTTP/1.1 over undici Pools: one keep-alive pool per origin (the catalog and CLOB surfaces may
 * live on different hosts), with every timeout set explicitly instead of undici's 300 s defaults.
 * The transport only moves bytes; deciding what an answer means is the requester's job.
 *
 * Requests go through the pool's dispatch with a small handler of our own (response-collector.ts)
 * rather than undici's request(): no body stream, no AbortSignal listener and no parsed header
 * object per request, the body gathered as it arrives. `reset: false` keeps the connection after
 * a DELETE with a body (the venue's cancels): undici otherwise closes the socket after every
 * request whose method "does not expect" a body, so each cancel paid for a new TCP connection.
 *
 * Each answer is read up to the request's `maxBytes` and must keep up with the minimum rate
 * (answer-bounds.ts); the collector aborts the request past either, so a hostile answer costs
 * at most its bound in memory and never blocks the event loop in one piece.
 */
import { Pool } from 'undici';
import { performance } from 'node:perf_hooks';
import { ErrorCode, MakerdError } from '../../errors.js';
import type { HttpMethod } from '../endpoints.js';
import { DEFAULT_ANSWER_BOUNDS } from './answer-bounds.js';
import { type AnswerRate, ResponseCollector, type TransportResponse } from './response-collector.js';
import type { AbortHook } from './shared-deadline.js';

export interface TransportTimeouts {
  /** TCP (and TLS) connect. */
  readonly connectMs: number;
  /** From sending the request to receiving all response headers. */
  readonly headersMs: number;
  /** Longest silence between two body chunks. */
  readonly bodyMs: number;
}

export interface TransportOptions {
  readonly timeouts: TransportTimeouts;
  /** Sockets per origin. */
  readonly connections: number;
  /** How long an idle keep-alive socket is kept. */
  readonly keepAliveMs?: number;
  /** Slowest body rate accepted once past the grace (`venue.answers.minBytesPerSec`). */
  readonly minBytesPerSec?: number;
  /** Head start of the rate rule from the headers' arrival (`venue.answers.slowGraceMs`). */
  readonly slowGraceMs?: number;
  /** Real time in ms for the rate rule; default performance.now (tests give a fake one). */
  readonly now?: () => number;
}

export interface TransportRequest {
  /** `http://host:port` */
  readonly origin: string;
  readonly method: HttpMethod;
  /** Path and query string. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
  /** Fires when the request must stop (the caller aborted, or its time is up). */
  readonly abort: AbortHook;
  /** Most body bytes read; past it the answer is refused (answer-bounds.ts). */
  readonly maxBytes: number;
}

export type { TransportResponse };

/** What the requester needs of a transport (tests and benchmarks may give their own). */
export interface Transport {
  readonly closed: boolean;
  send(req: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

export class HttpTransport implements Transport {
  readonly #options: TransportOptions;
  readonly #pools = new Map<string, Pool>();
  readonly #rate: AnswerRate;
  #closed = false;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#rate = {
      minBytesPerSec: options.minBytesPerSec ?? DEFAULT_ANSWER_BOUNDS.minBytesPerSec,
      graceMs: options.slowGraceMs ?? DEFAULT_ANSWER_BOUNDS.slowGraceMs,
      now: options.now ?? (() => performance.now()),
    };
  }

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (pool === undefined) {
      // Not a network failure: retrying cannot help, so the caller gets a final ABORTED at once.
      if (this.#closed) throw new MakerdError(ErrorCode.ABORTED, 'venue client is closed', { where: 'venue client' });
      const { timeouts, connections, keepAliveMs } = this.#options;
      pool = new Pool(origin, {
        connections,
        pipelining: 1,
        connectTimeout: timeouts.connectMs,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
        keepAliveTimeout: keepAliveMs ?? 30_000,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Sends one request and reads its body completely, within its bounds; rejects with undici's
   * errors unchanged, or with AnswerRefused (answer-bounds.ts).
   */
  send(req: TransportRequest): Promise<TransportResponse> {
    const pool = this.#pool(req.origin);
    return new Promise<TransportResponse>((resolve, reject) => {
      const collector = new ResponseCollector(req.abort, req.maxBytes, this.#rate, resolve, reject);
      pool.dispatch(
        {
          method: req.method,
          path: req.path,
          headers: req.headers,
          body: req.body,
          ...(req.body === undefined ? {} : { reset: false }),
        },
        collector,
      );
    });
  }

  /** Closes every pool, letting requests in flight finish. */
  async close(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }
}
