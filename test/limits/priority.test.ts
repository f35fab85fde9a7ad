/** Strict priority (cancel > place > read), FIFO within a class, no head-of-line blocking across scopes. */
import { describe, expect, it } from 'vitest';
import { flush, makeLimiter, T0 } from './support.js';

// share 0.01: All CLOB routes 45 / 10 s, DELETE /order burst 21, POST /books 1.
const small = { share: 0.01, cancelReserve: 0 };

describe('priorities', () => {
  it('when the window reopens, waiting cancels go first, then places, then reads, each class in arrival order', async () => {
    const h = makeLimiter(small);
    h.many(45, 'GET /fee-rate'); // fills All CLOB routes
    await flush();
    h.many(3, 'GET /fee-rate');
    h.request('POST /order');
    h.request('DELETE /cancel-market-orders');
    h.request('GET /data/orders');
    h.request('POST /order');
    h.request('DELETE /order');
    await flush();
    expect(h.log.length).toBe(45);
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    const after = h.log.slice(45);
    expect(after.map((e) => `${e.cls} ${e.route} #${e.seq}`)).toEqual([
      'cancel DELETE /cancel-market-orders #50',
      'cancel DELETE /order #53',
      'place POST /order #49',
      'place POST /order #52',
      'read GET /fee-rate #46',
      'read GET /fee-rate #47',
      'read GET /fee-rate #48',
      'read GET /data/orders #51',
    ]);
  });

  it('FIFO within a class across routes that contend for the same window, one slot at a time', async () => {
    const h = makeLimiter(small);
    for (let i = 0; i < 45; i++) {
      h.request('GET /fee-rate');
      h.clock.advance(1); // fillers spent 1 ms apart, so slots come back 1 ms apart
    }
    const a = h.request('GET /fee-rate');
    const b = h.request('GET /data/orders');
    const c = h.request('GET /fee-rate');
    const d = h.request('GET /clob-markets/{condition_id}');
    await flush();
    h.clock.advanceTo(T0 + 10_002);
    await flush();
    expect([a, b, c, d].map((t) => t.ticket?.admittedAtMs)).toEqual([T0 + 10_001, T0 + 10_002, undefined, undefined]);
    h.clock.advanceTo(T0 + 10_004);
    await flush();
    expect([c, d].map((t) => t.ticket?.admittedAtMs)).toEqual([T0 + 10_003, T0 + 10_004]);
  });

  it('reads never take capacity a queued cancel needs: cancels paused by a 429 go the moment the pause ends', async () => {
    const h = makeLimiter(small);
    h.limiter.reportThrottle('DELETE /order', 429, 5_000);
    const cancels = h.many(10, 'DELETE /order');
    const reads = h.many(50, 'GET /fee-rate');
    await flush();
    expect(h.admittedCount(cancels)).toBe(0);
    expect(h.admittedCount(reads)).toBe(35); // 45 - the 10 slots the waiting cancels need
    h.clock.advanceTo(T0 + 5_000);
    await flush();
    expect(cancels.map((t) => t.ticket?.admittedAtMs)).toEqual(Array(10).fill(T0 + 5_000));
    expect(h.admittedCount(reads)).toBe(35);
  });

  it('a backlog on one route does not block other routes of the surface or of another surface', async () => {
    const h = makeLimiter(); // full capacities
    const books = h.many(5_000, 'POST /books');
    await flush();
    expect(h.admittedCount(books)).toBe(72);
    const book = h.request('GET /book');
    const fee = h.request('GET /fee-rate');
    const tags = h.request('GET /tags');
    const cancel = h.request('DELETE /order');
    await flush();
    for (const t of [book, fee, tags, cancel]) expect(t.ticket?.admittedAtMs).toBe(T0);
  });

  it('a blocked cancel does not stop catalog reads (unrelated scopes)', async () => {
    const h = makeLimiter(small);
    h.limiter.reportThrottle('DELETE /order', 429, 60_000);
    const cancel = h.request('DELETE /order');
    const cat = h.many(20, 'GET /markets/{condition_id}');
    await flush();
    expect(cancel.ticket).toBeUndefined();
    expect(h.admittedCount(cat)).toBe(20);
  });
});

describe('cancel reserve', () => {
  // share 0.01 -> DELETE /order burst 21, All CLOB routes 45; reserve 5.
  const opts = { share: 0.01, cancelReserve: 5 };

  it('admits a place only while every cancel window keeps openOrders + places in flight + 1 + reserve, and resumes when orders close', async () => {
    const h = makeLimiter(opts);
    h.limiter.setOpenOrders(10);
    // place k (1-based) needs 10 + (k - 1) + 1 + 5 <= 21 in DELETE /order: k <= 6
    const places = h.many(12, 'POST /order', { hold: true });
    await flush();
    expect(h.admittedCount(places)).toBe(6);
    expect(h.limiter.snapshot().placesInFlight).toBe(6);
    // the six posts succeed: the executor counts them as open, then releases their tickets
    h.limiter.setOpenOrders(16);
    for (const p of places.slice(0, 6)) p.ticket!.release();
    await flush();
    expect(h.admittedCount(places)).toBe(6); // 16 + 0 + 1 + 5 = 22 > 21
    h.clock.advanceTo(T0 + 60_000); // time alone does not help: the reserve depends on open orders
    await flush();
    expect(h.admittedCount(places)).toBe(6);
    h.limiter.setOpenOrders(12); // four orders closed
    await flush();
    // 12 + (k - 1) + 1 + 5 <= 21 -> 4 more
    expect(h.admittedCount(places)).toBe(10);
    expect(places[9]!.ticket!.admittedAtMs).toBe(T0 + 60_000);
  });

  it('cancels spent in the window shrink what places may use; cancels themselves ignore the reserve', async () => {
    const h = makeLimiter(opts);
    h.limiter.setOpenOrders(18);
    const cancels = h.many(21, 'DELETE /order');
    const place = h.request('POST /order');
    await flush();
    expect(h.admittedCount(cancels)).toBe(21);
    expect(place.ticket).toBeUndefined();
    h.limiter.setOpenOrders(0);
    await flush();
    expect(place.ticket).toBeUndefined(); // DELETE /order has no room left until T0 + 10 001
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(place.ticket?.admittedAtMs).toBe(T0 + 10_001);
  });

  it('reads on All CLOB routes leave openOrders + reserve for cancels; catalog reads are unaffected', async () => {
    const h = makeLimiter(opts);
    h.limiter.setOpenOrders(20);
    const reads = h.many(30, 'GET /fee-rate');
    const cat = h.many(5, 'GET /markets/{condition_id}');
    await flush();
    expect(h.admittedCount(reads)).toBe(20); // 45 - (20 + 5)
    expect(h.admittedCount(cat)).toBe(5);
    const cancels = h.many(25, 'DELETE /order');
    await flush();
    expect(h.admittedCount(cancels)).toBe(21); // DELETE /order burst, not All CLOB routes, is what stops them
  });
});
