import { describe, expect, it } from 'vitest';
import { EdgeLimits } from '../../../src/sim/server/edge-limits.js';

const T0 = 1_700_000_000_000;

function fill(l: EdgeLimits, route: string, surface: 'catalog' | 'clob', n: number, now: number): number {
  let admitted = 0;
  for (let i = 0; i < n; i++) if (l.admit(route, surface, now).admitted) admitted++;
  return admitted;
}

describe('EdgeLimits (venue-api.md section 8, counted per trailing window)', () => {
  it('admits 80 POST /books in 10 s, throttles the 81st with Retry-After until the oldest leaves', () => {
    const l = new EdgeLimits({ enabled: true, scale: 1 });
    expect(fill(l, 'POST /books', 'clob', 40, T0)).toBe(40);
    expect(fill(l, 'POST /books', 'clob', 40, T0 + 3_500)).toBe(40);
    const d = l.admit('POST /books', 'clob', T0 + 3_500);
    expect(d).toEqual({ admitted: false, scope: 'POST /books', retryAfterSec: 7 });
    // Just before the first 40 leave the window: still full. At exactly +10 s they have left.
    expect(l.admit('POST /books', 'clob', T0 + 9_999).admitted).toBe(false);
    expect(fill(l, 'POST /books', 'clob', 41, T0 + 10_000)).toBe(40);
  });

  it('does not count throttled requests as admitted', () => {
    const l = new EdgeLimits({ enabled: true, scale: 1 });
    fill(l, 'POST /books', 'clob', 200, T0);
    expect(l.usage(T0).find((u) => u.scope === 'POST /books')!.used).toBe(80);
    expect(l.usage(T0).find((u) => u.scope === 'All CLOB routes')!.used).toBe(80);
  });

  it('counts GET /events and GET /markets in the combined listings window, GET /markets/{id} only in the catalog window', () => {
    const l = new EdgeLimits({ enabled: true, scale: 1 });
    expect(l.scopesOf('GET /markets', 'catalog')).toEqual(['All catalog routes', 'GET /markets', 'Combined event and market listings']);
    expect(l.scopesOf('GET /markets/{condition_id}', 'catalog')).toEqual(['All catalog routes']);
    expect(l.scopesOf('DELETE /cancel-market-orders', 'clob')).toEqual(['All CLOB routes']);
    expect(l.scopesOf('POST /order', 'clob')).toEqual(['All CLOB routes', 'POST /order burst', 'POST /order sustained']);
    expect(fill(l, 'GET /markets', 'catalog', 300, T0)).toBe(300);
    expect(fill(l, 'GET /events', 'catalog', 700, T0)).toBe(500);
    expect(l.admit('GET /events', 'catalog', T0)).toMatchObject({ admitted: false, scope: 'GET /events' });
    const used = Object.fromEntries(l.usage(T0).map((u) => [u.scope, u.used]));
    expect(used['Combined event and market listings']).toBe(800);
    expect(used['All catalog routes']).toBe(800);
  });

  it('enforces the surface-wide window across routes', () => {
    const l = new EdgeLimits({ enabled: true, scale: 0.01 }); // catalog-wide 40, tags 2, positions no row
    expect(fill(l, 'GET /positions', 'catalog', 50, T0)).toBe(40);
    expect(l.admit('GET /tags', 'catalog', T0)).toMatchObject({ admitted: false, scope: 'All catalog routes', retryAfterSec: 10 });
    // The CLOB surface is independent.
    expect(l.admit('GET /book', 'clob', T0).admitted).toBe(true);
  });

  it('holds trading writes to burst and sustained windows', () => {
    const l = new EdgeLimits({ enabled: true, scale: 0.01 }); // burst 24 / 10 s, sustained 240 / 10 min, CLOB-wide 50
    let admitted = 0;
    for (let s = 0; s < 60; s++) admitted += fill(l, 'POST /order', 'clob', 30, T0 + s * 10_000);
    // 24 per 10 s would give 1440 in 10 minutes; the sustained window caps it at 240.
    expect(admitted).toBe(240);
    const d = l.admit('POST /order', 'clob', T0 + 590_000);
    expect(d).toMatchObject({ admitted: false, scope: 'POST /order sustained', retryAfterSec: 10 });
    // DELETE /order has windows of its own.
    expect(l.admit('DELETE /order', 'clob', T0 + 590_000).admitted).toBe(true);
  });

  it('admits everything when disabled', () => {
    const l = new EdgeLimits({ enabled: false, scale: 1 });
    expect(fill(l, 'POST /books', 'clob', 500, T0)).toBe(500);
  });
});
