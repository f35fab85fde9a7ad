/** Aborts and deadlines: rejected with ABORTED / THROTTLED, removed at once, never admitted later. */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { flush, makeLimiter, T0 } from './support.js';

describe('abort', () => {
  it('an aborted waiter rejects with ABORTED at once, leaves the queue, and the next in line takes its turn', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    const ac = new AbortController();
    const a = h.request('POST /books', { signal: ac.signal });
    const b = h.request('POST /books');
    await flush();
    expect(h.limiter.snapshot().queued.read).toBe(2);
    ac.abort(new Error('shutting down'));
    expect(h.limiter.snapshot().queued.read).toBe(1);
    await flush();
    expect(a.error?.code).toBe(ErrorCode.ABORTED);
    expect(a.error?.message).toBe('POST /books: aborted while waiting for the rate limiter');
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(a.ticket).toBeUndefined();
    expect(b.ticket?.admittedAtMs).toBe(T0 + 10_001);
    expect(h.limiter.snapshot().rejected.aborted).toBe(1);
  });

  it('an already aborted signal is refused without queueing; aborting after admission changes nothing', async () => {
    const h = makeLimiter();
    const a = h.request('GET /book', { signal: AbortSignal.abort() });
    const ac = new AbortController();
    const b = h.request('GET /book', { signal: ac.signal, hold: true });
    await flush();
    ac.abort();
    expect(a.error?.code).toBe(ErrorCode.ABORTED);
    expect(b.ticket).toBeDefined();
    expect(h.limiter.snapshot().windows.find((w) => w.scope === 'GET /book')!.used).toBe(1);
  });

  it('aborting a blocked cancel hands its reserved capacity back to reads', async () => {
    const h = makeLimiter({ share: 0.01, cancelReserve: 0 }); // All CLOB routes 45
    h.limiter.reportThrottle('DELETE /order', 429, 60_000);
    const ac = new AbortController();
    h.many(5, 'DELETE /order', { signal: ac.signal });
    const reads = h.many(45, 'GET /fee-rate');
    await flush();
    expect(h.admittedCount(reads)).toBe(40);
    ac.abort();
    await flush();
    expect(h.admittedCount(reads)).toBe(45);
  });
});

describe('deadline', () => {
  it('fails fast with THROTTLED and the known wait when the deadline cannot be met', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    const late = h.request('POST /books', { deadlineMs: T0 + 5_000 });
    await flush();
    expect(late.error?.code).toBe(ErrorCode.THROTTLED);
    expect(late.error?.retryAfterMs).toBe(10_001);
    expect(h.limiter.snapshot().queued.read).toBe(0);
    // with a reachable deadline it waits and is admitted
    const ok = h.request('POST /books', { deadlineMs: T0 + 20_000 });
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(ok.ticket?.admittedAtMs).toBe(T0 + 10_001);
  });

  it('counts its place in line: the 73rd waiter cannot make a deadline inside the next window', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    h.many(72, 'POST /books', { deadlineMs: T0 + 15_000 });
    const third = h.request('POST /books', { deadlineMs: T0 + 15_000 });
    await flush();
    expect(third.error?.retryAfterMs).toBe(20_002);
  });

  it('expires at its deadline when higher classes take the capacity it hoped for', async () => {
    const h = makeLimiter({ share: 0.01, cancelReserve: 0 }); // All CLOB routes 45
    h.many(45, 'GET /fee-rate');
    const read = h.request('GET /fee-rate', { deadlineMs: T0 + 10_005 });
    h.many(45, 'DELETE /cancel-market-orders');
    await flush();
    expect(read.error).toBeUndefined();
    h.clock.advanceTo(T0 + 10_004);
    await flush();
    expect(read.error).toBeUndefined();
    h.clock.advanceTo(T0 + 10_005);
    await flush();
    expect(read.ticket).toBeUndefined();
    expect(read.error?.code).toBe(ErrorCode.THROTTLED);
    expect(read.error?.retryAfterMs).toBe(20_002 - 10_005);
    expect(h.limiter.snapshot().rejected.deadline).toBe(1);
  });

  it('a deadline equal to the admission time is met', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    const r = h.request('POST /books', { deadlineMs: T0 + 10_001 });
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(r.ticket?.admittedAtMs).toBe(T0 + 10_001);
  });
});

describe('one timer', () => {
  it('keeps a single clock timer however many requests wait, set for the next possible admission', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    h.many(500, 'POST /books');
    h.many(300, 'GET /events'); // 450 allowed: all admitted
    h.many(200, 'GET /tags'); // 180 allowed
    await flush();
    expect(h.clock.pendingTimers).toBe(1);
    expect(h.clock.nextTimerAt()).toBe(T0 + 10_001);
  });

  it('also wakes for the earliest deadline', async () => {
    const h = makeLimiter({ share: 0.01, cancelReserve: 0 });
    h.many(45, 'GET /fee-rate');
    h.request('GET /fee-rate', { deadlineMs: T0 + 10_010 });
    h.request('GET /fee-rate', { deadlineMs: T0 + 10_007 });
    h.many(45, 'DELETE /cancel-market-orders');
    await flush();
    expect(h.clock.pendingTimers).toBe(1);
    expect(h.clock.nextTimerAt()).toBe(T0 + 10_001);
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(h.clock.nextTimerAt()).toBe(T0 + 10_007);
  });
});
