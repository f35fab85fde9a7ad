/**
 * Faults on demand: set at start and changed at runtime (`POST /_sim/faults`), so tests switch
 * them without restarting. Faults never apply to `/_sim/*`. Random draws come from the seeded
 * PRNG handed in, so a seed replays the same faults for the same request sequence.
 *
 * - latencyMs + latencyJitterMs: every venue answer is delayed by latency + U(0, jitter) ms of
 *   real time (a socket cannot wait on a fake clock).
 * - errorRate: that fraction of venue requests answer 500 VENUE_FAULT.
 * - throttleStormMs: from now (clock time) for that long every venue request answers 429 with
 *   Retry-After = the seconds left; 0 ends a storm.
 * - resetRate: that fraction of venue requests get their socket destroyed without an answer.
 * - maintenanceMs: from now for that long every venue request answers 425 with Retry-After; 0 ends it.
 * - frozenBooks: book endpoints keep answering the snapshot first served after freezing.
 * - malformed {kind, rate}: book, midpoint and trade-fill answers are corrupted at that rate:
 *   'price' non-numeric prices, 'size' negative sizes, 'missing' a required field removed.
 * - wsDropRate: each outgoing WebSocket frame terminates its connection at that rate instead.
 * - dropWebSockets: a one-shot command, terminates every WebSocket connection now.
 */
import { badParameter } from '../../errors.js';

export type MalformKind = 'price' | 'size' | 'missing';

export interface FaultConfig {
  latencyMs?: number;
  latencyJitterMs?: number;
  errorRate?: number;
  throttleStormMs?: number;
  resetRate?: number;
  maintenanceMs?: number;
  frozenBooks?: boolean;
  malformed?: { kind: MalformKind; rate: number } | null;
  wsDropRate?: number;
  dropWebSockets?: boolean;
}

/** What is in force now, as shown by `GET /_sim/faults`. */
export interface FaultState {
  latencyMs: number;
  latencyJitterMs: number;
  errorRate: number;
  resetRate: number;
  /** Clock ms when the storm / maintenance ends (0 when none). */
  throttleStormUntil: number;
  maintenanceUntil: number;
  frozenBooks: boolean;
  malformed: { kind: MalformKind; rate: number } | null;
  wsDropRate: number;
}

/** What the pipeline must do with one venue request, decided before routing to a handler. */
export type FaultVerdict =
  | { readonly kind: 'none' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'maintenance'; readonly retryAfterSec: number }
  | { readonly kind: 'storm'; readonly retryAfterSec: number }
  | { readonly kind: 'error' };

const WHERE = 'POST /_sim/faults';

function rate(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw badParameter(WHERE, name, 'must be a number in [0, 1]', v);
  return v;
}

function millis(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw badParameter(WHERE, name, 'must be a number of milliseconds >= 0', v);
  return v;
}

/** Checks a fault patch from JSON (unknown fields rejected, every field named on failure). */
export function checkFaultConfig(input: unknown): FaultConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badParameter(WHERE, 'body', 'must be a JSON object');
  const src = input as Record<string, unknown>;
  const out: FaultConfig = {};
  for (const [k, v] of Object.entries(src)) {
    switch (k) {
      case 'latencyMs':
      case 'latencyJitterMs':
      case 'throttleStormMs':
      case 'maintenanceMs':
        out[k] = millis(k, v);
        break;
      case 'errorRate':
      case 'resetRate':
      case 'wsDropRate':
        out[k] = rate(k, v);
        break;
      case 'frozenBooks':
      case 'dropWebSockets':
        if (typeof v !== 'boolean') throw badParameter(WHERE, k, 'must be true or false', v);
        out[k] = v;
        break;
      case 'malformed': {
        if (v === null || v === false) {
          out.malformed = null;
          break;
        }
        const m = v as Record<string, unknown>;
        if (typeof v !== 'object' || !['price', 'size', 'missing'].includes(m.kind as string)) {
          throw badParameter(WHERE, 'malformed.kind', 'must be one of price, size, missing', m?.kind);
        }
        out.malformed = { kind: m.kind as MalformKind, rate: m.rate === undefined ? 1 : rate('malformed.rate', m.rate) };
        break;
      }
      default:
        throw badParameter(WHERE, k, 'is not a fault setting');
    }
  }
  return out;
}

export class FaultController {
  readonly #random: () => number;
  readonly #now: () => number;
  #state: FaultState = {
    latencyMs: 0,
    latencyJitterMs: 0,
    errorRate: 0,
    resetRate: 0,
    throttleStormUntil: 0,
    maintenanceUntil: 0,
    frozenBooks: false,
    malformed: null,
    wsDropRate: 0,
  };
  /** Called for `dropWebSockets: true` and when books freeze/thaw. */
  onDropWebSockets: () => void = () => {};
  onFrozenChange: (frozen: boolean) => void = () => {};

  constructor(random: () => number, now: () => number, initial: FaultConfig = {}) {
    this.#random = random;
    this.#now = now;
    this.apply(initial);
  }

  apply(patch: FaultConfig): void {
    const s = { ...this.#state };
    const now = this.#now();
    if (patch.latencyMs !== undefined) s.latencyMs = patch.latencyMs;
    if (patch.latencyJitterMs !== undefined) s.latencyJitterMs = patch.latencyJitterMs;
    if (patch.errorRate !== undefined) s.errorRate = patch.errorRate;
    if (patch.resetRate !== undefined) s.resetRate = patch.resetRate;
    if (patch.wsDropRate !== undefined) s.wsDropRate = patch.wsDropRate;
    if (patch.throttleStormMs !== undefined) s.throttleStormUntil = patch.throttleStormMs === 0 ? 0 : now + patch.throttleStormMs;
    if (patch.maintenanceMs !== undefined) s.maintenanceUntil = patch.maintenanceMs === 0 ? 0 : now + patch.maintenanceMs;
    if (patch.malformed !== undefined) s.malformed = patch.malformed;
    const frozenChanged = patch.frozenBooks !== undefined && patch.frozenBooks !== s.frozenBooks;
    if (patch.frozenBooks !== undefined) s.frozenBooks = patch.frozenBooks;
    this.#state = s;
    if (frozenChanged) this.onFrozenChange(s.frozenBooks);
    if (patch.dropWebSockets) this.onDropWebSockets();
  }

  state(): FaultState {
    return { ...this.#state };
  }

  get frozenBooks(): boolean {
    return this.#state.frozenBooks;
  }

  /** Decides the fate of one venue request before it reaches its handler. */
  verdict(): FaultVerdict {
    const s = this.#state;
    const now = this.#now();
    if (s.resetRate > 0 && this.#random() < s.resetRate) return { kind: 'reset' };
    if (s.maintenanceUntil > now) return { kind: 'maintenance', retryAfterSec: Math.max(1, Math.ceil((s.maintenanceUntil - now) / 1000)) };
    if (s.throttleStormUntil > now) return { kind: 'storm', retryAfterSec: Math.max(1, Math.ceil((s.throttleStormUntil - now) / 1000)) };
    if (s.errorRate > 0 && this.#random() < s.errorRate) return { kind: 'error' };
    return { kind: 'none' };
  }

  /** Real-time delay for one answer, or 0. */
  delayMs(): number {
    const s = this.#state;
    if (s.latencyMs === 0 && s.latencyJitterMs === 0) return 0;
    return s.latencyMs + (s.latencyJitterMs > 0 ? this.#random() * s.latencyJitterMs : 0);
  }

  /** The corruption to apply to one book/midpoint/trade answer, if any. */
  malformation(): MalformKind | undefined {
    const m = this.#state.malformed;
    if (m === null || m.rate === 0) return undefined;
    return this.#random() < m.rate ? m.kind : undefined;
  }

  /** Whether one outgoing WebSocket frame should instead drop its connection. */
  dropWebSocketFrame(): boolean {
    const r = this.#state.wsDropRate;
    return r > 0 && this.#random() < r;
  }
}
