/**
 * The soak's schedule, pure: a clean warm-up, then each fault for one slice followed by a clean
 * slice, so every fault starts from a daemon that has recovered from the one before. The last
 * slice is clean, so makerd is stopped on a healthy venue.
 *
 * A fault is a `POST /_sim/faults` patch to switch it on and one to switch it off. Storms and
 * maintenance last their slice (so the venue's Retry-After tells the truth) and are also ended
 * explicitly at the slice's end, so the soak's record of when they ran is exact.
 *
 * `--hostile` runs another schedule (planHostilePhases): the hostile answers of a venue or proxy
 * that misbehaves in size, depth or speed (HOSTILE_FAULTS), each for up to 30 s followed by a
 * clean slice, with what must move on makerd's /metrics for each.
 */

export type FaultName =
  | 'latency'
  | '5xx'
  | 'throttle_storm'
  | 'resets'
  | 'maintenance'
  | 'frozen_books'
  | 'malformed_price'
  | 'malformed_size'
  | 'ws_drops'
  | HostileFaultName;

export type HostileFaultName = 'huge_books' | 'long_books' | 'giant_answers' | 'stream_flood' | 'trickle' | 'deep_json' | 'garbage';

/** Samples of one metric on makerd's /metrics: the name, and labels a sample must have. */
export interface MetricSelector {
  readonly name: string;
  readonly labels?: Readonly<Record<string, string>>;
}

export interface FaultSpec {
  readonly name: FaultName;
  /** The patch that switches it on for a slice of `sliceMs`. */
  readonly on: (sliceMs: number) => Record<string, unknown>;
  readonly off: Record<string, unknown>;
  /**
   * Keys of the simulator's `faults_injected` (or `ws_reconnects`) that prove the fault applied at
   * least once; empty when the simulator does not count it (latency, frozen books).
   */
  readonly evidence: readonly string[];
  /**
   * Hostile faults: the counters on makerd's /metrics of which at least one must move while the
   * fault is on (the refusal it should have made, whichever applies).
   */
  readonly moves?: readonly MetricSelector[];
}

export interface Phase {
  /** `warmup`, a fault's name, or `clean` after a fault. */
  readonly name: string;
  readonly fault: FaultSpec | undefined;
  /** Offset from the soak's start of trading, ms, as planned (the run slips it when a phase runs over). */
  readonly startMs: number;
  readonly durationMs: number;
}

export const FAULTS: readonly FaultSpec[] = [
  { name: 'latency', on: () => ({ latencyMs: 150, latencyJitterMs: 150 }), off: { latencyMs: 0, latencyJitterMs: 0 }, evidence: [] },
  { name: '5xx', on: () => ({ errorRate: 0.2 }), off: { errorRate: 0 }, evidence: ['error'] },
  {
    name: 'throttle_storm',
    on: (ms) => ({ throttleStormMs: Math.max(1, Math.round(ms)) }),
    off: { throttleStormMs: 0 },
    evidence: ['storm'],
  },
  { name: 'resets', on: () => ({ resetRate: 0.2 }), off: { resetRate: 0 }, evidence: ['reset'] },
  {
    name: 'maintenance',
    on: (ms) => ({ maintenanceMs: Math.max(1, Math.round(ms)) }),
    off: { maintenanceMs: 0 },
    evidence: ['maintenance'],
  },
  { name: 'frozen_books', on: () => ({ frozenBooks: true }), off: { frozenBooks: false }, evidence: [] },
  // The 'missing' kind is left out: on POST /midpoints it deletes one token's entry, which the
  // contract allows (a token without a midpoint), so no client can refuse it.
  {
    name: 'malformed_price',
    on: () => ({ malformed: { kind: 'price', rate: 0.3 } }),
    off: { malformed: null },
    evidence: ['malformed_price'],
  },
  {
    name: 'malformed_size',
    on: () => ({ malformed: { kind: 'size', rate: 0.3 } }),
    off: { malformed: null },
    evidence: ['malformed_size'],
  },
  // Every socket dropped at the start, then 5 % of outgoing frames drop theirs; makerd must
  // reconnect (`ws_reconnects`: the simulator's WebSocket connections after the first ones).
  { name: 'ws_drops', on: () => ({ dropWebSockets: true, wsDropRate: 0.05 }), off: { wsDropRate: 0 }, evidence: ['ws_reconnects'] },
];

/** Warm-up share of the run (at least `MIN_WARMUP_MS`): makerd quoting before the first fault. */
const WARMUP_SHARE = 0.08;
const MIN_WARMUP_MS = 5_000;

export function planPhases(totalMs: number, faults: readonly FaultSpec[] = FAULTS): Phase[] {
  if (!(totalMs > 0)) throw new Error(`soak: the run must last more than 0 ms (got ${totalMs})`);
  const warmup = Math.min(totalMs, Math.max(MIN_WARMUP_MS, totalMs * WARMUP_SHARE));
  const phases: Phase[] = [{ name: 'warmup', fault: undefined, startMs: 0, durationMs: warmup }];
  const rest = totalMs - warmup;
  if (rest <= 0 || faults.length === 0) return phases;
  const slice = rest / (faults.length * 2);
  let at = warmup;
  for (const f of faults) {
    phases.push({ name: f.name, fault: f, startMs: at, durationMs: slice });
    at += slice;
    phases.push({ name: 'clean', fault: undefined, startMs: at, durationMs: slice });
    at += slice;
  }
  return phases;
}

const refused = (route: string, reason?: string): MetricSelector => ({
  name: 'makerd_venue_answers_refused_total',
  labels: reason === undefined ? { route } : { route, reason },
});
const unusableBooks: MetricSelector = { name: 'makerd_books_unusable_total' };
const badResponses: MetricSelector = { name: 'makerd_poll_requests_failed_total', labels: { code: 'MAKERD_ERR_BAD_RESPONSE' } };

/**
 * What an operator saw behind a misbehaving proxy, one fault at a time. A book of 1,500 levels a
 * side (about 110 KB) fits the size bound of a `POST /books` answer, so `long_books` reaches the
 * book checks that the 100,000 levels of `huge_books` (7 MB a book) never get to.
 */
export const HOSTILE_FAULTS: readonly FaultSpec[] = [
  {
    name: 'huge_books',
    on: () => ({ hugeBooks: 100_000 }),
    off: { hugeBooks: 0 },
    evidence: ['huge_books'],
    moves: [refused('POST /books'), refused('GET /book'), unusableBooks],
  },
  {
    name: 'long_books',
    on: () => ({ hugeBooks: 1_500 }),
    off: { hugeBooks: 0 },
    evidence: ['huge_books'],
    moves: [unusableBooks, refused('POST /books'), refused('GET /book')],
  },
  {
    name: 'giant_answers',
    on: () => ({ giantAnswersMb: 400 }),
    off: { giantAnswersMb: 0 },
    evidence: ['giant_answer'],
    moves: [refused('POST /books', 'too_large')],
  },
  {
    name: 'stream_flood',
    on: () => ({ streamFloodMb: 5, streamFloodPerSec: 4 }),
    off: { streamFloodMb: 0 },
    evidence: ['stream_flood'],
    // A message the rate bound lets through is a book of ~180,000 levels: unusable (too-many-levels).
    moves: [{ name: 'makerd_stream_messages_refused_total', labels: { stream: 'market' } }, unusableBooks],
  },
  {
    name: 'trickle',
    on: () => ({ trickle: ['GET /data/orders'] }),
    off: { trickle: [] },
    evidence: ['trickle'],
    moves: [refused('GET /data/orders', 'too_slow')],
  },
  {
    name: 'deep_json',
    on: () => ({ deepJson: 200_000 }),
    off: { deepJson: 0 },
    evidence: ['deep_json'],
    moves: [refused('POST /midpoints'), badResponses],
  },
  {
    name: 'garbage',
    on: () => ({ garbage: true }),
    off: { garbage: false },
    evidence: ['garbage'],
    moves: [badResponses, refused('POST /books')],
  },
];

/** Longest a hostile fault is on; the rest of its share of the run goes to the clean slice after it. */
export const HOSTILE_SLICE_MAX_MS = 30_000;
/** A clean slice is at least half its fault's. */
const HOSTILE_CLEAN_SHARE = 0.5;

/**
 * The hostile schedule: the same warm-up, then each fault for a slice of at most 30 s followed by
 * a clean slice of at least half that (more when the run is long enough for 30 s slices), ending
 * clean.
 */
export function planHostilePhases(totalMs: number, faults: readonly FaultSpec[] = HOSTILE_FAULTS): Phase[] {
  const phases = planPhases(totalMs, []);
  const warmup = phases[0]!.durationMs;
  const rest = totalMs - warmup;
  if (rest <= 0 || faults.length === 0) return phases;
  const slice = Math.min(HOSTILE_SLICE_MAX_MS, rest / (faults.length * (1 + HOSTILE_CLEAN_SHARE)));
  const clean = rest / faults.length - slice;
  let at = warmup;
  for (const f of faults) {
    phases.push({ name: f.name, fault: f, startMs: at, durationMs: slice });
    at += slice;
    phases.push({ name: 'clean', fault: undefined, startMs: at, durationMs: clean });
    at += clean;
  }
  return phases;
}
