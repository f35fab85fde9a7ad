/**
 * The selector swaps the quoted set at runtime, end to end: `makerd run` (live mode, over HTTP,
 * port 0) with selector.by = rewards and top 1 quotes the simulator's best-paying market; the
 * simulator then pays another market far more (POST /_sim/rewards/rules), and at the next
 * re-ranking makerd cancels its orders at the first market (verified: none left open there),
 * places at the new one, logs the swap with its reasons, counts it
 * (makerd_selector_swaps_total) and shows it in /status, without a single request refused by the
 * simulator's limit windows.
 *
 * A second run holds a position in the market that leaves: it stays quoted REDUCING (only orders
 * that bring the exposure toward zero, /status says so) while a taker takes them, and once the
 * position is below the minimum order size its orders are cancelled and it is let go.
 *
 * One FakeClock drives the simulator and makerd; the clock moves a second at a time, each step
 * followed by a settle (every request makerd sent answered, none new for a few turns of the
 * event loop). The flow's makers quote (the ranking needs books) but no taker of the flow trades:
 * the only fills are the ones the tests make.
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

interface SimStats {
  requests_total: number;
  responses_by_status: Record<string, number>;
  throttled_total: number;
  edge_throttled_total: number;
}

/** A simulator, and makerd on it (selector.by rewards, top 1) once the makers' books stand and `before` has run. */
async function startSwapRun(extraEnv: NodeJS.ProcessEnv, before: (sim: SimHarness) => Promise<void> = async () => undefined) {
  const sim = await startSimHarness({
    markets: 10,
    seed: 'rank',
    clock: new FakeClock(Date.UTC(2026, 0, 1, 12)),
    flow: { enabled: true, stepMs: 10_000, A: 0, jumpRate: 0, sigma: 0.001, makerRefreshMs: 120_000, makerDepthLevels: 3 },
  });
  harnesses.push(sim);
  const op = operatorAccount(sim.credentials);
  const ex = sim.sim.world.exchange;
  const openIn = (market: string): number => ex.openOrders(op, { market }).length;
  const openMarkets = (): string[] => [...new Set(ex.openOrders(op, {}).map((o) => o.market))];
  const stats = (): SimStats => sim.sim.stats() as unknown as SimStats;
  const settle = (): Promise<void> => untilSimQuiet(stats);
  /** Steps the clock a second at a time until `done`, at most `maxSec` seconds. */
  const until = async (done: () => boolean, maxSec: number): Promise<void> => {
    for (let i = 0; i < maxSec && !done(); i++) {
      sim.clock.advance(1_000);
      await settle();
    }
    expect(done()).toBe(true);
  };
  // The makers' books first: the ranking needs midpoints.
  for (let i = 0; i < 60; i++) {
    sim.clock.advance(1_000);
    await settle();
  }
  await before(sim);

  const records: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const env = liveEnvFor(sim, {
    MAKERD_SELECTOR_TOP: '1',
    MAKERD_SELECTOR_BY: 'rewards',
    MAKERD_SELECTOR_RERANK_SEC: '120',
    MAKERD_SELECTOR_MIN_HOLD_SEC: '60',
    MAKERD_SELECTOR_SWAP_MARGIN: '0.2',
    MAKERD_POLLER_INTERVAL_MS: '2000',
    MAKERD_POLLER_STALE_AFTER_MS: '600000',
    MAKERD_STREAM_MARKET: 'on',
    MAKERD_STREAM_USER: 'on',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-swap-e2e-')), 'data'),
    MAKERD_METRICS_PORT: '0',
    ...extraEnv,
  });
  const { config } = loadConfig({ env });
  const stop = new AbortController();
  const running = runDaemon(config, createLogger({ level: 'info', destination }), stop.signal, { clock: sim.clock });
  let code: number | undefined;
  void running.then(
    (c) => (code = c),
    () => (code = -1),
  );
  const started = async (): Promise<void> => {
    // Start-up reads the catalog and the books over HTTP (real time); the clock moves once it trades.
    await vi.waitFor(() => expect(records.some((r) => r.msg === 'phase started' && r.phase === 'trade')).toBe(true), {
      timeout: 60_000,
      interval: 20,
    });
  };
  const stopped = async (): Promise<number | undefined> => {
    stop.abort('SIGTERM');
    for (let i = 0; code === undefined && i < 10_000; i++) {
      sim.clock.advance(100);
      await settle();
    }
    return code;
  };
  return { sim, op, ex, openIn, openMarkets, stats, settle, until, records, started, stopped };
}

describe('selector swaps at runtime', () => {
  it('moves its quotes to the market that now pays more: cancelled and verified out, placed in, 0 windows exceeded', {
    timeout: 300_000,
  }, async () => {
    const { sim, openIn, openMarkets, stats, until, records, started, stopped } = await startSwapRun({});
    try {
      await started();
      await until(() => openMarkets().length === 1, 60);
      const first = openMarkets()[0]!;
      const quotedFirst = openIn(first);
      expect(quotedFirst).toBeGreaterThan(0);
      // Another paying market of the same tick now pays a thousand times more than any.
      const next = sim.sim.world.catalog.markets.find((m) => m.conditionId !== first && m.rewards.min_size > 0 && m.tickSize === '0.01')!;
      const posted = await sim.request('POST', '/_sim/rewards/rules', { body: { market: next.conditionId, daily_rate: 1_000_000 } });
      expect(posted.status).toBe(200);

      await until(
        () =>
          openIn(first) === 0 &&
          openIn(next.conditionId) > 0 &&
          records.some((r) => r.msg === 'selector: market released: orders cancelled and verified'),
        200,
      );
      expect(openMarkets()).toEqual([next.conditionId]);

      const swap = records.filter((r) => r.msg === 'selector swap');
      expect(swap).toHaveLength(1);
      expect(swap[0]).toMatchObject({
        in: { market: next.conditionId },
        out: { market: first },
        reason: expect.stringMatching(/^value \S+ beats \S+ by more than selector.swapMargin 0.2$/),
      });
      const swapIn = swap[0]!.in as { expectedRewardPerDay: string };
      const swapOut = swap[0]!.out as { expectedRewardPerDay: string };
      expect(Number(swapIn.expectedRewardPerDay)).toBeGreaterThan(Number(swapOut.expectedRewardPerDay));
      expect(records.find((r) => r.msg === 'selector: market released: orders cancelled and verified')).toMatchObject({ market: first });

      const url = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
      const status = (await (await fetch(`${url}/status`)).json()) as {
        markets: { conditionId?: string; market?: string }[];
        selector: { quoted: { market: string }[]; leaving: unknown[]; nextRerankAt: string; lastRerankAt: string; swaps: unknown };
        limits: { scope: string; window: string; capacity: number; used: number }[];
      };
      expect(status.selector.quoted.map((q) => q.market)).toEqual([next.conditionId]);
      expect(status.selector.leaving).toEqual([]);
      expect(status.selector.swaps).toEqual({ in: 1, out: 1 });
      expect(Date.parse(status.selector.nextRerankAt)).toBe(Date.parse(status.selector.lastRerankAt) + 120_000);
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toContain('makerd_selector_swaps_total{direction="in"} 1');
      expect(metrics).toContain('makerd_selector_swaps_total{direction="out"} 1');
      // makerd's own windows within capacity, and none refused by a window of the simulator.
      expect(status.limits.length).toBeGreaterThan(0);
      for (const l of status.limits) expect(l.used, `${l.scope} ${l.window}`).toBeLessThanOrEqual(l.capacity);
      expect(stats().edge_throttled_total).toBe(0);
      expect(stats().throttled_total).toBe(0);
    } finally {
      expect(await stopped()).toBe(0);
    }
    expect(openMarkets()).toEqual([]);
  });

  it('works a position off in the leaving market (REDUCING) before it cancels there and lets it go', { timeout: 300_000 }, async () => {
    const paying = (sim: SimHarness) => sim.sim.world.catalog.markets.filter((m) => m.rewards.min_size > 0);
    let held = { market: '', token0: '', token1: '', minSize: 0 };
    const run = await startSwapRun(
      { MAKERD_LIFECYCLE_ACCEPT_POSITION_MISMATCH: 'true', MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '2000' },
      async (sim) => {
        // The market makerd will pick (it pays most), where the account already holds 30 of outcome 0.
        const a = paying(sim)[0]!;
        held = { market: a.conditionId, token0: a.tokenIds[0], token1: a.tokenIds[1], minSize: Number(a.minOrderSize) };
        await sim.request('POST', '/_sim/rewards/rules', { body: { market: a.conditionId, daily_rate: 100_000 } });
        const op = operatorAccount(sim.credentials);
        const r = sim.sim.world.exchange.placeOrder(op, {
          order: { asset_id: a.tokenIds[0], side: 'BUY', price: '0.99', size: '30', expiration: '0', client_order_id: '' },
          owner: op.apiKey,
          orderType: 'FAK',
          postOnly: false,
        });
        expect(r.success).toBe(true);
      },
    );
    const { sim, op, ex, openIn, until, records, started, stopped } = run;
    const net = (): number => {
      const p = new Map(ex.positions(op.address).map((x) => [x.asset, x.size]));
      return (p.get(held.token0) ?? 0) - (p.get(held.token1) ?? 0);
    };
    const reduces = (o: { asset_id: string; side: string }): boolean =>
      (o.asset_id === held.token0 && o.side === 'SELL') || (o.asset_id === held.token1 && o.side === 'BUY');
    try {
      await started();
      await until(() => openIn(held.market) > 0, 60);
      expect(net()).toBe(30);
      const next = paying(sim).find((m) => m.conditionId !== held.market)!;
      await sim.request('POST', '/_sim/rewards/rules', { body: { market: next.conditionId, daily_rate: 10_000_000 } });
      await until(() => openIn(next.conditionId) > 0 && records.some((r) => r.msg === 'selector swap'), 200);
      // Quoted on the reducing side only, until flat.
      await until(() => openIn(held.market) > 0 && ex.openOrders(op, { market: held.market }).every(reduces), 30);
      const url = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
      const status = (await (await fetch(`${url}/status`)).json()) as {
        state: string;
        marketsByState: Record<string, number>;
        selector: { leaving: { market: string; state: string }[] };
        markets: { market: string; state: string; question: string | null }[];
      };
      expect(status.selector.leaving).toEqual([expect.objectContaining({ market: held.market, state: 'reducing' })]);
      expect(status.markets.find((m) => m.market === held.market)?.state).toBe('REDUCING');
      // The top level says so: the worst market state, and how many markets are in each.
      expect(status.state).toBe('REDUCING');
      expect(status.marketsByState).toEqual({ ACTIVE: 1, REDUCING: 1 });
      // The market swapped in is named as the catalog names it.
      expect(status.markets.find((m) => m.market === next.conditionId)?.question).toBe(next.question);
      // A taker takes every reducing order makerd rests, until the position is worked off and the market let go.
      const taker = sim.sim.world.catalog.users[0]!;
      const takeAll = (): void => {
        for (const o of ex.openOrders(op, { market: held.market })) {
          const size = String(Number(o.original_size) - Number(o.size_matched));
          const order = {
            asset_id: o.asset_id,
            side: o.side === 'SELL' ? 'BUY' : 'SELL',
            price: o.price,
            size,
            expiration: '0',
            client_order_id: '',
          } as const;
          expect(ex.placeOrder(taker, { order, owner: taker.apiKey, orderType: 'FAK', postOnly: false }).success).toBe(true);
        }
      };
      const released = (): boolean => records.some((r) => r.msg === 'selector: market released: orders cancelled and verified');
      await until(() => {
        takeAll();
        return released();
      }, 120);
      expect(openIn(held.market)).toBe(0);
      expect(Math.abs(net())).toBeLessThan(Math.max(held.minSize, 1));
      expect(records.find((r) => r.msg === 'selector: leaving market flat; cancelling its orders')).toMatchObject({ market: held.market });
    } finally {
      expect(await stopped()).toBe(0);
    }
  });
});
