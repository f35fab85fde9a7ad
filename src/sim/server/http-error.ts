/**
 * An HTTP answer other than 200 that a handler or a pipeline stage decides on. The server turns
 * it (and any MakerdError) into the contract's error body `{"error", "code"}` in one place:
 * `error-response.ts`.
 */
export type SimErrorCode = 'BAD_PARAMETER' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'VENUE_RESTARTING' | 'THROTTLED' | 'VENUE_FAULT';

export class SimHttpError extends Error {
  readonly status: number;
  readonly code: SimErrorCode;
  /** Seconds, sent as `Retry-After` (429 and 425). */
  readonly retryAfterSec: number | undefined;

  constructor(status: number, code: SimErrorCode, message: string, retryAfterSec?: number) {
    super(message);
    this.name = 'SimHttpError';
    this.status = status;
    this.code = code;
    this.retryAfterSec = retryAfterSec;
  }
}

export const notFound = (what: string): SimHttpError => new SimHttpError(404, 'NOT_FOUND', `${what} not found`);

export const unauthorized = (message: string): SimHttpError => new SimHttpError(401, 'UNAUTHORIZED', message);

export const throttled = (retryAfterSec: number, scope: string): SimHttpError =>
  new SimHttpError(429, 'THROTTLED', `too many requests (${scope}); retry after ${retryAfterSec} s`, retryAfterSec);

export const restarting = (retryAfterSec: number): SimHttpError =>
  new SimHttpError(425, 'VENUE_RESTARTING', `venue is restarting; retry after ${retryAfterSec} s`, retryAfterSec);

export const venueFault = (message = 'internal venue fault'): SimHttpError => new SimHttpError(500, 'VENUE_FAULT', message);
