/**
 * GET /data/orders pages by offset (design.md section 3; the simulator, like the venue's
 * reference clients, answers Base64 offsets). An account-wide listing of many pages is not one
 * snapshot: an order cancelled on an earlier page while a later page is on its way moves every
 * order after it one place forward, and the later page then starts past orders it never showed.
 * Those orders still rest on the venue: the sync must not forget them (an order forgotten while it
 * rests is unmanaged: outside the risk gate's view, the cancel reserve and every re-price).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
const tick = new Decimal('0.01');

beforeEach(async () => {
  h = await startSimHarness({ markets: 30, edgeLimits: { enabled: false } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
});

afterEach(async () => {
  await client.close();
  await h.close();
});

async function venueOrderIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await client.getOpenOrders(cursor === undefined ? {} : { next_cursor: cursor });
    ids.push(...page.data.map((o) => o.id));
    if (page.next_cursor === 'LTE=') return ids.sort();
    cursor = page.next_cursor;
  }
}

describe('Executor: an account-wide listing over several pages while orders change', () => {
  it('forgets the orders that are gone and keeps every order still resting', async () => {
    const markets = (await client.getMarkets({})).data.slice(0, 25);
    // Cancelled straight at the venue (another path than the executor's) while page 2 is asked for.
    let beforePage2: (() => Promise<void>) | undefined;
    const venue: ExecutionVenue = {
      postTrustedOrder: (p, o) => client.postTrustedOrder(p, o),
      cancelOrder: (p, o) => client.cancelOrder(p, o),
      cancelMarketOrders: (p, o) => client.cancelMarketOrders(p, o),
      getOpenOrders: async (p, o) => {
        if (p.next_cursor !== undefined && beforePage2 !== undefined) {
          const run = beforePage2;
          beforePage2 = undefined;
          await run();
        }
        return client.getOpenOrders(p, o);
      },
    };
    const ex = new Executor({
      venue,
      clock: h.clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: () => {},
    });
    try {
      for (const m of markets) {
        const token = m.tokens[0]!.token_id;
        const bids: OrderIntent[] = ['0.05', '0.04', '0.03', '0.02', '0.01', '0.06'].map((price) => ({
          conditionId: m.condition_id,
          tokenId: token,
          side: 'BUY',
          price: new Decimal(price),
          size: new Decimal('10'),
          quoteSide: 'bid',
        }));
        ex.submit(m.condition_id, tick, bids);
      }
      await ex.idle();
      // Over 100 (two pages); a bid the simulator's books would cross is refused, and forgotten.
      const before = await venueOrderIds();
      expect(before.length).toBeGreaterThan(110);
      expect(ex.tracker.openCount()).toBe(before.length);

      // The first ten orders placed (all on page 1) go while page 2 is on its way.
      const first = (await client.getOpenOrders({})).data.slice(0, 10).map((o) => o.id);
      beforePage2 = async () => {
        for (const id of first) await client.cancelOrder({ orderId: id });
      };
      // The listing comes after the orders were confirmed (else it may predate them: left alone).
      h.clock.advance(1);
      const r = await ex.sync(new Set(markets.map((m) => m.condition_id)));

      const after = await venueOrderIds();
      expect(after).toHaveLength(before.length - 10);
      // Page 2 started ten orders late: those ten rest, and are still tracked. (The ten cancelled
      // behind the listing's back were live when page 1 was read: forgotten at the next listing.)
      const tracked = new Set(ex.tracker.liveOrderIds());
      expect(after.filter((id) => !tracked.has(id))).toEqual([]);
      expect(r).toMatchObject({ adopted: 0, vanished: 0, unconfirmed: [] });

      h.clock.advance(1);
      const next = await ex.sync(new Set(markets.map((m) => m.condition_id)));
      expect(next).toMatchObject({ adopted: 0, vanished: 10 });
      expect(ex.tracker.liveOrderIds().sort()).toEqual(after);
    } finally {
      await ex.stop();
    }
  });
});
