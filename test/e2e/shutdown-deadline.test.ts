/**
 * Shutdown is bounded and honest: SIGTERM stops within `lifecycle.shutdownDeadlineMs` whatever
 * the venue does, and the exit status is 0 only when the cancels were verified (a venue that
 * fails every request, is unreachable, or answers too slowly gives a non-zero status, with the
 * order ids that may be left in the log).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeQuotingHarnesses, startQuotingDaemon } from '../support/quoting-daemon.js';

afterEach(closeQuotingHarnesses);

describe('shutdown', () => {
  it('a venue that fails every request: non-zero exit, the orders left named', async () => {
    const d = await startQuotingDaemon(3_000);
    await d.harness.setFaults({ errorRate: 1 });
    d.stop.abort();
    expect(await d.running).toBe(1);
    const line = d.records.find(
      (r) => r.msg === 'open orders may be left at shutdown: cancels sent, but the venue answered no listing to verify them',
    )!;
    expect(line.reason).toMatch(/could not list open orders: MAKERD_ERR_VENUE_FAULT/);
    // The venue cannot list them: the ids the daemon knows are named instead.
    expect(line.orderIds).toHaveLength(2);
    expect(d.records.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 1 });
  });

  it('an unreachable venue: non-zero exit', async () => {
    const d = await startQuotingDaemon(3_000);
    await d.harness.close();
    d.stop.abort();
    expect(await d.running).toBe(1);
    expect(d.records.find((r) => String(r.msg).startsWith('open orders may be left at shutdown'))!.reason).toMatch(/MAKERD_ERR_NETWORK/);
  });

  it('a venue answering after 20 s: the deadline bounds every request, non-zero exit', async () => {
    const d = await startQuotingDaemon(2_000);
    await d.harness.setFaults({ latencyMs: 20_000 });
    const t0 = performance.now();
    d.stop.abort();
    expect(await d.running).toBe(1);
    // Bounded by the deadline (2 s), not by the venue's 20 s: generous slack for a loaded machine.
    expect(performance.now() - t0).toBeLessThan(2_000 + 1_500);
  });

  it('a healthy venue: every order cancelled and verified, exit 0', async () => {
    const d = await startQuotingDaemon(5_000);
    d.stop.abort();
    expect(await d.running).toBe(0);
    expect((d.harness.sim.stats() as { open_orders: number }).open_orders).toBe(0);
    expect(d.records.find((r) => r.msg === 'open orders cancelled')).toMatchObject({ canceled: 2, failed: 0 });
  });
});
