/**
 * makerd's error catalogue: every error the daemon raises carries one of these stable codes, so
 * that operators, metrics and callers can branch on the code and never on the message text.
 */
export const ErrorCode = {
  /** A parameter we were about to send (or a CLI flag) breaks the venue's rule for it. */
  BAD_PARAMETER: 'MAKERD_ERR_BAD_PARAMETER',
  /** The venue answered with something that does not fit the contract; nothing acts on it. */
  BAD_RESPONSE: 'MAKERD_ERR_BAD_RESPONSE',
  /** 401/403: credentials missing, wrong or stale. */
  AUTH: 'MAKERD_ERR_AUTH',
  /** 404: unknown resource. */
  NOT_FOUND: 'MAKERD_ERR_NOT_FOUND',
  /** 429 from the venue, or our limiter could not admit the request before its deadline. */
  THROTTLED: 'MAKERD_ERR_THROTTLED',
  /** 425: the venue is restarting (maintenance window). */
  VENUE_RESTARTING: 'MAKERD_ERR_VENUE_RESTARTING',
  /** 5xx: the venue failed. */
  VENUE_FAULT: 'MAKERD_ERR_VENUE_FAULT',
  /** Connect, headers or body timeout, or the request's own deadline. */
  TIMEOUT: 'MAKERD_ERR_TIMEOUT',
  /** Connection refused, reset, DNS and other transport failures. */
  NETWORK: 'MAKERD_ERR_NETWORK',
  /** The caller aborted the request through its AbortSignal. */
  ABORTED: 'MAKERD_ERR_ABORTED',
  /** Invalid configuration; start-up stops. */
  CONFIG: 'MAKERD_ERR_CONFIG',
  /** The venue rejected an order or request for a business reason (4xx other than the above). */
  REJECTED: 'MAKERD_ERR_REJECTED',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface MakerdErrorDetails {
  /** The endpoint or component involved, e.g. `GET /book` or `config`. */
  readonly where?: string;
  /** The field, parameter or config key that is wrong. */
  readonly field?: string;
  /** HTTP status, when the error comes from an HTTP answer. */
  readonly status?: number;
  /** For throttling: how long to wait before trying again, in milliseconds. */
  readonly retryAfterMs?: number;
  readonly cause?: unknown;
}

export class MakerdError extends Error {
  readonly code: ErrorCodeValue;
  readonly where: string | undefined;
  readonly field: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCodeValue, message: string, details: MakerdErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'MakerdError';
    this.code = code;
    this.where = details.where;
    this.field = details.field;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      where: this.where,
      field: this.field,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

export function isMakerdError(err: unknown, code?: ErrorCodeValue): err is MakerdError {
  return err instanceof MakerdError && (code === undefined || err.code === code);
}

export function badParameter(where: string, field: string, rule: string, value?: unknown): MakerdError {
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  return new MakerdError(ErrorCode.BAD_PARAMETER, `${where}: parameter '${field}' ${rule}${shown}`, { where, field });
}

export function badResponse(where: string, field: string, rule: string, value?: unknown): MakerdError {
  const shown = value === undefined ? '' : ` (got ${shownValue(value)})`;
  return new MakerdError(ErrorCode.BAD_RESPONSE, `${where}: response field '${field}' ${rule}${shown}`, { where, field });
}

/**
 * A venue's value as JSON for a message, at most 80 characters. JSON.stringify recurses on the
 * value's depth, which the venue decides: an array nested a few hundred thousand deep parses, but
 * throws RangeError when written back. Then only its kind is shown (a refusal stays BAD_RESPONSE).
 */
export function shownValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? '[an array]' : typeof value === 'object' ? '{an object}' : typeof value;
  }
  return truncate(text);
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
