/**
 * Markets end while makerd quotes them, end to end: `makerd run` (live mode, over HTTP, port 0)
 * with selector.top 2 (listing order) and quoting.stopBeforeEndSec 60 against the simulator whose
 * listed markets end one a minute (`ends.everySec` 60), for 12 minutes of one FakeClock:
 * - 0 of makerd's orders rest at any market's end (the simulator's own records, GET /_sim/ends);
 * - no order of makerd's is placed inside a market's stop window (every PLACEMENT the exchange
 *   reports, at the clock time it happened, against the market's end date less 60 s);
 * - each quoted market that reaches its stop is swapped for another at once: two markets keep
 *   being quoted, with no gap longer than the selector's pace (a few seconds of the clock, the
 *   join's reads and its first poll), and each ending is logged and counted once.
 * (In the simulator a market's price drifts to its outcome over its last stretch, so that one
 * picked a minute before its end may have nothing left to quote: the selector takes none whose
 * end is nearer than twice the stop.)
 *
 * The clock moves a second at a time, each step followed by a settle (every request makerd sent
 * answered, none new for a few turns of the event loop), as in selector-swap.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { operatorAccount } from '../../src/sim/server/operator-account.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { untilSimQuiet } from '../support/sim-quiet.js';

const harnesses: SimHarness[] = [];

afterAll(async () => {
  for (const x of harnesses) await x.close();
});

interface Scenario {
  /** quoting.stopBeforeEndSec; undefined: the default (300). */
  readonly stopSec: number | undefined;
  /** One listed market ends every this many seconds. */
  readonly everySec: number;
  readonly runSec: number;
  /** Markets quoted makerd must have seen end. */
  readonly minEndedQuoted: number;
}

interface SimStats {
  requests_total: number;
  responses_by_status: Record<string, number>;
}

interface EndsAnswer {
  markets_ended: number;
  operator_orders_cancelled_total: number;
  ended: { market: string; end_date: string; closed_at_ms: number; operator_orders_cancelled: number }[];
}

async function runScenario({ stopSec, everySec, runSec, minEndedQuoted }: Scenario): Promise<void> {
  const STOP_SEC = stopSec ?? 300;
  const start = Date.UTC(2026, 0, 1, 12);
  const sim = await startSimHarness({
    markets: 40,
    seed: 'ends',
    clock: new FakeClock(start),
    flow: { enabled: true, stepMs: 10_000, A: 0, jumpRate: 0, sigma: 0.001, makerRefreshMs: 120_000, makerDepthLevels: 3 },
    ends: { everySec, resolveAfterSec: 30 },
  });
  harnesses.push(sim);
  const op = operatorAccount(sim.credentials);
  const ex = sim.sim.world.exchange;
  const endOf = new Map(sim.sim.world.catalog.markets.map((m) => [m.conditionId, Date.parse(m.endDate)]));
  // Every placement of makerd's, with the clock time it happened at.
  const placed: { market: string; atMs: number }[] = [];
  ex.subscribe((e) => {
    if (e.type === 'order' && e.event === 'PLACEMENT' && e.address === op.address)
      placed.push({ market: e.order.market, atMs: sim.clock.now() });
  });
  const openMarkets = (): string[] => [...new Set(ex.openOrders(op, {}).map((o) => o.market))];
  const stats = (): SimStats => sim.sim.stats() as unknown as SimStats;
  const settle = (): Promise<void> => untilSimQuiet(stats);
  // The makers' books first.
  for (let i = 0; i < 30; i++) {
    sim.clock.advance(1_000);
    await settle();
  }

  const records: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const env = liveEnvFor(sim, {
    MAKERD_SELECTOR_TOP: '2',
    ...(stopSec === undefined ? {} : { MAKERD_QUOTING_STOP_BEFORE_END_SEC: String(stopSec) }),
    MAKERD_POLLER_INTERVAL_MS: '2000',
    MAKERD_POLLER_STALE_AFTER_MS: '600000',
    MAKERD_STREAM_MARKET: 'on',
    MAKERD_STREAM_USER: 'on',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-ends-e2e-')), 'data'),
    MAKERD_METRICS_PORT: '0',
  });
  const { config } = loadConfig({ env });
  const stop = new AbortController();
  const running = runDaemon(config, createLogger({ level: 'info', destination }), stop.signal, { clock: sim.clock });
  let code: number | undefined;
  void running.then(
    (c) => (code = c),
    () => (code = -1),
  );
  try {
    await vi.waitFor(() => expect(records.some((r) => r.msg === 'phase started' && r.phase === 'trade')).toBe(true), {
      timeout: 60_000,
      interval: 20,
    });
    // Markets quoted (with an order of ours resting) at each second of the run.
    const quotedAt: string[][] = [];
    for (let i = 0; i < runSec; i++) {
      sim.clock.advance(1_000);
      await settle();
      quotedAt.push(openMarkets());
    }

    const ends = (await sim.request<EndsAnswer>('GET', '/_sim/ends')).body;
    expect(ends.markets_ended).toBeGreaterThanOrEqual(Math.floor(runSec / everySec / 2));
    // 0 of makerd's orders rested at any market's end.
    expect(ends.operator_orders_cancelled_total).toBe(0);
    for (const e of ends.ended) expect(e.operator_orders_cancelled, e.market).toBe(0);

    // None placed inside a stop window (nor after the end).
    expect(placed.length).toBeGreaterThan(0);
    const inside = placed.filter((p) => p.atMs >= endOf.get(p.market)! - STOP_SEC * 1000);
    expect(inside).toEqual([]);

    // Markets makerd quoted that ended during the run: each stopped once, logged and swapped.
    const quotedEver = new Set(placed.map((p) => p.market));
    const endedQuoted = ends.ended.filter((e) => quotedEver.has(e.market)).map((e) => e.market);
    expect(endedQuoted.length).toBeGreaterThanOrEqual(minEndedQuoted);
    const stoppedLines = records.filter(
      (r) => r.msg === 'market ends: quotes pulled; its orders cancelled and verified, its position held',
    );
    for (const m of endedQuoted)
      expect(
        stoppedLines.filter((r) => r.market === m),
        m,
      ).toEqual([expect.objectContaining({ reason: 'stop-window', replaced: true })]);
    expect(records.filter((r) => r.msg === 'market ends: another market joins in its place').length).toBeGreaterThanOrEqual(
      endedQuoted.length,
    );
    // Two markets quoted all along once quoting began: a swap leaves no gap longer than 5 s.
    const first = quotedAt.findIndex((q) => q.length === 2);
    expect(first).toBeGreaterThanOrEqual(0);
    let gap = 0;
    let longest = 0;
    for (const q of quotedAt.slice(first)) {
      gap = q.length >= 2 ? 0 : gap + 1;
      longest = Math.max(longest, gap);
      expect(q.length).toBeLessThanOrEqual(2);
    }
    expect(longest).toBeLessThanOrEqual(5);

    const url = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toContain(`makerd_markets_stopped_total{reason="stop-window"} ${stoppedLines.length}`);
    expect(metrics).toMatch(/makerd_risk_refusals_total\{reason="market-ending"\} \d+/);
  } finally {
    stop.abort('SIGTERM');
    for (let i = 0; code === undefined && i < 10_000; i++) {
      sim.clock.advance(100);
      await settle();
    }
  }
  expect(code).toBe(0);
  expect(openMarkets()).toEqual([]);
}

describe('markets that end while makerd quotes them', () => {
  it(
    'stops in time: none of its orders at any end, none placed inside a stop window, each ending market swapped for another',
    {
      timeout: 600_000,
    },
    () => runScenario({ stopSec: 60, everySec: 60, runSec: 12 * 60, minEndedQuoted: 4 }),
  );

  it('does so with the default stop (300 s) over 30 minutes of a market ending every 2 minutes', { timeout: 900_000 }, () =>
    runScenario({ stopSec: undefined, everySec: 120, runSec: 30 * 60, minEndedQuoted: 3 }),
  );
});
