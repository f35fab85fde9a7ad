import { Writable } from 'node:stream';
import { expect, vi } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { openOrdersAt, startQuotedSim } from './quoted-sim.js';
import type { SimHarness } from './sim-harness.js';

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
export const openAtVenue = openOrdersAt;

export async function startQuotingDaemon(deadlineMs: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<QuotingDaemon> {
  const { harness, env } = await startQuotedSim({
    MAKERD_POLLER_INTERVAL_MS: '150',
    MAKERD_POLLER_STALE_AFTER_MS: '3600000',
    MAKERD_SHUTDOWN_DEADLINE_MS: String(deadlineMs),
    MAKERD_VENUE_RETRY_MAX_ATTEMPTS: '1',
    ...extraEnv,
  });
  started.push(harness);
  const token = harness.sim.world.lookup.tokens().find((t) => t.conditionId === env.MAKERD_MARKETS && t.outcomeIndex === 0)!;
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
