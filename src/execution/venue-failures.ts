/** How the executor reads a failed venue call: outcome unknown, order already gone, error code. */
import { ErrorCode, type ErrorCodeValue, isMakerdError } from '../errors.js';

/** A post that failed with one of these may still have reached the venue: its outcome is settled by listing. */
export const UNCERTAIN_CODES: ReadonlySet<ErrorCodeValue> = new Set([
  ErrorCode.TIMEOUT,
  ErrorCode.NETWORK,
  ErrorCode.VENUE_FAULT,
  ErrorCode.ABORTED,
]);
/** A cancel refused for one of these reasons finds the order already gone. */
export const GONE_REASONS = /not found|already closed|already cancel|filled|matched/i;

export function codeOf(err: unknown): string {
  return isMakerdError(err) ? err.code : 'unknown';
}
