/** 429 / 425 handling: which scope pauses, for how long, counted and logged. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, isMakerdError } from '../../src/errors.js';
import { flush, makeLimiter, T0 } from './support.js';

function withLogger() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const h = makeLimiter({
    defaultRetryAfterMs: 1_500,
    logger: { warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
  });
  return { ...h, warnings };
}

const throttlesOf = (h: ReturnType<typeof makeLimiter>, scope: string) => h.limiter.snapshot().throttles.find((t) => t.scope === scope)!;

describe('reportThrottle', () => {
  it('429 with Retry-After pauses the route own row for exactly that long; other routes go on', async () => {
    const h = withLogger();
    h.limiter.reportThrottle('POST /books', 429, 2_000);
    const books = h.request('POST /books');
    const book = h.request('GET /book');
    await flush();
    expect(books.ticket).toBeUndefined();
    expect(book.ticket?.admittedAtMs).toBe(T0);
    h.clock.advanceTo(T0 + 1_999);
    await flush();
    expect(books.ticket).toBeUndefined();
    h.clock.advanceTo(T0 + 2_000);
    await flush();
    expect(books.ticket?.admittedAtMs).toBe(T0 + 2_000);
    expect(throttlesOf(h, 'POST /books')).toEqual({ scope: 'POST /books', status429: 1, status425: 0 });
    expect(h.warnings).toEqual([
      {
        obj: { route: 'POST /books', status: 429, retryAfterMs: 2_000, pausedScopes: ['POST /books'], pausedUntilMs: T0 + 2_000 },
        msg: 'venue throttled a request; pausing its scope',
      },
    ]);
  });

  it('429 without Retry-After pauses for the configured default', async () => {
    const h = withLogger();
    h.limiter.reportThrottle('DELETE /order', 429, undefined);
    const c = h.request('DELETE /order');
    h.clock.advanceTo(T0 + 1_499);
    await flush();
    expect(c.ticket).toBeUndefined();
    h.clock.advanceTo(T0 + 1_500);
    await flush();
    expect(c.ticket?.admittedAtMs).toBe(T0 + 1_500);
    expect(h.limiter.snapshot().windows.find((w) => w.scope === 'DELETE /order' && w.window === 'burst')!.pausedForMs).toBe(0);
  });

  it('429 on a route without its own row pauses its surface window (all CLOB routes, cancels included)', async () => {
    const h = withLogger();
    h.limiter.reportThrottle('GET /fee-rate', 429, 3_000);
    const cancel = h.request('DELETE /order');
    const cat = h.request('GET /tags');
    await flush();
    expect(cancel.ticket).toBeUndefined();
    expect(cat.ticket).toBeDefined();
    expect(throttlesOf(h, 'clob:all').status429).toBe(1);
    expect(h.limiter.snapshot().windows.find((w) => w.scope === 'clob:all')!.pausedForMs).toBe(3_000);
  });

  it('425 (venue restarting) pauses the whole surface; a later, shorter pause does not shorten it', async () => {
    const h = withLogger();
    h.limiter.reportThrottle('GET /book', 425, 5_000);
    h.limiter.reportThrottle('GET /book', 429, 100);
    const cancel = h.request('DELETE /order');
    const markets = h.request('GET /markets');
    await flush();
    expect(cancel.ticket).toBeUndefined();
    expect(markets.ticket).toBeDefined();
    h.clock.advanceTo(T0 + 5_000);
    await flush();
    expect(cancel.ticket?.admittedAtMs).toBe(T0 + 5_000);
    expect(throttlesOf(h, 'clob:all')).toEqual({ scope: 'clob:all', status429: 0, status425: 1 });
    expect(throttlesOf(h, 'GET /book').status429).toBe(1);
  });

  it('refuses an unknown route with a BAD_PARAMETER error', async () => {
    const h = withLogger();
    expect(() => h.limiter.reportThrottle('GET /nope', 429, 1)).toThrow(/unknown route 'GET \/nope'/);
    const r = h.request('PUT /book');
    await flush();
    expect(isMakerdError(r.error, ErrorCode.BAD_PARAMETER)).toBe(true);
    expect(r.error?.field).toBe('route');
  });
});
