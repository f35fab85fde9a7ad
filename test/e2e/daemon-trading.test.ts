/**
 * makerd run (live mode) against a simulator over HTTP, the whole trading loop: it quotes both
 * sides of every configured market around the midpoint, its orders fill when a taker crosses,
 * SIGHUP retunes the strategy (a bad reload is refused and the old quotes stay), and the kill
 * switch file pulls every quote until it is removed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { OpenOrder } from '../../src/venue/types.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness;
let client: VenueClient;
let market: string;
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
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  const m = h.sim.world.lookup.tokens().find((t) => t.tickSize.eq('0.01') && t.outcomeIndex === 0 && t.minOrderSize.lte(10))!;
  market = m.conditionId;
  [t0, t1] = [m.tokenId, m.oppositeTokenId];
  // Another trader's quotes make a two-sided book around 0.50 on both outcomes.
  const maker = synthetic(h, 0);
  for (const t of [t0, t1]) {
    rest(h, maker, t, 'BUY', '0.40', '100');
    rest(h, maker, t, 'SELL', '0.60', '100');
  }
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

async function ours(): Promise<string[]> {
  const page = await client.getOpenOrders({ market });
  return page.data
    .map((o: OpenOrder) => `${o.asset_id === t0 ? 't0' : 't1'} ${o.side} ${o.price} ${Number(o.original_size) - Number(o.size_matched)}`)
    .sort();
}

function startDaemon(configFile: string, dataDir: string) {
  // The simulator's clock stands still (its books keep their first timestamp): books must not go
  // stale however slowly a loaded machine runs this test.
  const env = liveEnvFor(h, {
    MAKERD_POLLER_STALE_AFTER_MS: '3600000',
    MAKERD_MARKETS: market,
    MAKERD_POLLER_INTERVAL_MS: '150',
    MAKERD_DATA_DIR: dataDir,
    MAKERD_METRICS_PORT: '0',
    MAKERD_STREAM_USER: 'on',
    MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '50',
  });
  const { config } = loadConfig({ env, configFile });
  const records: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const logger = createLogger({ level: 'info', destination });
  const stop = new AbortController();
  let reloadListener: () => void = () => {};
  const running = runDaemon(config, logger, stop.signal, {
    onReload: (l) => {
      reloadListener = l;
      return () => {};
    },
    reloadConfig: () => loadConfig({ env, configFile }).config,
  });
  return { running, stop, records, reload: () => reloadListener() };
}

describe('makerd trades (live mode against the simulator)', () => {
  it('quotes both sides, gets filled, reloads on SIGHUP, refuses a bad reload, obeys the kill switch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-trading-'));
    const dataDir = join(dir, 'data');
    const configFile = join(dir, 'makerd.json');
    writeFileSync(configFile, JSON.stringify({ strategy: { name: 'bands', params: { bands: [band('0.01', '0.02', '0.03')] } } }));
    const d = startDaemon(configFile, dataDir);
    try {
      // mid 0.50: bid 0.48 (BUY outcome 0) and ask 0.52 (BUY outcome 1 at 0.48), 20 shares each.
      await vi.waitFor(async () => expect(await ours()).toEqual(['t0 BUY 0.48 20', 't1 BUY 0.48 20']), { timeout: 10_000, interval: 20 });

      // A taker sells outcome 0 into our bid: a fill, which the daemon hears and logs.
      const taker = synthetic(h, 1);
      const r = h.sim.world.exchange.placeOrder(taker, {
        order: { asset_id: t0, side: 'SELL', price: '0.47', size: '5', expiration: '0', client_order_id: '' },
        owner: taker.apiKey,
        orderType: 'FAK',
        postOnly: false,
      });
      expect(r.success).toBe(true);
      await vi.waitFor(
        () =>
          expect(d.records.find((x) => x.msg === 'order filled')).toMatchObject({
            market,
            token: t0,
            side: 'BUY',
            price: '0.48',
            shares: '5',
          }),
        { timeout: 10_000, interval: 20 },
      );
      // Holding 5 of outcome 0 now: the band keeps 15 left of the bid and tops nothing up (>= min 10).
      await vi.waitFor(async () => expect(await ours()).toContain('t0 BUY 0.48 15'), { timeout: 10_000, interval: 20 });

      // SIGHUP with wider bands: the quotes move out.
      writeFileSync(configFile, JSON.stringify({ strategy: { name: 'bands', params: { bands: [band('0.04', '0.05', '0.06')] } } }));
      d.reload();
      expect(d.records.find((x) => x.msg === 'configuration reloaded: strategy parameters and risk limits')).toBeDefined();
      await vi.waitFor(async () => expect(await ours()).toEqual(['t0 BUY 0.45 20', 't1 BUY 0.45 20']), { timeout: 10_000, interval: 20 });

      // An invalid reload is refused and logged; the quotes stay where they are.
      writeFileSync(configFile, JSON.stringify({ strategy: { name: 'bands', params: { bands: [band('0.04', '0.05', '-1')] } } }));
      d.reload();
      const refused = d.records.find((x) => x.msg === 'configuration reload refused; the previous values stay')!;
      expect(refused.err).toMatch(/market 0x[0-9a-f]+ \(bands\): params\.bands\[0\]\.maxMargin must be a decimal >= 0/);
      expect(await ours()).toEqual(['t0 BUY 0.45 20', 't1 BUY 0.45 20']);

      // Kill switch file: everything cancelled, nothing placed, until it is removed.
      writeFileSync(join(dataDir, 'KILL'), '');
      await vi.waitFor(async () => expect(await ours()).toEqual([]), { timeout: 10_000, interval: 20 });
      rmSync(join(dataDir, 'KILL'));
      await vi.waitFor(async () => expect(await ours()).toEqual(['t0 BUY 0.45 20', 't1 BUY 0.45 20']), { timeout: 10_000, interval: 20 });
    } finally {
      d.stop.abort();
      await d.running;
    }
    expect(await ours()).toEqual([]);
    expect(d.records.find((x) => x.msg === 'trading state changed')).toMatchObject({ market: 'all', to: 'HALTED' });
  }, 60_000);
});
