/**
 * `makerd run` in live mode against a simulator over HTTP, as an operator would point it at the
 * venue: readiness follows usable books (not merely finished polls), and the stop signal
 * cancels every order the account has out before the daemon returns.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { loadInstancePrefix } from '../../src/daemon/instance-prefix.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness;
let client: VenueClient;
let marketIds: string[];

beforeAll(async () => {
  // The daemon signs with the wall clock, so the simulator's clock starts at the same time.
  h = await startSimHarness({ markets: 3, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  marketIds = (await client.getMarkets({})).data.slice(0, 2).map((m) => m.condition_id);
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

function newDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'makerd-live-')), 'data');
}

/** Starts the daemon; resolves `until(msg)` when a log record with that message appears. */
function startDaemon(extraEnv: NodeJS.ProcessEnv = {}, dataDir = newDataDir()) {
  const { config } = loadConfig({
    env: liveEnvFor(h, {
      MAKERD_MARKETS: marketIds.join(','),
      MAKERD_POLLER_INTERVAL_MS: '20',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
      ...extraEnv,
    }),
  });
  const records: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve: (r: Record<string, unknown>) => void }[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const rec = JSON.parse(line) as Record<string, unknown>;
        records.push(rec);
        for (const w of waiters.filter((x) => x.msg === rec.msg)) w.resolve(rec);
      }
      cb();
    },
  });
  const logger = createLogger({ level: 'info', destination, secrets: [config.venue.secret, config.venue.passphrase] });
  const stop = new AbortController();
  const running = runDaemon(config, logger, stop.signal);
  const until = (msg: string): Promise<Record<string, unknown>> => {
    const seen = records.find((r) => r.msg === msg);
    return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ msg, resolve }));
  };
  return { running, stop, records, until };
}

describe('makerd run against a venue (live mode)', () => {
  it('cancels the orders an earlier run left before it quotes, and every open order when stopped', async () => {
    const markets = (await client.getMarkets({})).data.slice(0, 2);
    // An earlier run of the same data directory: its orders carry the directory's prefix.
    const dataDir = newDataDir();
    mkdirSync(dataDir, { recursive: true });
    const prefix = loadInstancePrefix(dataDir);
    const ids: string[] = [];
    for (const m of markets) {
      for (const price of ['0.02', '0.03']) {
        const r = await client.postOrder({
          order: {
            asset_id: m.tokens[0]!.token_id,
            side: 'BUY',
            price,
            size: '20',
            expiration: '0',
            client_order_id: `${prefix}-0-${ids.length}`,
          },
          orderType: 'GTC',
        });
        ids.push(r.orderID);
      }
    }
    expect((await h.stats()).open_orders).toBe(4);

    const d = startDaemon({}, dataDir);
    const metricsUrl = (await d.until('metrics server listening (/metrics, /healthz, /readyz, /status)')).url as string;
    await d.until('market snapshot');
    expect((await fetch(`${metricsUrl}/readyz`)).status).toBe(200);
    d.stop.abort();
    await d.running;

    expect((await h.stats()).open_orders).toBe(0);
    const msgs = d.records.map((r) => r.msg);
    expect(d.records.find((r) => r.msg === 'start-up: cancelled the open orders an earlier run left')).toMatchObject({
      cancelled: 4,
      rounds: 1,
    });
    // Recovery comes before trading: nothing is quoted until the orphans are gone.
    expect(msgs.indexOf('start-up: cancelled the open orders an earlier run left')).toBeLessThan(msgs.indexOf('quoting markets'));
    // Stopped right after the first snapshot: the orders it placed are cancelled and verified, or
    // it had placed none yet (start-up verified none left): nothing to cancel.
    const stopLine = d.records.find(
      (r) =>
        r.msg === 'open orders cancelled' || r.msg === 'no order placed by this run and none left by an earlier one: nothing to cancel',
    );
    if (stopLine?.msg === 'open orders cancelled') expect(stopLine).toMatchObject({ failed: 0 });
    else expect(stopLine).toBeDefined();
    expect(d.records.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
    await expect(d.running).resolves.toBe(0);
    for (const id of ids) expect((await client.getOrder({ id })).status).not.toBe('LIVE');
    const text = JSON.stringify(d.records);
    expect(text).not.toContain(h.credentials.secret);
    expect(text).not.toContain(h.credentials.passphrase);
  });

  it('stops with a clear error in live mode without credentials, unless monitor-only', async () => {
    const noCredentials = { MAKERD_VENUE_ADDRESS: '', MAKERD_VENUE_API_KEY: '', MAKERD_VENUE_PASSPHRASE: '', MAKERD_VENUE_SECRET: '' };
    const refused = startDaemon(noCredentials);
    await expect(refused.running).rejects.toThrow(/live trading needs venue credentials .*trading\.monitorOnly/);
    const watching = startDaemon({ ...noCredentials, MAKERD_MONITOR_ONLY: 'true' });
    try {
      const metricsUrl = (await watching.until('metrics server listening (/metrics, /healthz, /readyz, /status)')).url as string;
      await watching.until('market snapshot');
      expect((await fetch(`${metricsUrl}/readyz`)).status).toBe(200);
      expect(watching.records.find((r) => r.msg === 'monitor-only: watching markets; no order will be placed or cancelled')).toBeDefined();
      expect((await h.stats()).open_orders).toBe(0);
    } finally {
      watching.stop.abort();
      await watching.running;
    }
  });

  it('stops at start-up with a clear error when the venue refuses the credentials', async () => {
    const wrong = startDaemon({ MAKERD_VENUE_SECRET: Buffer.from('not the secret at all, 32 bytes!').toString('base64') });
    const err = await wrong.running.then(
      () => undefined,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(err?.code).toBe('MAKERD_ERR_AUTH');
    expect(err?.message).toMatch(
      /^the venue refused the credentials \(venue\.address, venue\.apiKey, venue\.passphrase, venue\.secret\) on the first signed request: could not list open orders: MAKERD_ERR_AUTH/,
    );
    expect(wrong.records.some((r) => r.msg === 'quoting markets')).toBe(false);
    expect(JSON.stringify(wrong.records) + err?.message).not.toContain(h.credentials.secret);
  });

  it('with executor.orderTtlSec posts GTD orders and shows their renewal cost at start-up and in /status', async () => {
    // Books to quote around: a synthetic maker on both outcomes of both markets.
    const maker = synthetic(h, 0);
    for (const m of (await client.getMarkets({})).data.slice(0, 2)) {
      for (const t of m.tokens) {
        rest(h, maker, t.token_id, 'BUY', '0.40', '100');
        rest(h, maker, t.token_id, 'SELL', '0.60', '100');
      }
    }
    const d = startDaemon({
      MAKERD_EXECUTOR_ORDER_TTL_SEC: '120',
      MAKERD_RISK_MAX_OPEN_ORDERS: '100',
      MAKERD_STRATEGY: 'bands',
      MAKERD_STRATEGY_PARAMS: JSON.stringify({
        bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
      }),
    });
    try {
      const metricsUrl = (await d.until('metrics server listening (/metrics, /healthz, /readyz, /status)')).url as string;
      const cost = await d.until(
        "dead-man orders: GTD, expiring 120 s after each post, re-placed every 60 s; at risk.maxOpenOrders that is 1000 posts and as many cancels per 10 min, 4.2 % of this daemon's sustained 24000",
      );
      expect(cost).toMatchObject({
        level: 'info',
        postsPer10Min: 1000,
        cancelsPer10Min: 1000,
        sustainedPer10Min: 24000,
        shareOfSustained: 0.0417,
      });
      const ours = async () => (await client.getOpenOrders({})).data;
      await vi.waitFor(async () => expect((await ours()).length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      const open = await ours();
      // The daemon's clock is the wall clock (the simulator's stands still).
      const nowSec = Math.floor(Date.now() / 1000);
      for (const o of open) {
        expect(o.order_type).toBe('GTD');
        expect(Number(o.expiration) - nowSec).toBeGreaterThan(100);
        expect(Number(o.expiration) - nowSec).toBeLessThanOrEqual(120);
      }
      const status = (await (await fetch(`${metricsUrl}/status`)).json()) as { orderRefresh: Record<string, number> };
      expect(status.orderRefresh).toMatchObject({ orderTtlSec: 120, refreshEverySec: 60, sustainedPer10Min: 24000 });
      expect(status.orderRefresh.openOrders).toBeGreaterThan(0);
      expect(status.orderRefresh.postsPer10Min).toBe(status.orderRefresh.openOrders! * 10);
    } finally {
      d.stop.abort();
      await d.running;
    }
  });

  it('is not ready while every poll fails, however many polls it has finished', async () => {
    await h.setFaults({ malformed: { kind: 'price', rate: 1 } });
    const d = startDaemon();
    try {
      const metricsUrl = (await d.until('metrics server listening (/metrics, /healthz, /readyz, /status)')).url as string;
      await d.until('market snapshot');
      const ready = await fetch(`${metricsUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe('no usable book yet\n');
      const scrape = await (await fetch(`${metricsUrl}/metrics`)).text();
      expect(scrape).toMatch(/makerd_poll_requests_failed_total\{code="MAKERD_ERR_BAD_RESPONSE"\} [1-9]/);
    } finally {
      d.stop.abort();
      await d.running;
      await h.setFaults({ malformed: null });
    }
  });
});
