/**
 * Waits until the simulator is quiet: every request it received is answered and none came for
 * three turns of the event loop (tests that move a fake clock do so only then, so a poll in
 * flight takes no market time).
 */
export interface RequestCounts {
  readonly requests_total: number;
  readonly responses_by_status: Record<string, number>;
}

/** `stats` reads the simulator's counters (`sim.stats()`, /_sim/stats). */
export async function untilSimQuiet(stats: () => RequestCounts): Promise<void> {
  let quiet = 0;
  let seen = -1;
  while (quiet < 3) {
    await new Promise((r) => setImmediate(r));
    const s = stats();
    const inFlight = s.requests_total - Object.values(s.responses_by_status).reduce((a, b) => a + b, 0);
    if (inFlight === 0 && s.requests_total === seen) quiet++;
    else {
      quiet = 0;
      seen = s.requests_total;
    }
  }
}
