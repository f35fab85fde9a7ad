/** What acquire() accepts: the class defaults to the route's own, and bad arguments are refused. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { RateLimiter } from '../../src/limits/rate-limiter.js';
import type { PriorityClass } from '../../src/limits/request-gate.js';
import { rejectionOf } from '../support/catch-error.js';
import { flush, T0 } from './support.js';

describe('acquire arguments', () => {
  it('without a class, a route takes its own: DELETE /order is a cancel, POST /order a place, the rest reads', async () => {
    const clock = new FakeClock(T0);
    const limiter = new RateLimiter({ clock, maxInFlightPerKey: 1 });
    const first = await limiter.acquire('GET /book'); // holds the only slot
    const order: string[] = [];
    for (const route of ['GET /tags', 'POST /order', 'DELETE /order']) {
      void limiter.acquire(route).then((t) => {
        order.push(`${t.route} ${t.cls}`);
        t.release();
      });
    }
    await flush();
    expect(order).toEqual([]);
    first.release();
    await flush();
    expect(order).toEqual(['DELETE /order cancel', 'POST /order place', 'GET /tags read']);
    limiter.close();
  });

  it('refuses an unknown class and a NaN deadline with BAD_PARAMETER, queueing nothing', async () => {
    const limiter = new RateLimiter({ clock: new FakeClock(T0) });
    const badClass = await rejectionOf(limiter.acquire('GET /book', 'urgent' as PriorityClass));
    expect(badClass.code).toBe(ErrorCode.BAD_PARAMETER);
    expect(badClass.field).toBe('class');
    const badDeadline = await rejectionOf(limiter.acquire('GET /book', 'read', { deadlineMs: Number.NaN }));
    expect(badDeadline.code).toBe(ErrorCode.BAD_PARAMETER);
    expect(badDeadline.field).toBe('deadlineMs');
    const s = limiter.snapshot();
    expect(s.queued).toEqual({ cancel: 0, place: 0, read: 0 });
    expect(s.admitted).toEqual({ cancel: 0, place: 0, read: 0 });
    limiter.close();
  });
});
