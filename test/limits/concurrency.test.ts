/** Bounded concurrency (venue-api.md 8.5): per API key and per process, beside the windows. */
import { describe, expect, it } from 'vitest';
import { ConcurrencyPool } from '../../src/limits/concurrency-pool.js';
import { flush, makeLimiter } from './support.js';

describe('concurrency', () => {
  it('holds the per-key bound; a release admits the next waiter at once, highest class first', async () => {
    const h = makeLimiter({ maxInFlightPerKey: 2 });
    const held = h.many(2, 'GET /book', { hold: true });
    const read = h.request('GET /book', { hold: true });
    const cancel = h.request('DELETE /order', { hold: true });
    await flush();
    expect(h.admittedCount(held)).toBe(2);
    expect([read.ticket, cancel.ticket]).toEqual([undefined, undefined]);
    expect(h.limiter.snapshot().inFlight).toBe(2);
    held[0]!.ticket!.release();
    held[0]!.ticket!.release(); // idempotent
    await flush();
    expect(cancel.ticket).toBeDefined();
    expect(read.ticket).toBeUndefined();
    held[1]!.ticket!.release();
    await flush();
    expect(read.ticket).toBeDefined();
    expect(h.clock.pendingTimers).toBe(0); // slots, not time, were the limit: no timer
  });

  it('shares one process pool between the limiters of several keys', async () => {
    const pool = new ConcurrencyPool(3);
    const a = makeLimiter({ pool, maxInFlightPerKey: 3 });
    const b = makeLimiter({ pool, maxInFlightPerKey: 3 });
    const aHeld = a.many(2, 'GET /book', { hold: true });
    const bHeld = b.request('GET /book', { hold: true });
    const aNext = a.request('GET /book', { hold: true });
    await flush();
    expect(a.admittedCount(aHeld)).toBe(2);
    expect(bHeld.ticket).toBeDefined();
    expect(aNext.ticket).toBeUndefined();
    expect(a.limiter.snapshot()).toMatchObject({ inFlight: 2, processInFlight: 3, processMaxInFlight: 3 });
    bHeld.ticket!.release(); // a slot freed by key B admits key A's waiter
    await flush();
    expect(aNext.ticket).toBeDefined();
  });
});
