/**
 * Crash-only start-up: /readyz says "not ready" until the daemon has selected its markets and
 * cleared the orders an earlier run left (verified), and only then turns ready.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;

beforeAll(async () => {
  h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
});

afterAll(async () => {
  await h?.close();
});

describe('start-up readiness', () => {
  it('is not ready while it reconciles, then ready', async () => {
    const market = h.sim.world.lookup.tokens()[0]!.conditionId;
    const records: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _e, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
        cb();
      },
    });
    const env = liveEnvFor(h, {
      MAKERD_MARKETS: market,
      MAKERD_POLLER_INTERVAL_MS: '150',
      MAKERD_POLLER_STALE_AFTER_MS: '3600000',
      MAKERD_METRICS_PORT: '0',
      MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-ready-')), 'data'),
    });
    // A slow venue keeps start-up (selection, rules, the verified cancel) busy long enough to look.
    await h.setFaults({ latencyMs: 300 });
    const stop = new AbortController();
    const running = runDaemon(loadConfig({ env }).config, createLogger({ level: 'info', destination }), stop.signal);
    try {
      await vi.waitFor(
        () => expect(records.some((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')).toBe(true),
        {
          timeout: 10_000,
          interval: 5,
        },
      );
      const url = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
      const early = await fetch(`${url}/readyz`);
      expect(early.status).toBe(503);
      expect(await early.text()).toBe('starting: selecting markets and reconciling open orders\n');
      expect(records.some((r) => r.msg === 'quoting markets')).toBe(false);
      await h.setFaults({ latencyMs: 0 });
      await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 15_000, interval: 20 });
      expect(records.some((r) => r.msg === 'start-up: no open orders left by an earlier run')).toBe(true);
    } finally {
      stop.abort();
      await running;
    }
  });
});
