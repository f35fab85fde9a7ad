import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/routes.js';
import { KNOWN_ROUTES, LIMIT_TABLE, scopesOfRoute, surfaceOf } from '../../src/limits/limit-table.js';
import { effectiveCapacity, resolveLimiterSettings } from '../../src/limits/limiter-options.js';
import { isMakerdError, ErrorCode } from '../../src/errors.js';

const ids = (route: string): string[] | undefined => scopesOfRoute(route)?.map((s) => s.id);

describe('limit table (venue-api.md 8.1-8.3)', () => {
  it('holds every row of the seed with its capacity and window', () => {
    const rows = LIMIT_TABLE.map((s) => [s.label, ...s.windows.map((w) => `${w.capacity}/${w.windowMs}`)].join(' '));
    expect(rows).toEqual([
      'All catalog routes 4000/10000',
      'GET /events 500/10000',
      'GET /markets 300/10000',
      'Combined event and market listings 900/10000',
      'GET /tags 200/10000',
      'GET /public-search 350/10000',
      'All CLOB routes 5000/10000',
      'GET / 50/10000',
      'GET /book 200/10000',
      'POST /books 80/10000',
      'GET /price 200/10000',
      'POST /prices 80/10000',
      'GET /midpoint 200/10000',
      'GET /prices-history 100/10000',
      'POST /batch-prices-history 80/10000',
      'GET /data/trades 150/10000',
      'POST /order 2400/10000 24000/600000',
      'DELETE /order 2400/10000 24000/600000',
    ]);
  });

  it('maps each route to every scope it counts against', () => {
    expect(ids('GET /events')).toEqual(['catalog:all', 'GET /events', 'catalog:listings']);
    expect(ids('GET /markets')).toEqual(['catalog:all', 'GET /markets', 'catalog:listings']);
    expect(ids('GET /markets/{condition_id}')).toEqual(['catalog:all']);
    expect(ids('GET /events/slug/{slug}')).toEqual(['catalog:all']);
    expect(ids('GET /tags')).toEqual(['catalog:all', 'GET /tags']);
    expect(ids('GET /public-search')).toEqual(['catalog:all', 'GET /public-search']);
    expect(ids('GET /positions')).toEqual(['catalog:all']);
    expect(ids('POST /books')).toEqual(['clob:all', 'POST /books']);
    expect(ids('GET /')).toEqual(['clob:all', 'GET /']);
    expect(ids('GET /data/trades')).toEqual(['clob:all', 'GET /data/trades']);
    expect(ids('GET /data/orders')).toEqual(['clob:all']);
    expect(ids('POST /order')).toEqual(['clob:all', 'POST /order']);
    expect(ids('DELETE /order')).toEqual(['clob:all', 'DELETE /order']);
    expect(ids('DELETE /cancel-market-orders')).toEqual(['clob:all']);
    expect(ids('GET /fee-rate')).toEqual(['clob:all']);
    expect(ids('GET /nope')).toBeUndefined();
  });

  it('knows every ENDPOINTS route and the table-only routes, with their surfaces', () => {
    for (const d of Object.values(ENDPOINTS)) expect(surfaceOf(d.route)).toBe(d.surface);
    expect(surfaceOf('GET /events')).toBe('catalog');
    for (const r of ['GET /', 'GET /price', 'POST /prices', 'GET /midpoint', 'GET /prices-history', 'POST /batch-prices-history']) {
      expect(surfaceOf(r)).toBe('clob');
    }
    expect(KNOWN_ROUTES.length).toBe(Object.keys(ENDPOINTS).length + 6);
  });
});

describe('limiter settings', () => {
  it('effective capacity is floor(capacity x share x safety), at least 1', () => {
    expect(effectiveCapacity(80, 1, 0.9)).toBe(72);
    expect(effectiveCapacity(300, 1, 0.9)).toBe(270);
    expect(effectiveCapacity(5_000, 0.5, 0.9)).toBe(2_250);
    expect(effectiveCapacity(80, 0.25, 0.9)).toBe(18);
    expect(effectiveCapacity(50, 0.001, 0.9)).toBe(1);
  });

  it('fills defaults and refuses out-of-range values with a CONFIG error naming the key', () => {
    expect(resolveLimiterSettings({})).toEqual({
      safety: 0.9,
      share: 1,
      cancelReserve: 10,
      maxInFlight: 48,
      maxInFlightPerKey: 48,
      defaultRetryAfterMs: 1_000,
      maxQueue: 10_000,
    });
    const bad: [string, object][] = [
      ['limits.safety', { safety: 0 }],
      ['limits.safety', { safety: 1.1 }],
      ['limits.share', { share: -0.5 }],
      ['limits.share', { share: Number.NaN }],
      ['limits.cancelReserve', { cancelReserve: 1.5 }],
      ['limits.maxInFlight', { maxInFlight: 0 }],
      ['limits.maxInFlightPerKey', { maxInFlightPerKey: -1 }],
      ['limits.defaultRetryAfterMs', { defaultRetryAfterMs: Infinity }],
      ['limits.maxQueue', { maxQueue: 0 }],
    ];
    for (const [field, partial] of bad) {
      let caught: unknown;
      try {
        resolveLimiterSettings(partial);
      } catch (e) {
        caught = e;
      }
      expect(isMakerdError(caught, ErrorCode.CONFIG)).toBe(true);
      expect((caught as { field: string }).field).toBe(field);
      expect((caught as Error).message).toContain(field);
    }
  });
});
