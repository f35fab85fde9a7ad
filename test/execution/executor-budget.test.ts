/**
 * The executor when the write budget binds, against the simulator over HTTP (port 0, fake clock)
 * behind the real rate limiter, the budget wired as the daemon wires it (writeBudgetOf): the posts
 * sent are the most-wrong quotes first, a quoted market keeps both sides while its re-price waits,
 * the wait shows in quote fidelity, and a long run of wishes never exceeds a window of the venue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeBudgetOf } from '../../src/daemon/create-executor.js';
import { DispatchTrace } from '../../src/execution/dispatch-trace.js';
import { Executor } from '../../src/execution/executor.js';
import { RateLimiter, type AdmissionRecord } from '../../src/limits/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

// The simulator's windows at a fiftieth (POST /order: 48 / 10 s, 480 / 10 min) and the limiter's
// share to match: 43 and 432 with the 0.9 safety. The budget paces the 432 with a depth of 10
// posts (the daemon's default depth would be 21), so that a few orders make it bind.
const SCALE = 0.02;
const SUSTAINED = 432;
const DEPTH = 10;
const tick = new Decimal('0.01');

let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;
let executor: Executor;
let markets: { id: string; t0: string; t1: string }[];
let admitted: AdmissionRecord[];

const bid = (i: number, price: string): OrderIntent => {
  const m = markets[i]!;
  return { conditionId: m.id, tokenId: m.t0, side: 'BUY', price: new Decimal(price), size: new Decimal('20'), quoteSide: 'bid' };
};
/** An ask of outcome 0 at `price`, as legs.ts makes it without a position: BUY outcome 1 at 1 - price. */
const ask = (i: number, price: string): OrderIntent => {
  const m = markets[i]!;
  const p = new Decimal(1).minus(price);
  return { conditionId: m.id, tokenId: m.t1, side: 'BUY', price: p, size: new Decimal('20'), quoteSide: 'ask' };
};

/** The operator's open orders, market by market: `i bid|ask price`. */
async function book(): Promise<string[]> {
  const page = await client.getOpenOrders({});
  return page.data
    .map((o) => {
      const i = markets.findIndex((m) => m.id === o.market);
      const isBid = o.asset_id === markets[i]!.t0;
      return `${i} ${isBid ? 'bid' : 'ask'} ${isBid ? o.price : new Decimal(1).minus(o.price).toFixed()}`;
    })
    .sort();
}

beforeEach(async () => {
  h = await startSimHarness({ markets: 4, edgeLimits: { enabled: true, scale: SCALE } });
  admitted = [];
  limiter = new RateLimiter({ clock: h.clock, share: SCALE, observer: { admitted: (r) => void admitted.push(r) } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock, gate: limiter });
  markets = (await client.getMarkets({})).data.map((m) => ({ id: m.condition_id, t0: m.tokens[0]!.token_id, t1: m.tokens[1]!.token_id }));
  executor = new Executor({
    venue: client,
    clock: h.clock,
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
    setOpenOrders: (n) => limiter.setOpenOrders(n),
    writeBudget: { settings: { capacity: SUSTAINED, windowMs: 600_000, depth: DEPTH }, room: writeBudgetOf(limiter).room },
  });
});

afterEach(async () => {
  await executor.stop();
  await client.close();
  limiter.close();
  await h.close();
});

describe('Executor under a binding write budget', () => {
  it('sends the most-wrong quotes first, keeps quoted markets two-sided, and sends the rest as the budget refills', async () => {
    // 7 of the 10 posts of the budget's depth: markets 0-2 two-sided, market 3 a bid only.
    for (const i of [0, 1, 2]) executor.submit(markets[i]!.id, tick, [bid(i, '0.40'), ask(i, '0.60')]);
    executor.submit(markets[3]!.id, tick, [bid(3, '0.40')]);
    await executor.idle();
    expect(await book()).toEqual(['0 ask 0.6', '0 bid 0.4', '1 ask 0.6', '1 bid 0.4', '2 ask 0.6', '2 bid 0.4', '3 bid 0.4']);
    // Four re-prices wanted, three posts affordable: market 3's missing ask, then 5 ticks (market 1's
    // ask), then 3 ticks (market 2's bid); market 0's one-tick bid waits, its old bid left resting.
    admitted.length = 0;
    // One tick's trace on the fake clock: what it sends now is its dispatch; the deferred post is timed apart.
    const ticks: number[] = [];
    const held: string[] = [];
    const trace = new DispatchTrace(
      h.clock.now(),
      () => h.clock.now(),
      (seconds) => ticks.push(seconds),
      (cause, seconds) => held.push(`${cause} ${seconds}`),
    );
    executor.submit(markets[0]!.id, tick, [bid(0, '0.41'), ask(0, '0.60')], { trace });
    executor.submit(markets[1]!.id, tick, [bid(1, '0.40'), ask(1, '0.65')], { trace });
    executor.submit(markets[2]!.id, tick, [bid(2, '0.43'), ask(2, '0.60')], { trace });
    executor.submit(markets[3]!.id, tick, [bid(3, '0.40'), ask(3, '0.62')], { trace });
    trace.close();
    await executor.idle();
    expect(ticks).toEqual([0]);
    expect(await book()).toEqual([
      '0 ask 0.6',
      '0 bid 0.4',
      '1 ask 0.65',
      '1 bid 0.4',
      '2 ask 0.6',
      '2 bid 0.43',
      '3 ask 0.62',
      '3 bid 0.4',
    ]);
    expect(admitted.filter((r) => r.route === 'POST /order')).toHaveLength(3);
    expect(admitted.filter((r) => r.route === 'DELETE /order')).toHaveLength(2);
    expect(executor.stats.orders.deferred).toEqual({ budget: 1 });
    for (const i of [0, 1, 2, 3]) expect(executor.isTwoSided(markets[i]!.id), `market ${i}`).toBe(true);
    // The budget refills at (432 - 10 - 18 reserved) per 10 minutes: one post within 1.6 s.
    // Markets 1 and 2 re-priced without overlap (no risk check said so): their posts waited for their cancels.
    expect(held).toEqual(['cancel_first 0', 'cancel_first 0']);
    h.clock.advance(1_600);
    await executor.idle();
    expect(held).toHaveLength(3);
    expect(held[2]).toMatch(/^budget 1\.[56]/);
    expect(await book()).toContain('0 bid 0.41');
    expect(await book()).not.toContain('0 bid 0.4');
    // Fidelity: market 0 was out of tolerance for the 1.5-1.6 s it waited, the others for no time.
    const f = executor.fidelity.ratios(h.clock.now());
    expect(f.get(markets[1]!.id)).toBe(1);
    expect(f.get(markets[0]!.id)).toBeLessThan(0.1);
    h.clock.advance(1_600);
    const later = executor.fidelity.ratios(h.clock.now());
    expect(later.get(markets[0]!.id)).toBeCloseTo(0.5, 1);
    expect(later.get(markets[3]!.id)).toBe(1);
  });

  it('wanting far more than the budget for 11 simulated minutes: paced, never over a window, nothing throttled', async () => {
    const steps = 660;
    for (let s = 0; s < steps; s++) {
      // Every market moves a tick each second: every order wants re-pricing.
      const p = (40 + (s % 5)) / 100;
      for (const i of [0, 1, 2, 3]) executor.submit(markets[i]!.id, tick, [bid(i, p.toFixed(2)), ask(i, (p + 0.2).toFixed(2))]);
      await executor.idle();
      h.clock.advance(1_000);
      await executor.idle();
    }
    const admittedPosts = admitted.filter((r) => r.route === 'POST /order').length;
    const stats = (await h.stats()) as { edge_throttled_total: number; throttled_total: number };
    expect(stats.edge_throttled_total).toBe(0);
    expect(stats.throttled_total).toBe(0);
    expect(limiter.snapshot().rejected.deadline).toBe(0);
    // No 10-minute window holds more posts than the paced budget (the depth and 432 - 10 - 18
    // reserved per 10 minutes), and the budget was spent.
    const times = admitted.filter((r) => r.route === 'POST /order').map((r) => r.admittedAtMs);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[j]! < times[i]! - 600_000) j++;
      most = Math.max(most, i - j + 1);
    }
    const paced = SUSTAINED - DEPTH - 18;
    expect(most).toBeLessThanOrEqual(DEPTH + paced);
    expect(admittedPosts).toBeGreaterThan(0.9 * (DEPTH + (steps / 600) * paced));
    expect(admittedPosts).toBeLessThan(DEPTH + (steps / 600) * paced + 1);
    expect(executor.stats.actions.deferred).toBeGreaterThan(0);
    // Both sides of every market stayed quoted throughout (checked at the end here; the re-prices
    // never cancel without their replacement).
    for (const i of [0, 1, 2, 3]) expect(executor.isTwoSided(markets[i]!.id)).toBe(true);
  }, 60_000);
});
