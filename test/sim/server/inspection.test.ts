/**
 * `/_sim/*` inspection, `startSimulator` options, `toBanner`, the flow on the injected clock, and
 * a clean `close()`.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { startSimulator, toBanner } from '../../../src/sim/simulator.js';
import { startSimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

describe('GET /_sim/stats', () => {
  it('counts venue requests, throttles, auth failures, and the operator open orders and fills only', async () => {
    const h = await startSimHarness({ markets: 2 });
    try {
      const t = tokenWithTick(h, '0.01');
      rest(h, synthetic(h, 0), t.tokenId, 'SELL', '0.50', '20');
      rest(h, synthetic(h, 0), t.tokenId, 'SELL', '0.55', '20'); // synthetic open orders: not counted
      await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.50', size: '10' }); // fill 1
      await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.40', size: '20' }); // open 1
      await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.41', size: '20' }); // open 2
      await h.request('GET', '/data/orders'); // auth failure
      await h.request('GET', '/nowhere'); // 404, still a request
      const r = await h.request<Record<string, unknown>>('GET', '/_sim/stats');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        requests_total: 5,
        throttled_total: 0,
        auth_failures_total: 1,
        auth_failures_by_reason: { missing_header: 1 },
        open_orders: 2,
        fills_total: 1,
        requests_by_route: { 'POST /order': 3, 'GET /data/orders': 1, unknown: 1 },
        responses_by_status: { '200': 3, '401': 1, '404': 1 },
      });
      // Reading the stats is not itself counted.
      expect((await h.stats()).requests_total).toBe(5);
    } finally {
      await h.close();
    }
  });
});

describe('other /_sim routes', () => {
  it('GET /_sim/fair, /_sim/limits, /_sim/faults, and 404 for others', async () => {
    const h = await startSimHarness({ markets: 2 });
    try {
      const t = h.sim.world.lookup.tokens()[0]!;
      const fair = await h.request<{ fair: string }>('GET', '/_sim/fair', { query: { token_id: t.tokenId } });
      expect(fair.status).toBe(200);
      expect(Number(fair.body.fair)).toBeGreaterThan(0);
      expect(Number(fair.body.fair)).toBeLessThan(1);
      expectError(await h.request('GET', '/_sim/fair'), 400, 'BAD_PARAMETER', "'token_id'");
      expectError(await h.request('GET', '/_sim/fair', { query: { token_id: 'x:0' } }), 404, 'NOT_FOUND');
      await h.request('POST', '/books', { body: [{ token_id: t.tokenId }] });
      const limits = await h.request<{ enabled: boolean; windows: { scope: string; used: number; capacity: number }[] }>(
        'GET',
        '/_sim/limits',
      );
      expect(limits.body.enabled).toBe(true);
      expect(limits.body.windows.find((w) => w.scope === 'POST /books')).toMatchObject({ used: 1, capacity: 80 });
      expect((await h.request('GET', '/_sim/faults')).body).toMatchObject({ errorRate: 0, frozenBooks: false, malformed: null });
      expectError(await h.request('GET', '/_sim/nothing'), 404, 'NOT_FOUND');
    } finally {
      await h.close();
    }
  });
});

describe('startSimulator', () => {
  it('derives the operator credentials from the seed, or takes configured ones; toBanner has exactly the banner keys', async () => {
    const clock = new FakeClock();
    const a = await startSimulator({ seed: 's1', markets: 1, clock, flow: { enabled: false } });
    const b = await startSimulator({ seed: 's1', markets: 1, clock, flow: { enabled: false } });
    const configured = {
      address: `0x${'ab'.repeat(20)}`,
      apiKey: '11111111-2222-4333-8444-555555555555',
      passphrase: 'c'.repeat(64),
      secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    };
    const c = await startSimulator({ seed: 's2', markets: 1, clock, flow: { enabled: false }, credentials: configured });
    try {
      expect(a.credentials).toEqual(b.credentials);
      expect(a.credentials.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(a.credentials.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a.credentials.passphrase).toMatch(/^[0-9a-f]{64}$/);
      expect(c.credentials).toEqual(configured);
      const banner = toBanner(c);
      expect(Object.keys(banner)).toEqual(['baseUrl', 'wsUrl', 'address', 'apiKey', 'passphrase', 'secret']);
      expect(banner.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(banner.wsUrl).toBe(banner.baseUrl.replace('http://', 'ws://'));
      const r = await fetch(`${banner.baseUrl}/_sim/stats`);
      expect(r.status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('runs the synthetic flow on the injected clock: books fill as the clock advances', async () => {
    const clock = new FakeClock();
    const sim = await startSimulator({ seed: 'flow', markets: 2, clock });
    try {
      const t = sim.world.lookup.tokens()[0]!.tokenId;
      clock.advance(5_000);
      const r = await fetch(`${sim.baseUrl}/book?token_id=${encodeURIComponent(t)}`);
      const book = (await r.json()) as { bids: unknown[]; asks: unknown[]; timestamp: string };
      expect(book.bids.length).toBeGreaterThan(0);
      expect(book.asks.length).toBeGreaterThan(0);
      expect(book.timestamp).toBe(String(clock.now()));
    } finally {
      await sim.close();
    }
    // The flow stopped with the simulator: no timer of it is left on the clock.
    expect(clock.pendingTimers).toBe(0);
  });

  it('close() ends keep-alive and WebSocket connections so the port is free', async () => {
    const h = await startSimHarness({ markets: 1 });
    await h.request('GET', '/markets');
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${h.sim.wsUrl}/ws/market`);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await h.close();
    await closed;
    await expect(fetch(`${h.baseUrl}/markets`)).rejects.toThrow();
  });
});
