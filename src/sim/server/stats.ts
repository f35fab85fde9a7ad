/**
 * Counters behind `GET /_sim/stats`. Only venue routes are counted (never `/_sim/*`), so a test
 * that reads the stats does not disturb them. Route labels are the bounded set of
 * `ENDPOINTS[id].route` values plus `unknown` and the two WebSocket paths.
 */
export type AuthFailureReason =
  | 'missing_header'
  | 'unknown_api_key'
  | 'wrong_passphrase'
  | 'wrong_address'
  | 'bad_timestamp'
  | 'stale_timestamp'
  | 'bad_signature';

export interface SimServerStats {
  requests_total: number;
  /** Every 429 answered: injected storms and the edge limits together. */
  throttled_total: number;
  /** 429s of the edge limits alone (a window of section 8 would have been exceeded), by scope. */
  edge_throttled_total: number;
  edge_throttled_by_scope: Record<string, number>;
  auth_failures_total: number;
  auth_failures_by_reason: Partial<Record<AuthFailureReason, number>>;
  requests_by_route: Record<string, number>;
  responses_by_status: Record<string, number>;
  faults_injected: Record<string, number>;
  /** Bytes the hostile-answer faults wrote (huge_books, giant_answer, deep_json, garbage, trickle, stream_flood). */
  fault_bytes_sent: Record<string, number>;
  ws_connections_open: number;
  ws_connections_total: number;
}

export class StatsRecorder {
  requestsTotal = 0;
  throttledTotal = 0;
  authFailuresTotal = 0;
  edgeThrottledTotal = 0;
  wsOpen = 0;
  wsTotal = 0;
  readonly #authByReason = new Map<AuthFailureReason, number>();
  readonly #byRoute = new Map<string, number>();
  readonly #byStatus = new Map<number, number>();
  readonly #faults = new Map<string, number>();
  readonly #faultBytes = new Map<string, number>();
  readonly #edgeByScope = new Map<string, number>();

  request(route: string): void {
    this.requestsTotal++;
    this.#byRoute.set(route, (this.#byRoute.get(route) ?? 0) + 1);
  }

  response(status: number): void {
    this.#byStatus.set(status, (this.#byStatus.get(status) ?? 0) + 1);
    if (status === 429) this.throttledTotal++;
  }

  /** A request the edge limits refused: admitting it would have exceeded `scope`'s window. */
  edgeThrottle(scope: string): void {
    this.edgeThrottledTotal++;
    this.#edgeByScope.set(scope, (this.#edgeByScope.get(scope) ?? 0) + 1);
  }

  authFailure(reason: AuthFailureReason): void {
    this.authFailuresTotal++;
    this.#authByReason.set(reason, (this.#authByReason.get(reason) ?? 0) + 1);
  }

  fault(kind: string): void {
    this.#faults.set(kind, (this.#faults.get(kind) ?? 0) + 1);
  }

  /** Bytes a hostile-answer fault wrote, counted under each of `kinds`. */
  faultBytes(kinds: readonly string[], n: number): void {
    for (const k of kinds) this.#faultBytes.set(k, (this.#faultBytes.get(k) ?? 0) + n);
  }

  snapshot(): SimServerStats {
    return {
      requests_total: this.requestsTotal,
      throttled_total: this.throttledTotal,
      edge_throttled_total: this.edgeThrottledTotal,
      edge_throttled_by_scope: Object.fromEntries(this.#edgeByScope),
      auth_failures_total: this.authFailuresTotal,
      auth_failures_by_reason: Object.fromEntries(this.#authByReason),
      requests_by_route: Object.fromEntries(this.#byRoute),
      responses_by_status: Object.fromEntries([...this.#byStatus].map(([k, v]) => [String(k), v])),
      faults_injected: Object.fromEntries(this.#faults),
      fault_bytes_sent: Object.fromEntries(this.#faultBytes),
      ws_connections_open: this.wsOpen,
      ws_connections_total: this.wsTotal,
    };
  }
}
