/**
 * The executor against the simulator over HTTP, behind the real rate limiter: what it places,
 * keeps and cancels, in which order and at which priority, the open-order count the cancel
 * reserve covers, and the uncertain-post path with an injected fault.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DispatchTrace } from '../../src/execution/dispatch-trace.js';
import { type ExecutionVenue, Executor } from '../../src/execution/executor.js';
import { RateLimiter, type AdmissionRecord } from '../../src/limits/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;
let admitted: AdmissionRecord[];
let openCounts: number[];
let executor: Executor;
let market: string;
let t0: string;
let t1: string;
const tick = new Decimal('0.01');

function intent(tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): OrderIntent {
  return {
    conditionId: market,
    tokenId,
    side,
    price: new Decimal(price),
    size: new Decimal(size),
    quoteSide: (tokenId === t0) === (side === 'BUY') ? 'bid' : 'ask',
  };
}

async function venueOrders(): Promise<string[]> {
  const page = await client.getOpenOrders({ market });
  return page.data
    .map((o) => `${o.asset_id === t0 ? 't0' : 't1'} ${o.side} ${o.price} ${Number(o.original_size) - Number(o.size_matched)}`)
    .sort();
}

function makeExecutor(timeoutMs?: number): Executor {
  const c =
    timeoutMs === undefined
      ? client
      : createVenueClient({
          baseUrl: h.baseUrl,
          credentials: h.credentials,
          clock: h.clock,
          gate: limiter,
          timeouts: { requestMs: timeoutMs },
          retry: { maxAttempts: 1 },
        });
  return new Executor({
    venue: c,
    clock: h.clock,
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
    setOpenOrders: (n) => {
      openCounts.push(n);
      limiter.setOpenOrders(n);
    },
  });
}

beforeEach(async () => {
  h = await startSimHarness({ markets: 2, edgeLimits: { enabled: false } });
  admitted = [];
  openCounts = [];
  limiter = new RateLimiter({ clock: h.clock, observer: { admitted: (r) => void admitted.push(r) } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock, gate: limiter });
  const m = (await client.getMarkets({})).data[0]!;
  market = m.condition_id;
  [t0, t1] = [m.tokens[0]!.token_id, m.tokens[1]!.token_id];
  executor = makeExecutor();
});

afterEach(async () => {
  await executor.stop();
  await client.close();
  limiter.close();
  await h.close();
});

describe('Executor', () => {
  it('places what is wanted with client order ids, post-only GTC, and counts every order for the cancel reserve', async () => {
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.05', '12')]);
    await executor.idle();
    expect(await venueOrders()).toEqual(['t0 BUY 0.05 10', 't1 BUY 0.05 12']);
    const listed = (await client.getOpenOrders({ market })).data;
    expect(listed.every((o) => /^mk[0-9a-z]+-[0-9a-z]+$/.test(o.client_order_id))).toBe(true);
    expect(new Set(listed.map((o) => o.client_order_id)).size).toBe(2);
    expect(executor.tracker.openCount()).toBe(2);
    // Pending posts count before they are sent: 1, 2, then stays 2 as they are confirmed.
    expect(openCounts.slice(0, 2)).toEqual([1, 2]);
    expect(limiter.snapshot().openOrders).toBe(2);
    expect(executor.isTwoSided(market)).toBe(true);
  });

  it('keeps what still fits, cancels before it places, and cancels one by one when few go', async () => {
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t0, 'BUY', '0.04', '10'), intent(t0, 'BUY', '0.03', '10')]);
    await executor.idle();
    admitted.length = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t0, 'BUY', '0.04', '10'), intent(t0, 'BUY', '0.02', '10')]);
    await executor.idle();
    expect(admitted.map((r) => `${r.route} ${r.cls}`)).toEqual(['DELETE /order cancel', 'POST /order place']);
    expect(await venueOrders()).toEqual(['t0 BUY 0.02 10', 't0 BUY 0.04 10', 't0 BUY 0.05 10']);
    expect(executor.stats.actions).toMatchObject({ placed: 4, cancelled: 1, kept: 2, cancel_market: 0 });
    // By reason: three new, then 0.03 replaced by 0.02 (a re-price on both sides), two kept.
    expect(executor.stats.orders).toMatchObject({
      placed: { new: 3, reprice: 1 },
      cancelled: { reprice: 1 },
      kept: { within_tolerance: 2 },
    });
  });

  it('counts cancels without a replacement by the reason the wish gives, and traces the requests a tick caused', async () => {
    const done: number[] = [];
    let now = 0;
    const trace = new DispatchTrace(
      0,
      () => (now += 1),
      (s) => done.push(s),
    );
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.05', '10')], { trace });
    trace.close();
    expect(done).toEqual([]);
    await executor.idle();
    // Two posts stamped the trace (now = 1, 2): the last one counts.
    expect(done).toEqual([0.002]);
    const idle = new DispatchTrace(
      0,
      () => 1,
      (s) => done.push(s),
    );
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.05', '10')], { trace: idle });
    idle.close();
    await executor.idle();
    // Nothing to send: the tick is not observed.
    expect(done).toEqual([0.002]);
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10')], { pull: 'risk' });
    await executor.idle();
    executor.submit(market, tick, [], { pull: 'stale' });
    await executor.idle();
    expect(executor.stats.orders.cancelled).toEqual({ risk: 1, stale: 1 });
    expect(executor.stats.orders.placed).toEqual({ new: 2 });
  });

  it('times a tick to the requests it sent at once; places waiting for their cancels and a busy market are held back, timed apart', async () => {
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.05', '10')]);
    await executor.idle();
    const ticks: number[] = [];
    const held: string[] = [];
    let n = 0;
    const trace = (): DispatchTrace =>
      new DispatchTrace(
        0,
        () => ++n,
        (s) => ticks.push(s),
        (cause, s) => held.push(`${cause} ${s}`),
      );
    // A re-price: the cancel goes at once (stamp 1 ms), its replacement after the cancel's answer (2 ms).
    const reprice = trace();
    executor.submit(market, tick, [intent(t0, 'BUY', '0.04', '10'), intent(t1, 'BUY', '0.05', '10')], { trace: reprice });
    reprice.close();
    await executor.idle();
    expect(ticks).toEqual([0.001]);
    expect(held).toEqual(['cancel_first 0.002']);
    // A wish for a market whose job still runs: that tick sends nothing at once (not observed); its
    // work is timed as market_busy when it goes.
    n = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.04', '10'), intent(t1, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.04', '10')]);
    await Promise.resolve();
    expect(executor.busy(market)).toBe(true);
    const busy = trace();
    executor.submit(market, tick, [intent(t0, 'BUY', '0.04', '10'), intent(t1, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.03', '10')], {
      trace: busy,
    });
    busy.close();
    await executor.idle();
    expect(ticks).toEqual([0.001]);
    expect(held).toEqual(['cancel_first 0.002', 'market_busy 0.001']);
    expect(await venueOrders()).toEqual(['t0 BUY 0.04 10', 't1 BUY 0.03 10', 't1 BUY 0.05 10']);
  });

  it('sends a replacement with its cancel when the risk gate lets both rest, unless an order came to the market since', async () => {
    // What reached the venue client, in order: a post started before the cancel's answer overlaps.
    const events: string[] = [];
    const venue: ExecutionVenue = {
      postTrustedOrder: (p, o) => {
        events.push(`post ${p.order.price}`);
        return client.postTrustedOrder(p, o);
      },
      cancelOrder: async (p, o) => {
        events.push('cancel');
        const r = await client.cancelOrder(p, o);
        events.push('cancel answered');
        return r;
      },
      cancelMarketOrders: (p, o) => client.cancelMarketOrders(p, o),
      getOpenOrders: (p, o) => client.getOpenOrders(p, o),
    };
    await executor.stop();
    executor = new Executor({
      venue,
      clock: h.clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: (n) => limiter.setOpenOrders(n),
    });
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t1, 'BUY', '0.05', '10')]);
    await executor.idle();
    const ticks: number[] = [];
    const held: string[] = [];
    let n = 0;
    const both = new DispatchTrace(
      0,
      () => ++n,
      (s) => ticks.push(s),
      (cause, s) => held.push(`${cause} ${s}`),
    );
    events.length = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.04', '10'), intent(t1, 'BUY', '0.05', '10')], { trace: both, overlap: true });
    both.close();
    await Promise.resolve();
    // While the cancel is on its way the old order is marked (the strategy no longer sees it).
    expect(
      executor.tracker.ordersOf(market).map((o) => `${o.price.toFixed()} ${o.state}${o.cancelling === true ? ' cancelling' : ''}`),
    ).toEqual(['0.05 live cancelling', '0.05 live', '0.04 pending']);
    await executor.idle();
    expect(events).toEqual(['cancel', 'post 0.04', 'cancel answered']);
    // Both requests left in the tick (stamps 1 and 2): nothing held back.
    expect(ticks).toEqual([0.002]);
    expect(held).toEqual([]);
    expect(await venueOrders()).toEqual(['t0 BUY 0.04 10', 't1 BUY 0.05 10']);
    // The next wish comes while a re-price without overlap waits for its cancel: it was checked
    // without the order that re-price then places, so it cancels first.
    events.length = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.03', '10'), intent(t1, 'BUY', '0.05', '10')]);
    await Promise.resolve();
    executor.submit(market, tick, [intent(t0, 'BUY', '0.02', '10'), intent(t1, 'BUY', '0.05', '10')], { overlap: true });
    await executor.idle();
    expect(events).toEqual(['cancel', 'cancel answered', 'post 0.03', 'cancel', 'cancel answered', 'post 0.02']);
    expect(await venueOrders()).toEqual(['t0 BUY 0.02 10', 't1 BUY 0.05 10']);
  });

  it('uses one DELETE /cancel-market-orders when most orders go, and an empty wish leaves nothing', async () => {
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10'), intent(t0, 'BUY', '0.04', '10'), intent(t1, 'BUY', '0.03', '10')]);
    await executor.idle();
    admitted.length = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.06', '10')]);
    await executor.idle();
    expect(admitted.map((r) => r.route)).toEqual(['DELETE /cancel-market-orders', 'POST /order']);
    expect(await venueOrders()).toEqual(['t0 BUY 0.06 10']);
    executor.submit(market, tick, []);
    await executor.idle();
    expect(await venueOrders()).toEqual([]);
    expect(executor.tracker.openCount()).toBe(0);
    expect(limiter.snapshot().openOrders).toBe(0);
  });

  it('coalesces wishes: a market runs one job at a time and ends at the latest wish', async () => {
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10')]);
    executor.submit(market, tick, [intent(t0, 'BUY', '0.04', '10')]);
    executor.submit(market, tick, [intent(t0, 'BUY', '0.03', '10')]);
    await executor.idle();
    expect(await venueOrders()).toEqual(['t0 BUY 0.03 10']);
  });

  it('a refused post (post-only would cross) is counted and forgotten, never retried', async () => {
    await h.signed('POST', '/order', {
      body: {
        order: { asset_id: t0, side: 'SELL', price: '0.5', size: '10', expiration: '0', client_order_id: 'other' },
        owner: h.credentials.apiKey,
        orderType: 'GTC',
        postOnly: false,
      },
    });
    admitted.length = 0;
    executor.submit(market, tick, [intent(t0, 'BUY', '0.5', '10')]);
    await executor.idle();
    expect(admitted.filter((r) => r.route === 'POST /order')).toHaveLength(1);
    expect(executor.stats.rejections).toEqual({ post_only_cross: 1 });
    expect(executor.tracker.openCount()).toBe(0);
  });

  it('a post that times out is uncertain, settled through GET /data/orders before the market places again: no duplicate', async () => {
    // A 400 ms budget against 1.2 s of latency: the post times out, and the settling GET (no
    // latency by then) fits in it even on a machine busy with other test files (150 ms did not).
    const slow = makeExecutor(400);
    await h.setFaults({ latencyMs: 1_200 });
    slow.submit(market, tick, [intent(t0, 'BUY', '0.05', '10')]);
    await slow.idle();
    expect(slow.stats.actions.uncertain).toBe(1);
    expect(slow.tracker.hasUncertain(market)).toBe(true);
    // The venue did take the order: the answer came too late.
    await h.setFaults({ latencyMs: 0 });
    expect(await venueOrders()).toEqual(['t0 BUY 0.05 10']);
    admitted.length = 0;
    slow.submit(market, tick, [intent(t0, 'BUY', '0.05', '10')]);
    await slow.idle();
    expect(admitted.map((r) => r.route)).toEqual(['GET /data/orders']);
    expect(slow.tracker.hasUncertain(market)).toBe(false);
    expect(slow.tracker.liveOf(market)).toHaveLength(1);
    expect(await venueOrders()).toEqual(['t0 BUY 0.05 10']);
    await slow.stop();
  });

  it('adopts orders it did not place (an earlier run) and forgets orders the venue no longer lists', async () => {
    await h.signed('POST', '/order', {
      body: {
        order: { asset_id: t1, side: 'BUY', price: '0.07', size: '9', expiration: '0', client_order_id: 'orphan' },
        owner: h.credentials.apiKey,
        orderType: 'GTC',
        postOnly: true,
      },
    });
    executor.submit(market, tick, [intent(t0, 'BUY', '0.05', '10')]);
    await executor.idle();
    const r = await executor.sync(new Set([market]));
    expect(r).toMatchObject({ adopted: 1, vanished: 0 });
    const mine = executor.tracker.liveOf(market).find((o) => o.tokenId === t0)!;
    await h.signed('DELETE', '/order', { body: { orderId: mine.id } });
    h.clock.advance(1);
    const r2 = await executor.sync(new Set([market]));
    expect(r2).toMatchObject({ adopted: 0, vanished: 1 });
    // The orphan is not wanted: the next job cancels it.
    executor.submit(market, tick, []);
    await executor.idle();
    expect(await venueOrders()).toEqual([]);
  });
});
