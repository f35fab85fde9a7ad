/**
 * The soak's schedule, pure: a clean warm-up, then each fault for one slice followed by a clean
 * slice, so every fault starts from a daemon that has recovered from the one before. The last
 * slice is clean, so makerd is stopped on a healthy venue.
 *
 * A fault is a `POST /_sim/faults` patch to switch it on and one to switch it off. Storms and
 * maintenance last their slice (so the venue's Retry-After tells the truth) and are also ended
 * explicitly at the slice's end, so the soak's record of when they ran is exact.
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
  | 'ws_drops';

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
