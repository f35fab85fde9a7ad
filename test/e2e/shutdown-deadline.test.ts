/**
 * Shutdown is bounded and honest: SIGTERM stops within `lifecycle.shutdownDeadlineMs` whatever
 * the venue does, and the exit status is 0 only when the cancels were verified (a venue that
 * fails every request, is unreachable, or answers too slowly gives a non-zero status, with the
 * order ids that may be left in the log).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness | undefined;

afterEach(async () => {
  await h?.close().catch(() => undefined);
  h = undefined;
});

async function startQuoting(deadlineMs: number) {
  h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  const harness = h;
  const token = harness.sim.world.lookup.tokens().find((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01'))!;
  const maker = synthetic(harness, 0);
  for (const t of [token.tokenId, token.oppositeTokenId]) {
    rest(harness, maker, t, 'BUY', '0.40', '100');
    rest(harness, maker, t, 'SELL', '0.60', '100');
  }
  const env = liveEnvFor(harness, {
    MAKERD_MARKETS: token.conditionId,
    MAKERD_POLLER_INTERVAL_MS: '150',
    MAKERD_POLLER_STALE_AFTER_MS: '3600000',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-stop-')), 'data'),
    MAKERD_METRICS_PORT: '0',
    MAKERD_SHUTDOWN_DEADLINE_MS: String(deadlineMs),
    MAKERD_VENUE_RETRY_MAX_ATTEMPTS: '1',
  });
  const { config } = loadConfig({ env });
  const records: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const stop = new AbortController();
  const running = runDaemon(config, createLogger({ level: 'info', destination }), stop.signal);
  await vi.waitFor(() => expect((harness.sim.stats() as { open_orders: number }).open_orders).toBe(2), { timeout: 10_000, interval: 20 });
  return { harness, running, stop, records };
}

describe('shutdown', () => {
  it('a venue that fails every request: non-zero exit, the orders left named', async () => {
    const d = await startQuoting(3_000);
    await d.harness.setFaults({ errorRate: 1 });
    d.stop.abort();
    expect(await d.running).toBe(1);
    const line = d.records.find((r) => r.msg === 'open orders may be left at shutdown: cancels not verified')!;
    expect(line.reason).toMatch(/could not list open orders: MAKERD_ERR_VENUE_FAULT/);
    // The venue cannot list them: the ids the daemon knows are named instead.
    expect(line.orderIds).toHaveLength(2);
    expect(d.records.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 1 });
  });

  it('an unreachable venue: non-zero exit', async () => {
    const d = await startQuoting(3_000);
    await d.harness.close();
    d.stop.abort();
    expect(await d.running).toBe(1);
    expect(d.records.find((r) => r.msg === 'open orders may be left at shutdown: cancels not verified')!.reason).toMatch(
      /MAKERD_ERR_NETWORK/,
    );
  });

  it('a venue answering after 20 s: the deadline bounds every request, non-zero exit', async () => {
    const d = await startQuoting(2_000);
    await d.harness.setFaults({ latencyMs: 20_000 });
    const t0 = performance.now();
    d.stop.abort();
    expect(await d.running).toBe(1);
    // Bounded by the deadline (2 s), not by the venue's 20 s: generous slack for a loaded machine.
    expect(performance.now() - t0).toBeLessThan(2_000 + 1_500);
  });

  it('a healthy venue: every order cancelled and verified, exit 0', async () => {
    const d = await startQuoting(5_000);
    d.stop.abort();
    expect(await d.running).toBe(0);
    expect((d.harness.sim.stats() as { open_orders: number }).open_orders).toBe(0);
    expect(d.records.find((r) => r.msg === 'open orders cancelled')).toMatchObject({ canceled: 2, failed: 0 });
  });
});
