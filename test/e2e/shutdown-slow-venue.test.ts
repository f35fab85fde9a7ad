/**
 * Shutdown wins against a slow or refusing venue (issue 16): placing stops at the signal, the
 * cancels go out at once on connections of their own (never behind the slow reads holding the
 * main client's, never behind the limiter's throttle pause), the listing that verifies them does
 * not wait for their answers, and no order of ours is open at the venue after the exit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeQuotingHarnesses, openAtVenue, type QuotingDaemon, startQuotingDaemon } from '../support/quoting-daemon.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

afterEach(closeQuotingHarnesses);

function routeCount(d: QuotingDaemon, route: string): number {
  return (d.harness.sim.stats() as { requests_by_route: Record<string, number> }).requests_by_route[route] ?? 0;
}

function requests(d: QuotingDaemon): number {
  return (d.harness.sim.stats() as { requests_total: number }).requests_total;
}

/**
 * The venue turns slow, then the book moves: the daemon's re-quote is under way at the signal
 * (its cancel has reached the venue, its answer and the posts after it are pending).
 */
async function slowWithRequoteUnderWay(d: QuotingDaemon, latencyMs: number): Promise<void> {
  const cancels = (): number => routeCount(d, 'DELETE /order') + routeCount(d, 'DELETE /cancel-market-orders');
  const before = cancels();
  await d.harness.setFaults({ latencyMs });
  rest(d.harness, synthetic(d.harness, 0), d.tokenId, 'BUY', '0.45', '100');
  await vi.waitFor(() => expect(cancels()).toBeGreaterThan(before), { timeout: latencyMs + 3_000, interval: 20 });
}

/** The venue turns slow: the daemon's reads hold its connections at the signal. */
async function slowWithReadsInFlight(d: QuotingDaemon, latencyMs: number): Promise<void> {
  await d.harness.setFaults({ latencyMs });
  const before = requests(d);
  await vi.waitFor(() => expect(requests(d)).toBeGreaterThan(before + 1), { timeout: 3_000, interval: 20 });
}

/** Stops the daemon; resolves with its exit status and how long the stop took (ms). */
async function stopTimed(d: QuotingDaemon): Promise<{ code: number; ms: number }> {
  const t0 = performance.now();
  d.stop.abort();
  const code = await d.running;
  return { code, ms: performance.now() - t0 };
}

describe('shutdown on a slow venue', () => {
  it('latency of half the deadline: cancelled and verified in one venue round trip, exit 0', async () => {
    const d = await startQuotingDaemon(5_000);
    await slowWithRequoteUnderWay(d, 2_500);
    const posts = routeCount(d, 'POST /order');
    const { code, ms } = await stopTimed(d);
    expect(code).toBe(0);
    // One round trip (cancel and listing overlap), not two: a listing after the cancel's answer
    // would end at 5 s, past the 4 s the deadline leaves for the cancels.
    expect(ms).toBeGreaterThan(2_500);
    expect(ms).toBeLessThan(5_000 + 2_000);
    expect(openAtVenue(d.harness)).toBe(0);
    expect(d.records.find((r) => r.msg === 'open orders cancelled')).toMatchObject({ failed: 0 });
    expect(d.records.some((r) => r.msg === 'quoting did not stop in time; cancelling anyway')).toBe(false);
    // The re-quote's posts, due once its cancel was answered, were never sent.
    expect(routeCount(d, 'POST /order')).toBe(posts);
  });

  it("the issue's 12 s latency: exit 0 within the deadline, nothing open at the venue", async () => {
    const d = await startQuotingDaemon(15_000);
    await slowWithReadsInFlight(d, 12_000);
    const { code, ms } = await stopTimed(d);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(15_000 + 2_000);
    expect(openAtVenue(d.harness)).toBe(0);
  }, 30_000);

  it('latency past the deadline: the cancels land, exit 1 within the deadline', async () => {
    const d = await startQuotingDaemon(2_000);
    await slowWithReadsInFlight(d, 20_000);
    const { code, ms } = await stopTimed(d);
    expect(code).toBe(1);
    expect(ms).toBeLessThan(2_000 + 2_000);
    // Cancelled on arrival: the venue acted, only its answers were late.
    expect(openAtVenue(d.harness)).toBe(0);
    expect(d.records.find((r) => String(r.msg).startsWith('open orders may be left at shutdown'))).toMatchObject({ listed: false });
  });
});

describe('shutdown on a refusing venue', () => {
  it('a 429 storm: cancels keep trying past the throttle, verified once it ends, exit 0', async () => {
    const d = await startQuotingDaemon(5_000);
    await d.harness.setFaults({ throttleStormMs: 60_000 });
    const throttled = (): number => (d.harness.sim.stats() as { throttled_total: number }).throttled_total;
    const before = throttled();
    const t0 = performance.now();
    d.stop.abort();
    // The shutdown's own requests are refused a few times over (not one try, then the limiter's pause)...
    await vi.waitFor(() => expect(throttled()).toBeGreaterThan(before + 4), { timeout: 3_000, interval: 20 });
    // ...and the storm ends before the deadline.
    await d.harness.setFaults({ throttleStormMs: 0 });
    expect(await d.running).toBe(0);
    expect(performance.now() - t0).toBeLessThan(5_000 + 2_000);
    expect(openAtVenue(d.harness)).toBe(0);
    const done = d.records.find((r) => r.msg === 'open orders cancelled') as { canceled: number };
    expect(done.canceled).toBe(2);
    expect(d.records.some((r) => String(r.msg).includes('MAKERD_ERR_THROTTLED') || String(r.err).includes('earliest possible'))).toBe(
      false,
    );
  });

  it('30 % of requests failing with 5xx: every order cancelled and verified, exit 0', async () => {
    const d = await startQuotingDaemon(5_000);
    await d.harness.setFaults({ errorRate: 0.3 });
    const { code, ms } = await stopTimed(d);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5_000 + 2_000);
    expect(openAtVenue(d.harness)).toBe(0);
  });
});
