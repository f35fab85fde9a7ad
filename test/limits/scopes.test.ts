/** Each scope of the table binds at floor(capacity x 0.9), and only the routes that count in it. */
import { describe, expect, it } from 'vitest';
import { flush, makeLimiter, T0 } from './support.js';

const usedOf = (l: ReturnType<typeof makeLimiter>['limiter'], scope: string, window = 'window'): number =>
  l.snapshot().windows.find((w) => w.scope === scope && w.window === window)!.used;

describe('per-route scopes bind at their effective capacity', () => {
  const rows: [route: string, effective: number][] = [
    ['GET /events', 450],
    ['GET /markets', 270],
    ['GET /tags', 180],
    ['GET /public-search', 315],
    ['GET /', 45],
    ['GET /book', 180],
    ['POST /books', 72],
    ['GET /price', 180],
    ['POST /prices', 72],
    ['GET /midpoint', 180],
    ['GET /prices-history', 90],
    ['POST /batch-prices-history', 72],
    ['GET /data/trades', 135],
  ];
  for (const [route, effective] of rows) {
    it(`${route}: ${effective} per 10 s`, async () => {
      const h = makeLimiter();
      const reqs = h.many(effective + 3, route);
      await flush();
      expect(h.admittedCount(reqs)).toBe(effective);
      expect(usedOf(h.limiter, route)).toBe(effective);
      // a route of the same surface without a row of its own is not held back by this row
      const other = h.request(
        route.startsWith('GET /e') || route.startsWith('GET /m') || route.startsWith('GET /t') || route.startsWith('GET /pu')
          ? 'GET /positions'
          : 'GET /fee-rate',
      );
      await flush();
      expect(other.ticket).toBeDefined();
      h.clock.advanceTo(T0 + 10_001);
      await flush();
      expect(h.admittedCount(reqs)).toBe(effective + 3);
    });
  }
});

describe('surface and combined scopes', () => {
  it('All catalog routes: 3,600 per 10 s across every catalog route; CLOB unaffected', async () => {
    const h = makeLimiter();
    const a = h.many(3_000, 'GET /markets/{condition_id}');
    const b = h.many(600, 'GET /events/slug/{slug}');
    const c = h.many(2, 'GET /tags');
    const clob = h.request('GET /book');
    await flush();
    expect(h.admittedCount([...a, ...b])).toBe(3_600);
    expect(h.admittedCount(c)).toBe(0);
    expect(clob.ticket).toBeDefined();
    expect(usedOf(h.limiter, 'catalog:all')).toBe(3_600);
  });

  it('All CLOB routes: 4,500 per 10 s, cancels included; catalog unaffected', async () => {
    const h = makeLimiter({ cancelReserve: 0 });
    const reads = h.many(4_500, 'GET /fee-rate');
    const cancel = h.request('DELETE /order');
    const cat = h.request('GET /tags');
    await flush();
    expect(h.admittedCount(reads)).toBe(4_500);
    expect(cancel.ticket).toBeUndefined();
    expect(cat.ticket).toBeDefined();
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(cancel.ticket?.admittedAtMs).toBe(T0 + 10_001);
  });

  it('Combined event and market listings counts GET /events and GET /markets together (810 > 450 + 270, so never the binding one)', async () => {
    const h = makeLimiter();
    h.many(460, 'GET /events');
    h.many(280, 'GET /markets');
    h.many(5, 'GET /events/slug/{slug}');
    await flush();
    const listings = h.limiter.snapshot().windows.find((w) => w.scope === 'catalog:listings')!;
    expect(listings).toMatchObject({ capacity: 810, venueCapacity: 900, used: 720 });
    expect(listings.headroom).toBeCloseTo(90 / 810, 12);
    expect(usedOf(h.limiter, 'catalog:all')).toBe(725);
  });
});

describe('trading writes: burst and sustained', () => {
  it('POST /order: 2,160 per 10 s (places admitted and released a few at a time)', async () => {
    const h = makeLimiter({ cancelReserve: 0 });
    const places = [];
    for (let i = 0; i < 45; i++) {
      places.push(...h.many(50, 'POST /order'));
      await flush(); // tickets released
      h.clock.advance(1);
    }
    await flush();
    expect(h.admittedCount(places)).toBe(2_160);
    expect(usedOf(h.limiter, 'POST /order', 'burst')).toBe(2_160);
    expect(usedOf(h.limiter, 'POST /order', 'sustained')).toBe(2_160);
    expect(usedOf(h.limiter, 'clob:all')).toBe(2_160);
  });

  it('DELETE /order: 2,160 per 10 s and 21,600 per 10 min; the 11th burst waits for the first to leave the 10-minute window', async () => {
    const h = makeLimiter();
    for (let k = 0; k < 10; k++) {
      h.clock.advanceTo(T0 + k * 10_001);
      h.many(2_161, 'DELETE /order'); // one more than a burst: it waits for the next burst window
      await flush();
      expect(h.log.filter((e) => e.at === T0 + k * 10_001).length).toBe(2_160);
    }
    // 10 leftovers wait (one per burst); the burst window reopens, but the sustained one is full
    h.clock.advanceTo(T0 + 10 * 10_001);
    await flush();
    expect(usedOf(h.limiter, 'DELETE /order', 'sustained')).toBe(21_600);
    const late = h.request('DELETE /order');
    h.clock.advanceTo(T0 + 600_000);
    await flush();
    expect(late.ticket).toBeUndefined();
    h.clock.advanceTo(T0 + 600_001);
    await flush();
    expect(late.ticket?.admittedAtMs).toBe(T0 + 600_001);
    expect(h.log.filter((e) => e.at === T0 + 600_001).length).toBe(11);
    expect(h.log.filter((e) => e.at > T0 + 90_009 && e.at < T0 + 600_001).length).toBe(0);
  });
});
