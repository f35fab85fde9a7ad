/**
 * A daemon quoting one market of a fresh simulator (two orders resting, the book held still by a
 * synthetic maker), run in-process over real HTTP with its log captured: the start of every
 * shutdown test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { liveEnvFor } from './live-env.js';
import { startSimHarness, type SimHarness } from './sim-harness.js';

export interface QuotingDaemon {
  readonly harness: SimHarness;
  /** Resolves with the exit status. */
  readonly running: Promise<number>;
  readonly stop: AbortController;
  readonly records: Record<string, unknown>[];
  /** The quoted market's first outcome token. */
  readonly tokenId: string;
}

const started: SimHarness[] = [];

/** Closes the simulators started since the last call (each test's afterEach). */
export async function closeQuotingHarnesses(): Promise<void> {
  for (const h of started.splice(0)) await h.close().catch(() => undefined);
}

/** Open orders of the operator's account at the simulator. */
export function openAtVenue(h: SimHarness): number {
  return (h.sim.stats() as { open_orders: number }).open_orders;
}

export async function startQuotingDaemon(deadlineMs: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<QuotingDaemon> {
  const harness = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  started.push(harness);
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
    ...extraEnv,
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
  await vi.waitFor(() => expect(openAtVenue(harness)).toBe(2), { timeout: 10_000, interval: 20 });
  return { harness, running, stop, records, tokenId: token.tokenId };
}
