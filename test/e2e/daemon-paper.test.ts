/**
 * makerd run in paper mode (trading.mode paper) against the simulator over HTTP and its market
 * stream: the strategy quotes virtual orders, which fill only when the venue's public trades have
 * consumed the queue that was ahead of them; the fills go to the paper journal, the portfolio and
 * /status; and the venue sees no authenticated request and no order, although the environment
 * holds valid credentials (paper mode must not use them).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { ENDPOINTS } from '../../src/routes.js';
import type { SimAccount } from '../../src/sim/contracts.js';
import { liveEnvFor } from '../support/live-env.js';
import { logCapture } from '../support/log-capture.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness;
let market: string;
let t0: string;
let t1: string;

const AUTH_ROUTES = Object.values(ENDPOINTS)
  .filter((e) => e.auth)
  .map((e) => e.route);

beforeAll(async () => {
  h = await startSimHarness({ markets: 3, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  const m = h.sim.world.lookup.tokens().find((t) => t.tickSize.eq('0.01') && t.outcomeIndex === 0 && t.minOrderSize.lte(10))!;
  market = m.conditionId;
  [t0, t1] = [m.tokenId, m.oppositeTokenId];
  const maker = synthetic(h, 0);
  for (const t of [t0, t1]) {
    rest(h, maker, t, 'BUY', '0.40', '100');
    rest(h, maker, t, 'SELL', '0.60', '100');
  }
});

afterAll(async () => {
  await h?.close();
});

/** A taker order of a synthetic account, in process (public flow the daemon only watches). */
function take(account: SimAccount, tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): void {
  const r = h.sim.world.exchange.placeOrder(account, {
    order: { asset_id: tokenId, side, price, size, expiration: '0', client_order_id: '' },
    owner: account.apiKey,
    orderType: 'FAK',
    postOnly: false,
  });
  expect(r.success).toBe(true);
}

interface PaperStatusBody {
  trading: string;
  venue: { kind: string; baseUrl: string | null };
  fills: number;
  paper: {
    journal: string;
    virtualOrders: number;
    virtualFills: number;
    filledShares: string;
    publicTrades: number;
    refused: number;
    expired: number;
  };
  markets: { market: string; positions: { '0': string; '1': string }; quotes: { bid: number; ask: number } }[];
}

describe('makerd paper mode (against the simulator)', () => {
  it('fills virtual orders behind the public queue, journals them apart, and never signs a request', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-paper-')), 'data');
    const env = liveEnvFor(h, {
      MAKERD_TRADING_MODE: 'paper',
      MAKERD_POLLER_STALE_AFTER_MS: '3600000',
      MAKERD_MARKETS: market,
      MAKERD_POLLER_INTERVAL_MS: '150',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
      MAKERD_STRATEGY_NAME: 'bands',
    });
    const { config } = loadConfig({ env });
    config.strategy.params = {
      bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
    };
    // Public quotes of 30 at 0.48 and 0.52 keep the midpoint at 0.50; the bid is the queue the
    // virtual bid joins the back of. They rest before the daemon starts, so the market stream's
    // first book already holds them: a poll cannot show them to the strategy before the paper
    // venue's book has them (under load that order of arrival made the bid join an empty queue).
    const ahead = synthetic(h, 2);
    rest(h, ahead, t0, 'BUY', '0.48', '30');
    rest(h, ahead, t0, 'SELL', '0.52', '30');
    const { logger, lines: records } = logCapture();
    const stop = new AbortController();
    const running = runDaemon(config, logger, stop.signal);
    try {
      const url = await vi.waitFor(
        () => {
          const u = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')?.url;
          expect(u).toBeDefined();
          return u as string;
        },
        { timeout: 10_000, interval: 20 },
      );
      const status = async (): Promise<PaperStatusBody> => (await (await fetch(`${url}/status`)).json()) as PaperStatusBody;

      // mid 0.50: bid 0.48 on outcome 0 and on outcome 1 (the ask), 20 shares each, virtual.
      await vi.waitFor(async () => expect((await status()).paper.virtualOrders).toBe(2), { timeout: 10_000, interval: 20 });
      const s0 = await status();
      // Paper trading on a venue reached over HTTP (venue.mode live: here the simulator's URL).
      expect(s0.trading).toBe('paper');
      expect(s0.venue).toEqual({ kind: 'live', baseUrl: h.baseUrl });
      expect(s0.markets[0]?.quotes).toEqual({ bid: 1, ask: 1 });
      // Another public bid joins behind the virtual one.
      rest(h, synthetic(h, 3), t0, 'BUY', '0.48', '50');

      const taker = synthetic(h, 1);
      // 20 of the 30 ahead trade: nothing reaches the virtual bid.
      take(taker, t0, 'SELL', '0.48', '20');
      await vi.waitFor(async () => expect((await status()).paper.publicTrades).toBe(1), { timeout: 10_000, interval: 20 });
      expect((await status()).paper.virtualFills).toBe(0);
      // 16 more: the last 10 ahead, then 6 that the venue gave the bid behind, which the virtual
      // bid would have had.
      take(taker, t0, 'SELL', '0.48', '16');
      await vi.waitFor(async () => expect((await status()).paper.virtualFills).toBe(1), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect((await status()).fills).toBe(1), { timeout: 10_000, interval: 20 });
      const s1 = await status();
      expect(s1.paper.publicTrades).toBe(3);
      expect(s1.paper.expired).toBe(0);
      expect(s1.paper.filledShares).toBe('6');
      expect(s1.markets[0]?.positions).toEqual({ '0': '6', '1': '0' });
      expect(records.filter((r) => r.msg === 'virtual fill')).toEqual([
        expect.objectContaining({ token: t0, side: 'BUY', price: '0.48', shares: '6', cause: 'queue', left: '14' }),
      ]);
      // Every log line of the run says paper, the executor's own fill line included.
      expect(records.find((r) => r.msg === 'order filled')).toMatchObject({ mode: 'paper', token: t0, price: '0.48', shares: '6' });
      expect(records.every((r) => r.mode === 'paper')).toBe(true);

      // The paper journal holds the fill; the account's journal does not exist.
      const paperDir = join(dataDir, 'paper-journal');
      expect(s1.paper.journal).toBe(paperDir);
      const lines = readdirSync(paperDir).flatMap((f) => readFileSync(join(paperDir, f), 'utf8').split('\n').filter(Boolean));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ tokenId: t0, side: 'BUY', price: '0.48', size: '6', role: 'maker' });
      expect(existsSync(join(dataDir, 'journal')) && readdirSync(join(dataDir, 'journal')).length > 0).toBe(false);

      // Metrics say paper on every series.
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toMatch(/^makerd_paper_virtual_fills_total\{mode="paper"\} 1$/m);
    } finally {
      stop.abort();
      expect(await running).toBe(0);
    }
    // Not one authenticated request reached the venue, and no order of the operator rests there.
    const stats = (await h.stats()) as { requests_by_route: Record<string, number>; auth_failures_total: number };
    expect(Object.keys(stats.requests_by_route)).toContain('POST /books');
    for (const route of AUTH_ROUTES) expect(stats.requests_by_route[route] ?? 0, route).toBe(0);
    expect(stats.auth_failures_total).toBe(0);
    expect((h.sim.stats() as { open_orders: number }).open_orders).toBe(0);
  });
});
