/** The reason cancelAndVerify gives when the venue never answered a listing. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { cancelAndVerify, type CancelVenue } from '../../src/lifecycle/cancel-and-verify.js';

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
