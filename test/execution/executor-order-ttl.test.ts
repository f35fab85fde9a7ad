/**
 * Dead-man orders (executor.orderTtlSec) against the simulator over HTTP, on a fake clock: GTD
 * posts expiring ttl seconds later, re-placed (cancel, post again) once half of that has passed,
 * and gone from the venue by themselves when nobody renews them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Executor } from '../../src/execution/executor.js';
import { refreshCost } from '../../src/execution/refresh-cost.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let executor: Executor;
let market: string;
let t0: string;
const tick = new Decimal('0.01');
const TTL = 60;

const bid = (price: string): OrderIntent => ({
  conditionId: market,
  tokenId: t0,
  side: 'BUY',
  price: new Decimal(price),
  size: new Decimal('10'),
  quoteSide: 'bid',
});

async function listed() {
  return (await client.getOpenOrders({ market })).data.map((o) => ({ id: o.id, type: o.order_type, expiration: o.expiration }));
}

beforeEach(async () => {
  h = await startSimHarness({ markets: 1, edgeLimits: { enabled: false } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  const m = (await client.getMarkets({})).data[0]!;
  market = m.condition_id;
  t0 = m.tokens[0]!.token_id;
  executor = new Executor({
    venue: client,
    clock: h.clock,
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
    setOpenOrders: () => undefined,
    orderTtlSec: TTL,
  });
});

afterEach(async () => {
  await executor.stop();
  await client.close();
  await h.close();
});

describe('dead-man orders', () => {
  it('posts GTD orders and re-places each once half its time to live has passed', async () => {
    const startSec = Math.floor(h.clock.now() / 1000);
    executor.submit(market, tick, [bid('0.05')]);
    await executor.idle();
    const [first] = await listed();
    expect(first).toMatchObject({ type: 'GTD', expiration: String(startSec + TTL) });

    // 29 s on: more than half its life left, nothing due, the same wish keeps it.
    h.clock.advance(29_000);
    expect(executor.touchExpiring(h.clock.now())).toBe(0);
    executor.submit(market, tick, [bid('0.05')]);
    await executor.idle();
    expect((await listed()).map((o) => o.id)).toEqual([first!.id]);

    // 31 s on: due; the same wish now cancels it and posts a new one that lives 60 s from now.
    h.clock.advance(2_000);
    expect(executor.touchExpiring(h.clock.now())).toBe(1);
    executor.submit(market, tick, [bid('0.05')]);
    await executor.idle();
    const [second, ...more] = await listed();
    expect(more).toEqual([]);
    expect(second!.id).not.toBe(first!.id);
    expect(second).toMatchObject({ type: 'GTD', expiration: String(Math.floor(h.clock.now() / 1000) + TTL) });
    expect((await client.getOrder({ id: first!.id })).status).toBe('CANCELED');
    expect(executor.stats.orders).toMatchObject({ placed: { new: 1, resize: 1 }, cancelled: { resize: 1 } });

    // Nobody renews it (the daemon died): the venue expires it at its expiration.
    h.clock.advance(TTL * 1000);
    expect(await listed()).toEqual([]);
  });

  it('costs one post and one cancel per resting order every ttl / 2 seconds, shown against the sustained limit', () => {
    expect(refreshCost(60, 2000, 1)).toEqual({
      orderTtlSec: 60,
      refreshEverySec: 30,
      openOrders: 2000,
      postsPer10Min: 40_000,
      sustainedPer10Min: 24_000,
      shareOfSustained: 1.6667,
    });
    expect(refreshCost(600, 40, 0.3333)).toMatchObject({ postsPer10Min: 80, sustainedPer10Min: 7999, shareOfSustained: 0.01 });
  });
});
