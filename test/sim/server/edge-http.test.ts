/**
 * The limits at the edge over real HTTP (venue-api.md section 8): 429 with Retry-After and the
 * error body, counted in throttled_total (and, apart from injected storms, in edge_throttled_total by
 * scope), on the injected clock; `/_sim/*` is never limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('edge limits over HTTP', () => {
  it('admits 80 POST /books per 10 s and answers the 81st with 429 and Retry-After', async () => {
    h = await startSimHarness({ markets: 1 });
    const body = [{ token_id: h.sim.world.lookup.tokens()[0]!.tokenId }];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await h.request('POST', '/books', { body })).status);
    h.clock.advance(4_200);
    for (let i = 0; i < 40; i++) statuses.push((await h.request('POST', '/books', { body })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const r = await h.request('POST', '/books', { body });
    expectError(r, 429, 'THROTTLED', 'POST /books');
    expect(r.headers.get('retry-after')).toBe('6'); // ceil(5.8 s) until the first 40 leave
    // Other CLOB routes still have room.
    expect((await h.request('GET', '/book', { query: { token_id: body[0]!.token_id } })).status).toBe(200);

    h.clock.advance(5_800);
    expect((await h.request('POST', '/books', { body })).status).toBe(200);
    const s = await h.stats();
    expect(s.throttled_total).toBe(1);
    expect((s.requests_by_route as Record<string, number>)['POST /books']).toBe(82);
  });

  it('scales capacities and limits trading writes and authenticated reads too', async () => {
    h = await startSimHarness({ markets: 1, edgeLimits: { scale: 0.02 } }); // GET /data/trades: 3 per 10 s
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await h.signed('GET', '/data/trades')).status);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    for (let i = 0; i < 100; i++) await h.request('GET', '/_sim/stats');
    expect((await h.stats()).throttled_total).toBe(2);
  });

  it("counts the edge limits' own 429s by scope apart from an injected storm's", async () => {
    h = await startSimHarness({ markets: 1, edgeLimits: { scale: 0.02 } }); // POST /books: 1 per 10 s
    const body = [{ token_id: h.sim.world.lookup.tokens()[0]!.tokenId }];
    expect((await h.request('POST', '/books', { body })).status).toBe(200);
    expect((await h.request('POST', '/books', { body })).status).toBe(429);
    expect((await h.request('POST', '/books', { body })).status).toBe(429);
    expect((await h.request('POST', '/_sim/faults', { body: { throttleStormMs: 5_000 } })).status).toBe(200);
    expect((await h.request('GET', '/book', { query: { token_id: body[0]!.token_id } })).status).toBe(429);
    const s = await h.stats();
    expect(s.throttled_total).toBe(3);
    expect(s.edge_throttled_total).toBe(2);
    expect(s.edge_throttled_by_scope).toEqual({ 'POST /books': 2 });
    expect(s.faults_injected).toEqual({ storm: 1 });
  });

  it('can be disabled', async () => {
    h = await startSimHarness({ markets: 1, edgeLimits: { enabled: false } });
    const body = [{ token_id: h.sim.world.lookup.tokens()[0]!.tokenId }];
    for (let i = 0; i < 100; i++) expect((await h.request('POST', '/books', { body })).status).toBe(200);
  });
});
