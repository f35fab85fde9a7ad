/**
 * Turns an HTTP answer or a transport failure into one error of the catalogue (src/errors.ts).
 * Messages name the route and what happened; they never carry request headers, and the venue's
 * own error text is shortened so that a large or hostile body cannot flood the logs.
 */
import { ErrorCode, MakerdError, type ErrorCodeValue } from '../../errors.js';
import type { AnswerRefused } from './answer-bounds.js';

const MAX_VENUE_MESSAGE = 200;

/** The venue's `{"error","code"}` body (design.md section 3), or a short excerpt of whatever came. */
function venueMessage(bodyText: string): string {
  let text = bodyText.trim();
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string') {
      const { error, code } = parsed as { error: string; code?: unknown };
      text = typeof code === 'string' && code !== '' ? `${error} [${code}]` : error;
    }
  } catch {
    // Not JSON: keep the raw excerpt.
  }
  if (text.length > MAX_VENUE_MESSAGE) text = `${text.slice(0, MAX_VENUE_MESSAGE - 3)}...`;
  return text === '' ? '(empty body)' : text;
}

const STATUS_CODES: Readonly<Record<number, ErrorCodeValue>> = {
  400: ErrorCode.BAD_PARAMETER,
  401: ErrorCode.AUTH,
  403: ErrorCode.AUTH,
  404: ErrorCode.NOT_FOUND,
  425: ErrorCode.VENUE_RESTARTING,
  429: ErrorCode.THROTTLED,
};

/** An error for a non-2xx status; `retryAfterMs` is set when the venue sent Retry-After. */
export function errorFromStatus(route: string, status: number, bodyText: string, retryAfterMs: number | undefined): MakerdError {
  const code =
    STATUS_CODES[status] ?? (status >= 500 ? ErrorCode.VENUE_FAULT : status >= 400 ? ErrorCode.REJECTED : ErrorCode.BAD_RESPONSE);
  const wait = retryAfterMs === undefined ? '' : ` (retry after ${retryAfterMs} ms)`;
  return new MakerdError(code, `${route}: venue answered ${status}: ${venueMessage(bodyText)}${wait}`, {
    where: route,
    status,
    // Kept for any status: a 503 with Retry-After is also a floor for the next read retry.
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** Why our own AbortController fired, when it did. */
export type AbortCause = 'caller' | 'request-timeout' | 'deadline' | undefined;

function errorCodeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An error for a request that got no complete answer. */
export function errorFromTransport(route: string, err: unknown, abortCause: AbortCause, timeoutMs: number): MakerdError {
  if (err instanceof MakerdError) return err;
  if (abortCause === 'caller') {
    return new MakerdError(ErrorCode.ABORTED, `${route}: aborted by the caller`, { where: route, cause: err });
  }
  if (abortCause === 'request-timeout' || abortCause === 'deadline') {
    const what = abortCause === 'deadline' ? 'the call deadline passed' : `no complete answer within ${timeoutMs} ms`;
    return new MakerdError(ErrorCode.TIMEOUT, `${route}: timed out (${what})`, { where: route, cause: err });
  }
  const code = errorCodeOf(err) ?? errorCodeOf((err as { cause?: unknown } | null)?.cause) ?? 'unknown';
  if (TIMEOUT_CODES.has(code)) {
    return new MakerdError(ErrorCode.TIMEOUT, `${route}: timed out (${code})`, { where: route, cause: err });
  }
  return new MakerdError(ErrorCode.NETWORK, `${route}: network failure (${code})`, { where: route, cause: err });
}

/**
 * An error for an answer refused for its size (BAD_RESPONSE: nothing of it is used, and it is not
 * asked for again) or its slowness (TIMEOUT, like the timeouts it stands beside).
 */
export function errorFromRefusal(route: string, refusal: AnswerRefused, setting: string): MakerdError {
  const code = refusal.reason === 'too_large' ? ErrorCode.BAD_RESPONSE : ErrorCode.TIMEOUT;
  return new MakerdError(code, `${route}: ${refusal.message} (${setting}); nothing of it was used`, {
    where: route,
    field: setting,
    cause: refusal,
  });
}
