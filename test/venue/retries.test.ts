import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient, type VenueClientOptions } from '../../src/venue/client.js';
import { AutoAdvanceClock } from '../support/auto-advance-clock.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue, type Reply } from '../support/fake-venue.js';
import { RecordingGate } from '../support/recording-gate.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { book, cancelResult, orderResponse } from '../support/venue-fixtures.js';

const fault = (status: number, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  json: { error: 'try later', code: 'X' },
});

let venue: FakeVenue;
let gate: RecordingGate;
let clock: AutoAdvanceClock;
let client: VenueClient;

function makeClient(extra: Partial<VenueClientOptions> = {}): VenueClient {
  return createVenueClient({
    baseUrl: venue.url,
    credentials: TEST_CREDENTIALS,
    clock,
    gate,
    random: () => 0.5,
    retry: { maxAttempts: 3, baseMs: 100, maxMs: 150 },
    ...extra,
  });
}

beforeAll(async () => {
  venue = await FakeVenue.start();
});
afterAll(() => venue.close());
beforeEach(() => {
  venue.reset();
  gate = new RecordingGate();
  clock = new AutoAdvanceClock();
  client = makeClient();
});
afterEach(async () => {
  expect(gate.inFlight).toBe(0);
  await client.close();
});

describe('reads are retried with backoff through the gate', () => {
  it('retries 5xx with full-jitter exponential delays, acquiring the gate each time', async () => {
    venue.on('GET', '/book', fault(503), fault(500), { json: book() });
    expect((await client.getBook({ token_id: 'c:0' })).snapshot).toEqual(book());
    expect(venue.requests).toHaveLength(3);
    // random 0.5: half of min(150, 100 * 2^(n-1)) -> 50, then 75 (capped at 150).
    expect(clock.waits).toEqual([50, 75]);
    expect(gate.acquired.map((a) => `${a.route} ${a.cls}`)).toEqual(['GET /book read', 'GET /book read', 'GET /book read']);
    expect(gate.released).toBe(3);
  });

  it('honours Retry-After as the minimum wait and reports 429 and 425 to the gate', async () => {
    venue.on('POST', '/books', fault(429, { 'retry-after': '2' }), fault(425, { 'retry-after': '1' }), { json: [book()] });
    expect((await client.postBooks(['c:0'])).map((b) => b.snapshot)).toEqual([book()]);
    expect(clock.waits).toEqual([2_000, 1_000]);
    expect(gate.throttles).toEqual([
      { route: 'POST /books', status: 429, retryAfterMs: 2_000 },
      { route: 'POST /books', status: 425, retryAfterMs: 1_000 },
    ]);
  });

  it('treats a 503 Retry-After as a floor too', async () => {
    venue.on('GET', '/book', fault(503, { 'retry-after': '1' }), { json: book() });
    await client.getBook({ token_id: 'c:0' });
    expect(clock.waits).toEqual([1_000]);
    expect(gate.throttles).toEqual([]);
  });

  it('retries a dropped connection and a timeout', async () => {
    venue.on('POST', '/midpoints', { destroy: true }, { hang: true }, { json: { 'c:0': '0.5' } });
    expect((await client.postMidpoints(['c:0'], { timeoutMs: 100 })).record).toEqual({ 'c:0': '0.5' });
    expect(venue.requests).toHaveLength(3);
  });

  it('gives up after maxAttempts with the last error', async () => {
    venue.on('GET', '/book', fault(500), fault(502), fault(503));
    const err = await rejectionOf(client.getBook({ token_id: 'c:0' }));
    expect(err.code).toBe(ErrorCode.VENUE_FAULT);
    expect(err.status).toBe(503);
    expect(venue.requests).toHaveLength(3);
  });

  it('does not retry answers that will not change: 400, 404, bad response', async () => {
    venue.on('GET', '/book', fault(400));
    expect((await rejectionOf(client.getBook({ token_id: 'c:0' }))).code).toBe(ErrorCode.BAD_PARAMETER);
    venue.on('GET', '/book', fault(404));
    expect((await rejectionOf(client.getBook({ token_id: 'c:0' }))).code).toBe(ErrorCode.NOT_FOUND);
    venue.on('GET', '/book', { json: { ...book(), tick_size: '0' } });
    expect((await rejectionOf(client.getBook({ token_id: 'c:0' }))).code).toBe(ErrorCode.BAD_RESPONSE);
    expect(venue.requests).toHaveLength(3);
    expect(clock.waits).toEqual([]);
  });

  it('does not retry when the wait would pass the call deadline', async () => {
    venue.on('GET', '/book', fault(503), { json: book() });
    const err = await rejectionOf(client.getBook({ token_id: 'c:0' }, { deadlineMs: clock.now() + 40 }));
    expect(err.code).toBe(ErrorCode.VENUE_FAULT);
    expect(venue.requests).toHaveLength(1);
    expect(gate.acquired[0]!.deadlineMs).toBe(clock.now() + 40);
  });

  it('stops waiting when the caller aborts during the backoff', async () => {
    const fake = new FakeClock();
    const controller = new AbortController();
    const c = makeClient({ clock: fake, onRequest: () => queueMicrotask(() => controller.abort()) });
    try {
      venue.on('GET', '/book', fault(503), { json: book() });
      const pending = rejectionOf(c.getBook({ token_id: 'c:0' }, { signal: controller.signal }));
      const err = await pending;
      expect(err.code).toBe(ErrorCode.ABORTED);
      expect(venue.requests).toHaveLength(1);
      expect(fake.pendingTimers).toBe(0);
    } finally {
      await c.close();
    }
  });

  it('does not retry when the gate refuses (our own limiter), and sends nothing', async () => {
    gate.refuse = true;
    venue.on('GET', '/book', { json: book() });
    const err = await rejectionOf(client.getBook({ token_id: 'c:0' }));
    expect(err.code).toBe(ErrorCode.THROTTLED);
    expect(venue.requests).toHaveLength(0);
  });
});

describe('trading writes are never retried', () => {
  const writes = [
    {
      name: 'DELETE /order',
      method: 'DELETE',
      path: '/order',
      call: (c: VenueClient) => c.cancelOrder({ orderId: 'o-1' }),
      ok: cancelResult(),
      cls: 'cancel',
    },
    {
      name: 'DELETE /cancel-market-orders',
      method: 'DELETE',
      path: '/cancel-market-orders',
      call: (c: VenueClient) => c.cancelMarketOrders({ asset_id: 'c:0' }),
      ok: cancelResult(),
      cls: 'cancel',
    },
    {
      name: 'POST /order',
      method: 'POST',
      path: '/order',
      call: (c: VenueClient) =>
        c.postOrder({
          order: { asset_id: 'c:0', side: 'BUY', price: '0.4', size: '5', expiration: '0', client_order_id: '' },
          orderType: 'GTC',
        }),
      ok: orderResponse(),
      cls: 'place',
    },
  ];
  for (const w of writes) {
    for (const reply of [fault(503), fault(429, { 'retry-after': '1' }), { destroy: true }] as Reply[]) {
      it(`${w.name}: one attempt on ${reply.status ?? 'dropped connection'}`, async () => {
        venue.on(w.method, w.path, reply, { json: w.ok });
        await rejectionOf(w.call(client));
        expect(venue.requests).toHaveLength(1);
        expect(clock.waits).toEqual([]);
        // The gate wait is bounded by the attempt's budget (timeouts.requestMs, 15 s by default).
        expect(gate.acquired).toEqual([{ route: w.name, cls: w.cls, deadlineMs: clock.now() + 15_000 }]);
        if (reply.status === 429) expect(gate.throttles).toEqual([{ route: w.name, status: 429, retryAfterMs: 1_000 }]);
      });
    }
  }
});
