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
 *
 * Hostile answers (a venue, or a proxy in front of it, that misbehaves in size, depth or speed;
 * written by `hostile-answers.ts` and `body-stream.ts`, never built whole in the simulator's
 * memory). Each is a value that switches it on and 0 / false / [] that switches it off; `true`
 * takes the default in brackets:
 * - hugeBooks [100,000]: `POST /books` and `GET /book` answer books of that many levels a side,
 *   every price off every tick grid (odd billionths), streamed as they are generated.
 * - giantAnswersMb [400]: `POST /books` answers a JSON body of that many MB (MiB, 2^20 bytes):
 *   the real books, the first one padded with repeated bid levels; streamed in 64 KiB chunks.
 * - streamFloodMb [5] and streamFloodPerSec [4]: every market-channel WebSocket connection gets a
 *   `book` message of that many MB that many times a second (skipped for a connection whose send
 *   buffer still holds the last one).
 * - trickle [GET /data/orders]: the answers of those routes (a route list, `METHOD /path` as in
 *   the limit table) are sent one byte a second.
 * - deepJson [200,000]: `POST /midpoints` answers the first token's midpoint as arrays nested
 *   that deep.
 * - garbage: `POST /books` answers 64 KiB of random bytes as `application/json`.
 */
import { badParameter } from '../../errors.js';
import { ENDPOINTS } from '../../routes.js';

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
  hugeBooks?: number;
  giantAnswersMb?: number;
  streamFloodMb?: number;
  streamFloodPerSec?: number;
  /** Routes (`METHOD /path`) answered a byte a second; [] ends it. */
  trickle?: readonly string[];
  deepJson?: number;
  garbage?: boolean;
}

/** What `true` stands for in a patch, and the bounds of each hostile setting. */
export const HOSTILE_DEFAULTS = {
  hugeBooks: 100_000,
  giantAnswersMb: 400,
  streamFloodMb: 5,
  streamFloodPerSec: 4,
  trickle: ['GET /data/orders'] as readonly string[],
  deepJson: 200_000,
} as const;

export const HOSTILE_LIMITS = {
  /** Levels a side (the generator needs distinct odd billionths in (0.1, 0.9)). */
  hugeBooks: 1_000_000,
  /** Streamed, so only the time it takes bounds it. */
  giantAnswersMb: 10_240,
  /** The flood's message is held in memory once, for every connection. */
  streamFloodMb: 64,
  streamFloodPerSec: 100,
  deepJson: 10_000_000,
} as const;

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
  /** Hostile answers: 0 / [] / false when off. */
  hugeBooks: number;
  giantAnswersMb: number;
  streamFloodMb: number;
  streamFloodPerSec: number;
  trickle: string[];
  deepJson: number;
  garbage: boolean;
}

/** What the pipeline must do with one venue request, decided before routing to a handler. */
export type FaultVerdict =
  | { readonly kind: 'none' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'maintenance'; readonly retryAfterSec: number }
  | { readonly kind: 'storm'; readonly retryAfterSec: number }
  | { readonly kind: 'error' };

const WHERE = 'POST /_sim/faults';

function rate(name: string, v: unknown, where = WHERE): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw badParameter(where, name, 'must be a number in [0, 1]', v);
  return v;
}

function millis(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw badParameter(WHERE, name, 'must be a number of milliseconds >= 0', v);
  return v;
}

/** A hostile amount: `true` is its default, `false` 0 (off), else a number in [0, max] (an integer when `integer`). */
function amount(where: string, name: string, v: unknown, dflt: number, max: number, integer: boolean): number {
  if (v === true) return dflt;
  if (v === false) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max || (integer && !Number.isInteger(v))) {
    throw badParameter(where, name, `must be true, false or ${integer ? 'an integer' : 'a number'} from 0 (off) to ${max}`, v);
  }
  return v;
}

const KNOWN_ROUTES: ReadonlySet<string> = new Set(Object.values(ENDPOINTS).map((d) => d.route));

function trickleRoutes(where: string, v: unknown): string[] {
  if (v === true) return [...HOSTILE_DEFAULTS.trickle];
  if (v === false || v === null) return [];
  if (!Array.isArray(v)) throw badParameter(where, 'trickle', 'must be true, false or a list of routes (METHOD /path)', v);
  const out: string[] = [];
  for (const [i, r] of v.entries()) {
    if (typeof r !== 'string' || !KNOWN_ROUTES.has(r))
      throw badParameter(where, `trickle[${i}]`, 'must be a venue route (METHOD /path)', r);
    if (!out.includes(r)) out.push(r);
  }
  return out;
}

/** The hostile settings of a patch (`where` names the source in errors: the route, or the configuration). */
function hostile(where: string, k: string, v: unknown, out: FaultConfig): boolean {
  const L = HOSTILE_LIMITS;
  const D = HOSTILE_DEFAULTS;
  switch (k) {
    case 'hugeBooks':
      out.hugeBooks = amount(where, k, v, D.hugeBooks, L.hugeBooks, true);
      return true;
    case 'giantAnswersMb':
      out.giantAnswersMb = amount(where, k, v, D.giantAnswersMb, L.giantAnswersMb, false);
      return true;
    case 'streamFloodMb':
      out.streamFloodMb = amount(where, k, v, D.streamFloodMb, L.streamFloodMb, false);
      return true;
    case 'streamFloodPerSec':
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > L.streamFloodPerSec) {
        throw badParameter(where, k, `must be a number in (0, ${L.streamFloodPerSec}]`, v);
      }
      out.streamFloodPerSec = v;
      return true;
    case 'trickle':
      out.trickle = trickleRoutes(where, v);
      return true;
    case 'deepJson':
      out.deepJson = amount(where, k, v, D.deepJson, L.deepJson, true);
      return true;
    case 'garbage':
      if (typeof v !== 'boolean') throw badParameter(where, k, 'must be true or false', v);
      out.garbage = v;
      return true;
    default:
      return false;
  }
}

/**
 * Checks the hostile settings read from the configuration (`sim.faults.*`), whose formats cannot
 * say every bound; the message names the key.
 */
export function checkHostileConfig(
  input: Pick<FaultConfig, 'hugeBooks' | 'giantAnswersMb' | 'streamFloodMb' | 'streamFloodPerSec' | 'deepJson'>,
): void {
  for (const [k, v] of Object.entries(input)) if (v !== undefined) hostile('configuration sim.faults', k, v, {});
}

/** Checks a fault patch from JSON (unknown fields rejected, every field named on failure). */
export function checkFaultConfig(input: unknown): FaultConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badParameter(WHERE, 'body', 'must be a JSON object');
  const src = input as Record<string, unknown>;
  const out: FaultConfig = {};
  for (const [k, v] of Object.entries(src)) {
    if (hostile(WHERE, k, v, out)) continue;
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
    hugeBooks: 0,
    giantAnswersMb: 0,
    streamFloodMb: 0,
    streamFloodPerSec: HOSTILE_DEFAULTS.streamFloodPerSec,
    trickle: [],
    deepJson: 0,
    garbage: false,
  };
  /** Called for `dropWebSockets: true` and when books freeze/thaw. */
  onDropWebSockets: () => void = () => {};
  onFrozenChange: (frozen: boolean) => void = () => {};
  /** Called when the stream flood's size or rate changes (size 0: stopped). */
  onStreamFloodChange: (mb: number, perSec: number) => void = () => {};

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
    if (patch.hugeBooks !== undefined) s.hugeBooks = patch.hugeBooks;
    if (patch.giantAnswersMb !== undefined) s.giantAnswersMb = patch.giantAnswersMb;
    if (patch.trickle !== undefined) s.trickle = [...patch.trickle];
    if (patch.deepJson !== undefined) s.deepJson = patch.deepJson;
    if (patch.garbage !== undefined) s.garbage = patch.garbage;
    const floodBefore = [s.streamFloodMb, s.streamFloodPerSec];
    if (patch.streamFloodMb !== undefined) s.streamFloodMb = patch.streamFloodMb;
    if (patch.streamFloodPerSec !== undefined) s.streamFloodPerSec = patch.streamFloodPerSec;
    const floodChanged = floodBefore[0] !== s.streamFloodMb || floodBefore[1] !== s.streamFloodPerSec;
    this.#state = s;
    if (frozenChanged) this.onFrozenChange(s.frozenBooks);
    if (floodChanged) this.onStreamFloodChange(s.streamFloodMb, s.streamFloodPerSec);
    if (patch.dropWebSockets) this.onDropWebSockets();
  }

  state(): FaultState {
    return { ...this.#state, trickle: [...this.#state.trickle] };
  }

  /** What is in force now, without a copy (the state object is replaced, never changed, by apply). */
  get current(): Readonly<FaultState> {
    return this.#state;
  }

  /** One draw of the fault PRNG (the garbage answer's bytes). */
  draw(): number {
    return this.#random();
  }

  /** Whether answers of `route` are trickled (one byte a second). */
  trickles(route: string): boolean {
    const t = this.#state.trickle;
    return t.length > 0 && t.includes(route);
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
