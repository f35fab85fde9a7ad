/**
 * Catalog-surface endpoints over real HTTP: every field of the seed with its JSON type, 400 on a
 * bad parameter (message names it), 404 on unknown resources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectArrayOf, expectError, expectIso, expectShape, SHAPES } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startSimHarness({ markets: 8 });
  // One fill between a synthetic maker and the operator, so positions and the leaderboard have rows.
  const t = tokenWithTick(h, '0.01');
  rest(h, synthetic(h, 0), t.tokenId, 'SELL', '0.40', '20');
  const r = await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.40', size: '20' });
  expect(r.body.status).toBe('matched');
});
afterAll(() => h.close());

describe('GET /markets and GET /markets/{condition_id}', () => {
  it('pages markets with every field of 2.5', async () => {
    const r = await h.request('GET', '/markets', { query: { next_cursor: 'MA==' } });
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.paged);
    const page = r.body as { data: unknown[]; next_cursor: string; count: number; limit: number };
    expectArrayOf(page.data, SHAPES.market, 'data');
    expect(page.count).toBe(8);
    expect(page.next_cursor).toBe('LTE=');
    const one = await h.request('GET', `/markets/${h.sim.world.catalog.markets[0]!.conditionId}`);
    expect(one.status).toBe(200);
    expectShape(one.body, SHAPES.market);
    expect(one.body).toEqual(page.data[0]);
  });

  it('rejects a bad cursor with 400 naming next_cursor, and an unknown market with 404', async () => {
    expectError(await h.request('GET', '/markets', { query: { next_cursor: '!!' } }), 400, 'BAD_PARAMETER', 'next_cursor');
    expectError(await h.request('GET', '/markets/0xdoesnotexist'), 404, 'NOT_FOUND');
  });
});

describe('GET /positions', () => {
  it('returns the operator position with every field of 2.2', async () => {
    const r = await h.request('GET', '/positions', { query: { user: h.credentials.address } });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.position);
    expectIso((r.body as { endDate: string }[])[0]!.endDate);
    expect((r.body as { size: number }[])[0]!.size).toBe(20);
  });

  it('requires user and checks limit, sortBy and title length', async () => {
    expectError(await h.request('GET', '/positions'), 400, 'BAD_PARAMETER', "'user'");
    expectError(await h.request('GET', '/positions', { query: { user: '0xnotanaddress' } }), 400, 'BAD_PARAMETER', "'user'");
    expectError(
      await h.request('GET', '/positions', { query: { user: h.credentials.address, limit: 501 } }),
      400,
      'BAD_PARAMETER',
      "'limit'",
    );
    expectError(
      await h.request('GET', '/positions', { query: { user: h.credentials.address, sortBy: 'NOPE' } }),
      400,
      'BAD_PARAMETER',
      "'sortBy'",
    );
    expectError(
      await h.request('GET', '/positions', { query: { user: h.credentials.address, title: 'a'.repeat(101) } }),
      400,
      'BAD_PARAMETER',
      "'title'",
    );
  });

  it('applies sizeThreshold', async () => {
    const r = await h.request('GET', '/positions', { query: { user: h.credentials.address, sizeThreshold: 21 } });
    expect(r.body).toEqual([]);
  });
});

describe('comments', () => {
  it('lists a user comments and the replies of a comment (2.3)', async () => {
    const cat = h.sim.world.catalog;
    const parent = cat.comments.find((c) => c.parentCommentId === '' && cat.comments.some((r) => r.parentCommentId === c.id))!;
    const byUser = await h.request('GET', `/comments/user_address/${parent.userAddress}`, { query: { limit: 5 } });
    expect(byUser.status).toBe(200);
    expectArrayOf(byUser.body, SHAPES.comment);
    expect((byUser.body as unknown[]).length).toBeLessThanOrEqual(5);
    const replies = await h.request('GET', `/comments/${parent.id}`);
    expect(replies.status).toBe(200);
    expectArrayOf(replies.body, SHAPES.comment);
    expect((replies.body as { parentCommentID: string }[]).every((c) => c.parentCommentID === parent.id)).toBe(true);
  });

  it('checks limit 1..100 and answers 404 for an unknown comment', async () => {
    expectError(await h.request('GET', '/comments/user_address/0xabc', { query: { limit: 0 } }), 400, 'BAD_PARAMETER', "'limit'");
    expectError(await h.request('GET', '/comments/1', { query: { limit: 101 } }), 400, 'BAD_PARAMETER', "'limit'");
    expectError(await h.request('GET', '/comments/no-such-comment'), 404, 'NOT_FOUND');
  });
});

describe('GET /public-search', () => {
  it('finds events and tags (2.11)', async () => {
    const title = h.sim.world.catalog.events[0]!.title;
    const r = await h.request('GET', '/public-search', { query: { q: title.split(' ')[0]!.toLowerCase() } });
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.search);
    expect((r.body as { events: unknown[] }).events.length).toBeGreaterThan(0);
  });

  it('requires q and checks limit_per_type and page', async () => {
    expectError(await h.request('GET', '/public-search'), 400, 'BAD_PARAMETER', "'q'");
    expectError(
      await h.request('GET', '/public-search', { query: { q: 'a', limit_per_type: 501 } }),
      400,
      'BAD_PARAMETER',
      "'limit_per_type'",
    );
    expectError(await h.request('GET', '/public-search', { query: { q: 'a', page: 0 } }), 400, 'BAD_PARAMETER', "'page'");
  });
});

describe('GET /v1/leaderboard', () => {
  it('ranks traders (2.15), the operator among them after its fill', async () => {
    const r = await h.request('GET', '/v1/leaderboard', { query: { orderBy: 'VOL', timePeriod: 'ALL', limit: 50 } });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.leaderboard);
    const me = await h.request('GET', '/v1/leaderboard', { query: { user: h.credentials.address } });
    expect((me.body as { vol: number }[])[0]!.vol).toBe(8); // 20 x 0.40
  });

  it('checks category, limit and offset', async () => {
    expectError(await h.request('GET', '/v1/leaderboard', { query: { category: 'NOPE' } }), 400, 'BAD_PARAMETER', "'category'");
    expectError(await h.request('GET', '/v1/leaderboard', { query: { limit: 51 } }), 400, 'BAD_PARAMETER', "'limit'");
    expectError(await h.request('GET', '/v1/leaderboard', { query: { offset: 1001 } }), 400, 'BAD_PARAMETER', "'offset'");
  });
});

describe('tags, events, creators', () => {
  it('GET /tags (2.12)', async () => {
    const r = await h.request('GET', '/tags', { query: { limit: 3 } });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.tag);
    expect((r.body as unknown[]).length).toBe(3);
    expectError(await h.request('GET', '/tags', { query: { limit: 101 } }), 400, 'BAD_PARAMETER', "'limit'");
  });

  it('GET /events/slug/{slug} (2.13) and 404 for an unknown slug', async () => {
    const ev = h.sim.world.catalog.events[0]!;
    const r = await h.request('GET', `/events/slug/${ev.slug}`);
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.event);
    expect((r.body as { markets: unknown[] }).markets.length).toBeGreaterThan(0);
    expectError(await h.request('GET', '/events/slug/no-such-event'), 404, 'NOT_FOUND');
  });

  it('GET /events/creators (2.14)', async () => {
    const r = await h.request('GET', '/events/creators', { query: { ascending: true } });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.creator);
    expectError(await h.request('GET', '/events/creators', { query: { ascending: 'maybe' } }), 400, 'BAD_PARAMETER', "'ascending'");
  });
});

describe('routing', () => {
  it('answers 404 with the error body for an unknown route or method', async () => {
    expectError(await h.request('GET', '/no/such/route'), 404, 'NOT_FOUND');
    expectError(await h.request('PUT', '/markets'), 404, 'NOT_FOUND');
  });
});
