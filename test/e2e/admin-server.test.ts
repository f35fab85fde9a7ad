/**
 * The admin server of a running daemon (live mode against the simulator over HTTP, both on one
 * FakeClock that the test moves): /readyz turns ready only after start-up reconciliation, goes 503
 * while the kill switch halts everything and while books are stale (the simulator's frozen books);
 * /healthz goes 503 when the main loop stops turning; /status reports the portfolio's positions
 * and PnL; neither /status nor /metrics ever shows a credential; and `promtool check metrics`
 * accepts the live /metrics after some trading.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { PHASES } from '../../src/daemon/phase-runner.js';
import { runDaemon } from '../../src/main.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

const PROMTOOL = '/usr/bin/promtool';
const LISTENING = 'metrics server listening (/metrics, /healthz, /readyz, /status)';

let h: SimHarness;
let market: string;
let question: string;
let slug: string;
let t0: string;
let t1: string;

const band = (min: string, avg: string, max: string) => ({
  minMargin: min,
  avgMargin: avg,
  maxMargin: max,
  minAmount: '10',
  avgAmount: '20',
  maxAmount: '30',
});

beforeAll(async () => {
  h = await startSimHarness({ markets: 3, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  const m = h.sim.world.lookup.tokens().find((t) => t.tickSize.eq('0.01') && t.outcomeIndex === 0 && t.minOrderSize.lte(10))!;
  market = m.conditionId;
  question = m.title;
  slug = m.slug;
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

/** Moves the shared clock `stepMs` every 10 ms of real time while on. */
function pump(stepMs: number) {
  let timer: NodeJS.Timeout | undefined;
  return {
    on: () => (timer ??= setInterval(() => h.clock.advance(stepMs), 10)),
    off: () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('admin server of a running daemon', () => {
  it('answers /healthz, /readyz, /status and /metrics as the daemon goes through its states', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-admin-'));
    const dataDir = join(dir, 'data');
    const configFile = join(dir, 'makerd.json');
    writeFileSync(configFile, JSON.stringify({ strategy: { name: 'bands', params: { bands: [band('0.01', '0.02', '0.03')] } } }));
    const env = liveEnvFor(h, {
      MAKERD_MARKETS: market,
      MAKERD_POLLER_INTERVAL_MS: '100',
      MAKERD_POLLER_STALE_AFTER_MS: '2000',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
      MAKERD_STREAM_MARKET: 'on',
      MAKERD_STREAM_USER: 'on',
      MAKERD_RISK_MAX_DAILY_LOSS: '250',
    });
    const { config } = loadConfig({ env, configFile });
    const records: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _e, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
        cb();
      },
    });
    const logger = createLogger({ level: 'info', destination, secrets: [h.credentials.secret, h.credentials.passphrase] });
    const clockPump = pump(20);
    // A slow venue keeps start-up (selection, rules, the verified cancel) busy long enough to look.
    await h.setFaults({ latencyMs: 300 });
    const stop = new AbortController();
    const running = runDaemon(config, logger, stop.signal, { clock: h.clock });
    const get = async (path: string) => {
      const r = await fetch(`${url}${path}`);
      return { status: r.status, text: await r.text() };
    };
    let url = '';
    try {
      await vi.waitFor(() => expect(records.some((r) => r.msg === LISTENING)).toBe(true), { timeout: 10_000, interval: 5 });
      url = records.find((r) => r.msg === LISTENING)!.url as string;

      // Before reconciliation: alive, not ready, makerd_ready 0.
      const early = await get('/readyz');
      expect(early).toEqual({ status: 503, text: 'starting: selecting markets and reconciling open orders\n' });
      expect((await get('/healthz')).status).toBe(200);
      const earlyStatus = JSON.parse((await get('/status')).text) as Record<string, unknown>;
      expect(earlyStatus).toMatchObject({
        state: 'STARTING',
        ready: false,
        reason: 'starting: selecting markets and reconciling open orders',
        markets: [],
      });
      // The start-up phase in progress (the slow venue holds it before quoting starts).
      const startUp = PHASES.slice(PHASES.indexOf('serve-metrics'), PHASES.indexOf('start-quoting'));
      expect(startUp).toContain(earlyStatus.phase);
      expect(value((await get('/metrics')).text, 'makerd_ready')).toBe(0);

      await h.setFaults({ latencyMs: 0 });
      clockPump.on();
      await vi.waitFor(async () => expect((await get('/readyz')).status).toBe(200), { timeout: 15_000, interval: 20 });
      expect(value((await get('/metrics')).text, 'makerd_ready')).toBe(1);

      // Quotes out, then a taker sells 5 of outcome 0 into the bid at 0.48.
      await vi.waitFor(() => expect(records.some((r) => r.msg === 'quoting markets')).toBe(true), { timeout: 10_000, interval: 20 });
      // The start-up lines name what they list: every admin path, and the markets by slug.
      expect(records.find((r) => r.msg === LISTENING)).toMatchObject({ paths: ['/metrics', '/healthz', '/readyz', '/status'] });
      expect(records.find((r) => r.msg === 'quoting markets')).toMatchObject({ markets: 1, names: [slug] });
      await vi.waitFor(
        async () => expect(value((await get('/metrics')).text, `makerd_quotes_live{market="${market}",side="bid"}`)).toBe(1),
        { timeout: 10_000, interval: 20 },
      );
      const taker = synthetic(h, 1);
      const r = h.sim.world.exchange.placeOrder(taker, {
        order: { asset_id: t0, side: 'SELL', price: '0.47', size: '5', expiration: '0', client_order_id: '' },
        owner: taker.apiKey,
        orderType: 'FAK',
        postOnly: false,
      });
      expect(r.success).toBe(true);
      await vi.waitFor(
        async () => expect(value((await get('/metrics')).text, `makerd_position_shares{market="${market}",outcome="0"}`)).toBe(5),
        { timeout: 10_000, interval: 20 },
      );

      // /status: the portfolio's figures (as /metrics shows them), money as strings.
      const metrics = (await get('/metrics')).text;
      const status = JSON.parse((await get('/status')).text) as {
        venue: { kind: string; baseUrl: string | null };
        trading: string;
        state: string;
        allMarketsState: string;
        marketsByState: Record<string, number>;
        ready: boolean;
        phase: string;
        markets: {
          market: string;
          question: string | null;
          slug: string | null;
          state: string;
          bookAgeSeconds: number | null;
          quotes: { bid: number; ask: number };
          positions: Record<string, string>;
          pnl: Record<string, string>;
        }[];
        pnl: Record<string, string>;
        lossLimits: Record<string, { limit: string | null; engaged: boolean }>;
        limits: { scope: string; window: string; kind?: string; headroom: number }[];
        streams: Record<string, { enabled: boolean; connected: boolean; reconnects: number }>;
        lastErrors: unknown[];
        version: string;
        uptimeSeconds: number;
      };
      // Live mode (venue.mode live) against the simulator's URL, trading live.
      expect(status.venue).toEqual({ kind: 'live', baseUrl: h.baseUrl });
      expect(status.trading).toBe('live');
      expect(status).not.toHaveProperty('mode');
      expect(status.state).toBe('ACTIVE');
      expect(status.allMarketsState).toBe('ACTIVE');
      expect(status.marketsByState).toEqual({ ACTIVE: 1 });
      expect(status.ready).toBe(true);
      expect(status.phase).toBe('trade');
      expect(status.markets).toHaveLength(1);
      const ms = status.markets[0]!;
      expect(ms.market).toBe(market);
      // Named as the catalog names it, beside the 64-hex id.
      expect(ms.question).toBe(question);
      expect(ms.slug).toBe(slug);
      expect(ms.state).toBe('ACTIVE');
      expect(ms.positions).toEqual({ '0': '5', '1': '0' });
      // The midpoint moves with the simulator's flow, so unrealized PnL can change between the two
      // answers: compare a pair read back to back, retried until no move fell between them.
      await vi.waitFor(
        async () => {
          const m = (await get('/metrics')).text;
          const s = JSON.parse((await get('/status')).text) as typeof status;
          for (const kind of ['realized', 'unrealized', 'total'] as const) {
            expect(typeof s.markets[0]!.pnl[kind]).toBe('string');
            expect(Number(s.markets[0]!.pnl[kind])).toBeCloseTo(value(m, `makerd_pnl_usdc{market="${market}",kind="${kind}"}`)!, 9);
            expect(Number(s.pnl[kind])).toBeCloseTo(value(m, `makerd_pnl_usdc{market="all",kind="${kind}"}`)!, 9);
          }
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(ms.bookAgeSeconds).not.toBeNull();
      expect(ms.bookAgeSeconds!).toBeLessThan(2);
      expect(status.lossLimits.daily_loss).toEqual({ limit: '250', engaged: false });
      expect(status.lossLimits.drawdown).toEqual({ limit: null, engaged: false });
      expect(status.limits.some((l) => l.scope === 'POST /order' && l.headroom > 0 && l.headroom <= 1)).toBe(true);
      expect(status.limits.filter((l) => l.scope === 'POST /order').map((l) => `${l.window} ${l.kind}`)).toEqual([
        '10s burst',
        '10m sustained',
      ]);
      expect(status.limits.find((l) => l.scope === 'GET /book')).toMatchObject({ window: '10s' });
      expect(status.streams.market!.enabled).toBe(true);
      expect(status.streams.user!.enabled).toBe(true);
      expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(status.uptimeSeconds).toBeGreaterThan(0);
      expect(Array.isArray(status.lastErrors)).toBe(true);

      // The new series, by value.
      expect(value(metrics, 'makerd_tick_to_dispatch_seconds_count')).toBeGreaterThan(0);
      expect(value(metrics, `makerd_book_age_seconds{market="${market}"}`)).toBeLessThan(2);
      expect(value(metrics, 'makerd_orders_total{action="placed",reason="new"}')).toBeGreaterThanOrEqual(2);
      expect(value(metrics, 'makerd_loss_limit_usdc{limit="daily_loss"}')).toBe(250);
      expect(value(metrics, 'makerd_loss_limit_usdc{limit="drawdown"}')).toBeUndefined();
      await vi.waitFor(async () => expect(value((await get('/metrics')).text, 'makerd_ws_connected{stream="market"}')).toBe(1), {
        timeout: 10_000,
        interval: 20,
      });
      expect(value(metrics, `makerd_build_info{version="${status.version}",node="${process.version}"}`)).toBe(1);

      // Never a secret, whatever endpoint.
      for (const body of [metrics, JSON.stringify(status), (await get('/healthz')).text, (await get('/readyz')).text]) {
        for (const secret of [h.credentials.secret, h.credentials.passphrase, h.credentials.apiKey]) expect(body).not.toContain(secret);
      }

      // promtool accepts the live /metrics without a word.
      if (existsSync(PROMTOOL)) {
        const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: metrics, encoding: 'utf8' });
        expect(`${check.stdout}${check.stderr}`).toBe('');
        expect(check.status).toBe(0);
      } else if (process.env.CI === 'true') {
        throw new Error(`${PROMTOOL} is missing (CI installs Debian's prometheus package)`);
      }

      // The kill switch file: HALTED, not ready; removed: ready again.
      writeFileSync(join(dataDir, 'KILL'), '');
      await vi.waitFor(
        async () =>
          expect(await get('/readyz')).toEqual({ status: 503, text: `HALTED: kill switch engaged (file ${join(dataDir, 'KILL')})\n` }),
        { timeout: 10_000, interval: 20 },
      );
      expect(value((await get('/metrics')).text, 'makerd_ready')).toBe(0);
      expect(JSON.parse((await get('/status')).text)).toMatchObject({
        state: 'HALTED',
        allMarketsState: 'HALTED',
        marketsByState: { HALTED: 1 },
        killSwitch: true,
        ready: false,
      });
      rmSync(join(dataDir, 'KILL'));
      await vi.waitFor(async () => expect((await get('/readyz')).status).toBe(200), { timeout: 10_000, interval: 20 });

      // Frozen books go stale: not ready, the book age grows; thawed: ready again.
      await h.setFaults({ frozenBooks: true });
      await vi.waitFor(
        async () => {
          const ready = await get('/readyz');
          expect(ready.status).toBe(503);
          expect(ready.text).toMatch(/^last usable market snapshot is \d+ ms old\n$/);
        },
        { timeout: 15_000, interval: 20 },
      );
      expect(value((await get('/metrics')).text, `makerd_book_age_seconds{market="${market}"}`)).toBeGreaterThan(2);
      await h.setFaults({ frozenBooks: false });
      await vi.waitFor(async () => expect((await get('/readyz')).status).toBe(200), { timeout: 15_000, interval: 20 });

      // The loop stops turning (every poll hangs on a slow venue) while time goes on: /healthz 503.
      clockPump.off();
      await h.setFaults({ latencyMs: 1_500 });
      await vi.waitFor(
        async () => {
          h.clock.advance(60_000);
          const health = await get('/healthz');
          expect(health.status).toBe(503);
          expect(health.text).toMatch(/^main loop stalled: no poll tick for \d+ ms \(limit \d+ ms\)\n$/);
        },
        { timeout: 15_000, interval: 50 },
      );
      await h.setFaults({ latencyMs: 0 });
      clockPump.on();
      await vi.waitFor(async () => expect(await get('/healthz')).toEqual({ status: 200, text: 'ok\n' }), { timeout: 15_000, interval: 20 });
    } finally {
      clockPump.on();
      stop.abort();
      await running;
      clockPump.off();
    }
  }, 90_000);
});
