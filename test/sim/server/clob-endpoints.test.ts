/**
 * Order-book (CLOB) read endpoints over real HTTP: shapes of 2.4-2.9 and 2.17, batch validation,
 * 404 for unknown tokens and markets, listings with cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectArrayOf, expectError, expectShape, SHAPES } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

let h: SimHarness;
let tokenId: string;
let conditionId: string;

beforeAll(async () => {
  h = await startSimHarness({ markets: 6 });
  const t = tokenWithTick(h, '0.01');
  tokenId = t.tokenId;
  conditionId = t.conditionId;
  rest(h, synthetic(h, 0), tokenId, 'BUY', '0.45', '30');
  rest(h, synthetic(h, 0), tokenId, 'BUY', '0.44', '10');
  rest(h, synthetic(h, 1), tokenId, 'SELL', '0.55', '25');
  // A fill for GET /trades.
  expect((await postOrder(h, { tokenId, side: 'BUY', price: '0.55', size: '5' })).body.status).toBe('matched');
});
afterAll(() => h.close());

describe('POST /books', () => {
  it('answers one snapshot per requested token, in order, with every field of 2.4', async () => {
    const other = h.sim.world.lookup.tokens()[1]!.tokenId;
    const r = await h.request('POST', '/books', { body: [{ token_id: tokenId }, { token_id: other }] });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.book);
    const [b] = r.body as { asset_id: string; market: string; bids: unknown; asks: unknown; timestamp: string }[];
    expect((r.body as { asset_id: string }[]).map((x) => x.asset_id)).toEqual([tokenId, other]);
    expect(b!.market).toBe(conditionId);
    expect(b!.bids).toEqual([
      { price: '0.45', size: '30' },
      { price: '0.44', size: '10' },
    ]);
    expect(b!.asks).toEqual([{ price: '0.55', size: '20' }]);
    expect(b!.timestamp).toBe(String(h.clock.now()));
  });

  it('rejects bad batches with 400 naming the parameter', async () => {
    expectError(await h.request('POST', '/books', { body: '{not json' }), 400, 'BAD_PARAMETER', "'body'");
    expectError(await h.request('POST', '/books', { body: {} }), 400, 'BAD_PARAMETER', "'body'");
    expectError(await h.request('POST', '/books', { body: [] }), 400, 'BAD_PARAMETER', "'body'");
    expectError(
      await h.request('POST', '/books', { body: [{ token_id: tokenId }, { id: 'x' }] }),
      400,
      'BAD_PARAMETER',
      "'body[1].token_id'",
    );
    expectError(await h.request('POST', '/books', { body: [{ token_id: 'nope:0' }] }), 400, 'BAD_PARAMETER', "'body[0].token_id'");
    const many = Array.from({ length: 501 }, () => ({ token_id: tokenId }));
    expectError(await h.request('POST', '/books', { body: many }), 400, 'BAD_PARAMETER', "'body'");
  });
});

describe('GET /book', () => {
  it('answers the snapshot, 404 for an unknown token, 400 without token_id', async () => {
    const r = await h.request('GET', '/book', { query: { token_id: tokenId } });
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.book);
    expect((r.body as { tick_size: string }).tick_size).toBe('0.01');
    expectError(await h.request('GET', '/book', { query: { token_id: 'nope:0' } }), 404, 'NOT_FOUND');
    expectError(await h.request('GET', '/book'), 400, 'BAD_PARAMETER', "'token_id'");
  });
});

describe('POST /midpoints', () => {
  it('maps each token with both sides to (best bid + best ask) / 2 (2.17)', async () => {
    const empty = tokenWithTick(h, '0.01', 1).tokenId;
    const r = await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }, { token_id: empty }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ [tokenId]: '0.5' });
    expectError(await h.request('POST', '/midpoints', { body: [{ token_id: 7 }] }), 400, 'BAD_PARAMETER', "'body[0].token_id'");
  });
});

describe('GET /trades', () => {
  it('lists fills with every field of 2.1 and applies filters', async () => {
    const r = await h.request('GET', '/trades', { query: { user: h.credentials.address } });
    expect(r.status).toBe(200);
    expectArrayOf(r.body, SHAPES.tradeFill);
    const [f] = r.body as { price: number; size: number; usdcSize: number; side: string; asset: string }[];
    expect(f).toMatchObject({ price: 0.55, size: 5, usdcSize: 2.75, side: 'BUY', asset: tokenId });
    const sells = await h.request('GET', '/trades', { query: { user: h.credentials.address, side: 'SELL' } });
    expect(sells.body).toEqual([]);
    const big = await h.request('GET', '/trades', { query: { filterType: 'CASH', filterAmount: 3 } });
    expect(big.body).toEqual([]);
  });

  it('checks limit, side and the filterType/filterAmount pair', async () => {
    expectError(await h.request('GET', '/trades', { query: { limit: 10001 } }), 400, 'BAD_PARAMETER', "'limit'");
    expectError(await h.request('GET', '/trades', { query: { side: 'HOLD' } }), 400, 'BAD_PARAMETER', "'side'");
    expectError(await h.request('GET', '/trades', { query: { filterType: 'CASH' } }), 400, 'BAD_PARAMETER', "'filterAmount'");
    expectError(await h.request('GET', '/trades', { query: { takerOnly: 'yes' } }), 400, 'BAD_PARAMETER', "'takerOnly'");
  });
});

describe('GET /fee-rate and GET /clob-markets/{condition_id}', () => {
  it('answers the default and per-token fee rate (2.9), 404 for an unknown token', async () => {
    const d = await h.request('GET', '/fee-rate');
    expect(d.status).toBe(200);
    expectShape(d.body, SHAPES.feeRate);
    const t = await h.request('GET', '/fee-rate', { query: { token_id: tokenId } });
    expectShape(t.body, SHAPES.feeRate);
    expectError(await h.request('GET', '/fee-rate', { query: { token_id: 'nope:0' } }), 404, 'NOT_FOUND');
    expectError(await h.request('GET', '/fee-rate', { query: { token_id: '' } }), 400, 'BAD_PARAMETER', "'token_id'");
  });

  it('answers order-book settings (2.8), 404 for an unknown market', async () => {
    const r = await h.request('GET', `/clob-markets/${conditionId}`);
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.clobMarket);
    expect((r.body as { mts: number }).mts).toBe(0.01);
    expectError(await h.request('GET', '/clob-markets/0xnope'), 404, 'NOT_FOUND');
  });
});

describe('simplified listings', () => {
  for (const path of ['/simplified-markets', '/sampling-simplified-markets']) {
    it(`${path} answers the paged envelope of 2.6 and checks the cursor`, async () => {
      const r = await h.request('GET', path);
      expect(r.status).toBe(200);
      expectShape(r.body, SHAPES.paged);
      const page = r.body as { data: unknown[]; next_cursor: string; count: number };
      expect(page.count).toBe(page.data.length);
      expect(page.next_cursor).toBe('LTE=');
      if (page.data.length > 0) expectArrayOf(page.data, SHAPES.simplifiedMarket, 'data');
      const end = await h.request('GET', path, { query: { next_cursor: 'LTE=' } });
      expect((end.body as { data: unknown[] }).data).toEqual([]);
      expectError(await h.request('GET', path, { query: { next_cursor: 'bm9wZQ==' } }), 400, 'BAD_PARAMETER', 'next_cursor');
    });
  }

  it('/simplified-markets lists every market', async () => {
    const r = await h.request('GET', '/simplified-markets');
    expect((r.body as { count: number }).count).toBe(6);
  });
});
