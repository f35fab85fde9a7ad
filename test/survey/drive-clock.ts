/**
 * Runs a command against the simulator while moving the fake clock it shares: `stepMs` forward
 * every real millisecond or so, whenever no HTTP request is under way (undici's diagnostics
 * channels say when one is), so a poll takes no market time however slow the machine. Call
 * `trackRequests()` once per test file (it subscribes in beforeAll and unsubscribes in afterAll).
 */
import diagnostics from 'node:diagnostics_channel';
import { afterAll, beforeAll } from 'vitest';
import type { FakeClock } from '../../src/clock/fake-clock.js';

let inFlight = 0;
const started = (): void => {
  inFlight++;
};
const ended = (): void => {
  inFlight--;
};
const CHANNELS: [string, () => void][] = [
  ['undici:request:create', started],
  ['undici:request:trailers', ended],
  ['undici:request:error', ended],
];

export function trackRequests(): void {
  beforeAll(() => {
    for (const [name, f] of CHANNELS) diagnostics.subscribe(name, f);
  });
  afterAll(() => {
    for (const [name, f] of CHANNELS) diagnostics.unsubscribe(name, f);
  });
}

export async function driven<T>(clock: FakeClock, run: Promise<T>, stepMs: number): Promise<T> {
  let done = false;
  const result = run.finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((r) => setTimeout(r, 1));
    if (!done && inFlight === 0) clock.advance(stepMs);
  }
  return result;
}
