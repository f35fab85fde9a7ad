/** cancelAndVerify: the reason it gives when the venue never answered a listing; what a listing of several pages proves. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { cancelAndVerify, type CancelVenue } from '../../src/lifecycle/cancel-and-verify.js';
import type { OpenOrder } from '../../src/venue/types.js';

const fault = (what: string) => new MakerdError(ErrorCode.VENUE_FAULT, `${what}: venue answered 500`, { where: what });

/** Drives the fake clock from timer to timer until the promise settles. */
async function settle<T>(clock: FakeClock, p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => {
    done = true;
  });
  for (let i = 0; i < 10_000 && !done; i++) {
    await new Promise((r) => setImmediate(r));
    if (!done && !clock.runNext()) await new Promise((r) => setImmediate(r));
  }
  return out;
}

describe('cancelAndVerify without a listing', () => {
  it("names the listing's failure, not a cancel the deadline cut short in the last round", async () => {
    const clock = new FakeClock();
    const deadlineMs = clock.now() + 3_000;
    let cancels = 0;
    const venue: CancelVenue = {
      getOpenOrders: async () => {
        throw fault('GET /data/orders');
      },
      cancelMarketOrders: async () => {
        cancels++;
        // Every cancel fails; the last one is still waiting when the deadline passes.
        if (clock.now() + 1_000 < deadlineMs) throw fault('DELETE /cancel-market-orders');
        clock.advanceTo(deadlineMs);
        throw new MakerdError(ErrorCode.TIMEOUT, 'DELETE /cancel-market-orders: timed out (the call deadline passed)', { where: 'x' });
      },
      cancelOrder: async () => {
        throw fault('DELETE /order');
      },
    };
    const r = await settle(clock, cancelAndVerify({ clock, venue, markets: undefined, deadlineMs, cancelFirst: ['0xm'] }));
    expect(cancels).toBeGreaterThan(1);
    expect(r.verified).toBe(false);
    expect(r.listed).toBe(false);
    expect(r.error).toBe('could not list open orders: MAKERD_ERR_VENUE_FAULT: GET /data/orders: venue answered 500');
  });
});

describe('cancelAndVerify over a listing of several pages', () => {
  const order = (id: string, market: string, clientOrderId: string) =>
    ({ id, market, client_order_id: clientOrderId, asset_id: `${market}:0` }) as OpenOrder;

  it('does not take a listing that skipped our last order (others cancelling meanwhile) for proof', async () => {
    const clock = new FakeClock();
    // Page 1: another shard's 100 orders; page 2: ours, unless the others' cancels shifted it
    // onto page 1's range while page 2 was on its way (the first listing).
    const theirs = Array.from({ length: 100 }, (_, i) => order(`t${i}`, `0xother${i}`, `mkother-${i}`));
    let ours: OpenOrder[] = [order('o1', '0xmine', 'mkmine-1')];
    let listings = 0;
    const cancelled: string[] = [];
    const venue: CancelVenue = {
      getOpenOrders: async (p) => {
        if (p.next_cursor === undefined) {
          listings++;
          return { data: theirs, next_cursor: 'MTAw', limit: 100, count: 100 };
        }
        const data = listings === 1 ? [] : ours;
        return { data, next_cursor: 'LTE=', limit: 100, count: data.length };
      },
      cancelMarketOrders: async ({ market }) => {
        cancelled.push(market);
        const gone = ours.filter((o) => o.market === market).map((o) => o.id);
        ours = ours.filter((o) => o.market !== market);
        return { canceled: gone, not_canceled: {} };
      },
      cancelOrder: async () => {
        throw fault('DELETE /order');
      },
    };
    const r = await settle(
      clock,
      cancelAndVerify({ clock, venue, deadlineMs: clock.now() + 10_000, owns: (id) => id.startsWith('mkmine-') }),
    );
    expect(cancelled).toEqual(['0xmine']);
    expect(ours).toEqual([]);
    expect(r).toMatchObject({ verified: true, cancelled: 1 });
    // Skipped, seen, cancelled, then two listings without it.
    expect(listings).toBe(4);
  });

  it('a listing of one page is proof at once', async () => {
    const clock = new FakeClock();
    let listings = 0;
    const venue: CancelVenue = {
      getOpenOrders: async () => {
        listings++;
        return { data: [], next_cursor: 'LTE=', limit: 100, count: 0 };
      },
      cancelMarketOrders: async () => ({ canceled: [], not_canceled: {} }),
      cancelOrder: async () => ({ canceled: [], not_canceled: {} }),
    };
    const r = await settle(clock, cancelAndVerify({ clock, venue, deadlineMs: clock.now() + 10_000 }));
    expect(r).toMatchObject({ verified: true, rounds: 0 });
    expect(listings).toBe(1);
  });
});
