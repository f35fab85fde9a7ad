/**
 * The one place where anything thrown while serving a request becomes an HTTP answer with the
 * contract's error body `{"error": "<message>", "code": "<CODE>"}` (design.md section 3).
 */
import { ErrorCode, isMakerdError } from '../../errors.js';
import { SimHttpError, type SimErrorCode } from './http-error.js';

export interface ErrorResponse {
  readonly status: number;
  readonly body: string;
  readonly retryAfterSec: number | undefined;
}

export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof SimHttpError) return make(err.status, err.code, err.message, err.retryAfterSec);
  if (isMakerdError(err)) {
    switch (err.code) {
      case ErrorCode.BAD_PARAMETER:
        return make(400, 'BAD_PARAMETER', err.message);
      case ErrorCode.NOT_FOUND:
        return make(404, 'NOT_FOUND', err.message);
      case ErrorCode.AUTH:
        return make(401, 'UNAUTHORIZED', err.message);
      default:
        break;
    }
  }
  // An unexpected exception is a venue fault; its text may be internal, so it is not echoed.
  return make(500, 'VENUE_FAULT', 'internal venue fault');
}

function make(status: number, code: SimErrorCode, message: string, retryAfterSec?: number): ErrorResponse {
  return { status, body: JSON.stringify({ error: message, code }), retryAfterSec };
}
