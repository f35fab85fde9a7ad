/** Snapshot, queue bound, close. */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { flush, makeLimiter, T0 } from './support.js';

describe('snapshot', () => {
  it('reports capacity, used, headroom per scope and window, queue depth per class and in-flight', async () => {
    const h = makeLimiter({ share: 0.5 });
    h.many(40, 'POST /books'); // capacity floor(80 x 0.5 x 0.9) = 36
    h.request('POST /order', { hold: true });
    h.limiter.setOpenOrders(3);
    await flush();
    const s = h.limiter.snapshot();
    expect(s.atMs).toBe(T0);
    expect(s.windows.find((w) => w.scope === 'POST /books')).toEqual({
      scope: 'POST /books',
      label: 'POST /books',
      window: 'window',
      windowMs: 10_000,
      capacity: 36,
      venueCapacity: 80,
      used: 36,
      headroom: 0,
      pausedForMs: 0,
    });
    const clob = s.windows.find((w) => w.scope === 'clob:all')!;
    expect([clob.capacity, clob.used, clob.headroom]).toEqual([2_250, 37, (2_250 - 37) / 2_250]);
    expect(s.windows.filter((w) => w.scope === 'POST /order').map((w) => [w.window, w.capacity, w.used])).toEqual([
      ['burst', 1_080, 1],
      ['sustained', 10_800, 1],
    ]);
    expect(s.queued).toEqual({ cancel: 0, place: 0, read: 4 });
    expect(s.admitted).toEqual({ cancel: 0, place: 1, read: 36 });
    expect(s).toMatchObject({ inFlight: 1, openOrders: 3, placesInFlight: 1 });
    expect(s.windows.length).toBe(20); // 18 rows, two of them with burst + sustained
    h.clock.advanceTo(T0 + 10_001);
    expect(h.limiter.snapshot().windows.find((w) => w.scope === 'POST /books')!.used).toBe(4);
  });
});

describe('queue bound and close', () => {
  it('refuses reads and places beyond maxQueue with THROTTLED, never cancels', async () => {
    const h = makeLimiter({ maxQueue: 3, share: 0.01 });
    h.limiter.reportThrottle('GET /fee-rate', 429, 10_000); // pauses All CLOB routes
    const reads = h.many(3, 'GET /book');
    const over = h.request('POST /order');
    const cancels = h.many(5, 'DELETE /order');
    await flush();
    expect(reads.every((r) => r.error === undefined)).toBe(true);
    expect(over.error?.code).toBe(ErrorCode.THROTTLED);
    expect(over.error?.message).toContain('queue full');
    expect(cancels.every((c) => c.error === undefined)).toBe(true);
    expect(h.limiter.snapshot().queued).toEqual({ cancel: 5, place: 0, read: 3 });
  });

  it('close rejects every waiter with ABORTED, clears its timer and refuses later acquires', async () => {
    const h = makeLimiter();
    h.many(72, 'POST /books');
    const waiting = h.many(3, 'POST /books');
    await flush();
    expect(h.clock.pendingTimers).toBe(1);
    h.limiter.close();
    const after = h.request('GET /book');
    await flush();
    expect(waiting.map((w) => w.error?.code)).toEqual(Array(3).fill(ErrorCode.ABORTED));
    expect(after.error?.code).toBe(ErrorCode.ABORTED);
    expect(h.clock.pendingTimers).toBe(0);
  });
});
