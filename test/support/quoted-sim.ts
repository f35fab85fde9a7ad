/**
 * A simulator with one market held still by a synthetic maker (bids 0.40, asks 0.60 on both
 * outcomes), and the environment of a live-mode `makerd run` quoting it: the start of the tests
 * that stop a daemon process in the ways operators do and count the orders left at the venue.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { liveEnvFor } from './live-env.js';
import { startSimHarness, type SimHarness } from './sim-harness.js';

export interface QuotedSim {
  readonly harness: SimHarness;
  /** `makerd run` in live mode on the held market, its own data dir, metrics on port 0. */
  readonly env: NodeJS.ProcessEnv;
}

export async function startQuotedSim(extraEnv: NodeJS.ProcessEnv = {}): Promise<QuotedSim> {
  const harness = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  const token = harness.sim.world.lookup.tokens().find((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01'))!;
  const maker = synthetic(harness, 0);
  for (const t of [token.tokenId, token.oppositeTokenId]) {
    rest(harness, maker, t, 'BUY', '0.40', '100');
    rest(harness, maker, t, 'SELL', '0.60', '100');
  }
  const env = liveEnvFor(harness, {
    MAKERD_MARKETS: token.conditionId,
    MAKERD_METRICS_PORT: '0',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-stop-')), 'data'),
    ...extraEnv,
  });
  return { harness, env };
}

/** Open orders of the operator's account at the simulator (the daemon's). */
export function openOrdersAt(h: SimHarness): number {
  return (h.sim.stats() as { open_orders: number }).open_orders;
}

/** Resolves once the daemon's two orders rest at the simulator. */
export function daemonOrdersResting(h: SimHarness, timeoutMs = 15_000): Promise<void> {
  return vi.waitFor(() => expect(openOrdersAt(h)).toBe(2), { timeout: timeoutMs, interval: 50 });
}
