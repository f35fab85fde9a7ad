/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Aborts this call (gate wait, request in flight, retry wait) -> MAKERD_ERR_ABORTED. */
  readonly signal?: AbortSignal | undefined;
  /** Replaces the client's `timeouts.requestMs` (limiter wait + exchange) for each attempt of this call. */
  readonly timeoutMs?: number | undefined;
  /** Absolute deadline in clock milliseconds for the whole call, retries and gate wait included. */
  readonly deadlineMs?: number | undefined;
  /** Called each time an attempt has been signed and is handed to the HTTP layer (tick-to-dispatch). */
  readonly onSend?: (() => void) | undefined;
}
