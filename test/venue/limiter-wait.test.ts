/**
 * The client and the real rate limiter together: an attempt's budget (`timeouts.requestMs`)
 * bounds its wait in the limiter, so no request can sit in a queue forever (issue 3: "a request
 * that cannot be admitted before its deadline fails fast with a throttled error").
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { RateLimiter } from '../../src/limits/rate-limiter.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { book, orderResponse } from '../support/venue-fixtures.js';

const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

let venue: FakeVenue;
let clock: FakeClock;
let limiter: RateLimiter;
let client: VenueClient;

function makeClient(requestMs: number): VenueClient {
  return createVenueClient({
    baseUrl: venue.url,
    credentials: TEST_CREDENTIALS,
    clock,
    gate: limiter,
    retry: { maxAttempts: 1 },
    timeouts: { requestMs },
  });
}

/** Spends the whole POST /books window (80 x 0.9 = 72) at the current time. */
async function fillBooksWindow(): Promise<void> {
  for (let i = 0; i < 72; i++) (await limiter.acquire('POST /books', 'read')).release();
}

beforeAll(async () => {
  venue = await FakeVenue.start();
});
afterAll(() => venue.close());
beforeEach(() => {
  venue.reset();
  clock = new FakeClock();
  limiter = new RateLimiter({ clock });
  client = makeClient(15_000);
});
afterEach(async () => {
  await client.close();
  limiter.close();
});

describe('waiting in the limiter is part of the attempt budget', () => {
  it('a read that fits its budget waits for the window to free, then is sent', async () => {
    venue.on('POST', '/books', { json: [book()] });
    await fillBooksWindow();
    const pending = client.postBooks([book().asset_id]);
    await flush();
    expect(venue.requests).toHaveLength(0);
    expect(limiter.snapshot().queued.read).toBe(1);
    clock.advance(10_000);
    await flush();
    expect(venue.requests).toHaveLength(0);
    clock.advance(1);
    expect((await pending).map((b) => b.snapshot)).toEqual([book()]);
    expect(venue.requests).toHaveLength(1);
  });

  it('a read whose budget ends before the window frees fails at once with THROTTLED, sending nothing', async () => {
    await client.close();
    client = makeClient(5_000);
    venue.on('POST', '/books', { json: [book()] });
    await fillBooksWindow();
    const err = await rejectionOf(client.postBooks([book().asset_id]));
    expect(err.code).toBe(ErrorCode.THROTTLED);
    expect(err.retryAfterMs).toBe(10_001);
    expect(venue.requests).toHaveLength(0);
    expect(limiter.snapshot().queued.read).toBe(0);
  });

  it('a place held back by the cancel reserve does not hang: it fails with THROTTLED when its budget ends', async () => {
    venue.on('POST', '/order', { json: orderResponse() });
    limiter.setOpenOrders(5_000); // more than any cancel window holds: places must wait for orders to close
    let settled = false;
    const pending = rejectionOf(
      client.postOrder({
        order: { asset_id: book().asset_id, side: 'BUY', price: '0.4', size: '5', expiration: '0', client_order_id: 'c-1' },
        orderType: 'GTC',
      }),
    ).finally(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    expect(limiter.snapshot().queued.place).toBe(1);
    clock.advance(14_999);
    await flush();
    expect(settled).toBe(false);
    clock.advance(1);
    const err = await pending;
    expect(err.code).toBe(ErrorCode.THROTTLED);
    expect(venue.requests).toHaveLength(0);
    expect(limiter.snapshot().queued.place).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it("the call's own deadline wins when it is earlier than the budget", async () => {
    venue.on('POST', '/books', { json: [book()] });
    await fillBooksWindow();
    const err = await rejectionOf(client.postBooks([book().asset_id], { deadlineMs: clock.now() + 10_000 }));
    expect(err.code).toBe(ErrorCode.THROTTLED);
    expect(venue.requests).toHaveLength(0);
  });
});

describe('an abort that lands between admission and sending', () => {
  it('is honoured: ABORTED, nothing sent, the ticket released', async () => {
    venue.on('GET', '/book', { json: book() });
    const controller = new AbortController();
    let released = 0;
    const gate = {
      // Admits, but the caller gives up in the same turn, before the request goes out.
      acquire: async () => {
        controller.abort();
        return { release: () => void released++ };
      },
      reportThrottle: () => {},
    };
    const c = createVenueClient({ baseUrl: venue.url, clock, gate, retry: { maxAttempts: 3 } });
    try {
      const err = await rejectionOf(c.getBook({ token_id: book().asset_id }, { signal: controller.signal }));
      expect(err.code).toBe(ErrorCode.ABORTED);
      expect(venue.requests).toHaveLength(0);
      expect(released).toBe(1);
    } finally {
      await c.close();
    }
  });
});

describe('a closed client', () => {
  it('refuses at once with ABORTED naming the route: no retries, no gate, nothing sent', async () => {
    let acquired = 0;
    const gate = {
      acquire: async () => {
        acquired++;
        return { release: () => {} };
      },
      reportThrottle: () => {},
    };
    const c = createVenueClient({ baseUrl: venue.url, clock, gate });
    venue.on('GET', '/book', { json: book() });
    await c.getBook({ token_id: book().asset_id }); // opens the pool
    await c.close();
    const err = await rejectionOf(c.getBook({ token_id: book().asset_id }));
    expect(err.code).toBe(ErrorCode.ABORTED);
    expect(err.message).toBe('GET /book: venue client is closed');
    expect(acquired).toBe(1);
    expect(venue.requests).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
  });
});
