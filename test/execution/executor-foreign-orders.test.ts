/**
 * Another trader on the same account (another daemon, a person) rests orders in one of our
 * markets: the executor's sync neither adopts nor cancels them, reports them (the daemon HALTs
 * the market), and from then on cancels ours there one by one, never by market.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientOrderIdSource, ownedBy } from '../../src/execution/client-order-ids.js';
import { Executor } from '../../src/execution/executor.js';
import { RateLimiter, type AdmissionRecord } from '../../src/limits/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { OpenOrder } from '../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;
let admitted: AdmissionRecord[];
let market: string;
let t0: string;
const tick = new Decimal('0.01');
const MINE = 'mkmine0000';

function bid(price: string): OrderIntent {
  return { conditionId: market, tokenId: t0, side: 'BUY', price: new Decimal(price), size: new Decimal('10'), quoteSide: 'bid' };
}

beforeEach(async () => {
  h = await startSimHarness({ markets: 1, edgeLimits: { enabled: false } });
  admitted = [];
  limiter = new RateLimiter({ clock: h.clock, observer: { admitted: (r) => void admitted.push(r) } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock, gate: limiter });
  const m = (await client.getMarkets({})).data[0]!;
  market = m.condition_id;
  t0 = m.tokens[0]!.token_id;
});

afterEach(async () => {
  await client.close();
  limiter.close();
  await h.close();
});

describe('Executor with orders of another trader in its market', () => {
  it('reports them, adopts none, and cancels only its own, one by one', async () => {
    const reported: [string, OpenOrder[]][] = [];
    const executor = new Executor({
      venue: client,
      clock: h.clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: (n) => limiter.setOpenOrders(n),
      nextClientOrderId: clientOrderIdSource(MINE, h.clock.now()),
      owns: ownedBy(MINE),
      onForeignOrders: (m, orders) => void reported.push([m, [...orders]]),
    });
    try {
      executor.submit(market, tick, [bid('0.05'), bid('0.04'), bid('0.03')]);
      await executor.idle();
      const theirs = await client.postOrder({
        order: { asset_id: t0, side: 'BUY', price: '0.02', size: '10', expiration: '0', client_order_id: 'mkother999-1-1' },
        orderType: 'GTC',
      });
      const r = await executor.sync(new Set([market]));
      expect(r).toMatchObject({ adopted: 0, vanished: 0 });
      expect(r.foreign.map((o) => o.id)).toEqual([theirs.orderID]);
      expect(reported.map(([m, o]) => [m, o.map((x) => x.client_order_id)])).toEqual([[market, ['mkother999-1-1']]]);
      expect(executor.tracker.liveOf(market)).toHaveLength(3);

      // All three of ours go (a cancel by market when alone): one DELETE /order each instead.
      admitted.length = 0;
      executor.submit(market, tick, []);
      await executor.idle();
      expect(admitted.map((a) => a.route)).toEqual(['DELETE /order', 'DELETE /order', 'DELETE /order']);
      const left = (await client.getOpenOrders({ market })).data;
      expect(left.map((o) => [o.id, o.client_order_id])).toEqual([[theirs.orderID, 'mkother999-1-1']]);
      expect(executor.tracker.openCount()).toBe(0);
    } finally {
      await executor.stop();
    }
  });
});
