/**
 * Faults on demand, switched at runtime through POST /_sim/faults: latency, 5xx, 429 storms,
 * connection resets, 425 maintenance, frozen books, malformed answers. `/_sim/*` is exempt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBookSnapshot } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

let h: SimHarness;
let tokenId: string;
beforeAll(async () => {
  h = await startSimHarness({ markets: 4, edgeLimits: { enabled: false } });
  tokenId = tokenWithTick(h, '0.01').tokenId;
  rest(h, synthetic(h, 0), tokenId, 'BUY', '0.40', '20');
  rest(h, synthetic(h, 1), tokenId, 'SELL', '0.60', '20');
  await postOrder(h, { tokenId, side: 'BUY', price: '0.60', size: '5' });
});
afterAll(() => h.close());
afterEach(async () => {
  const r = await h.setFaults({
    latencyMs: 0,
    latencyJitterMs: 0,
    errorRate: 0,
    resetRate: 0,
    throttleStormMs: 0,
    maintenanceMs: 0,
    frozenBooks: false,
    malformed: null,
    wsDropRate: 0,
  });
  expect(r.status).toBe(200);
});

const book = () => h.request<OrderBookSnapshot>('GET', '/book', { query: { token_id: tokenId } });

describe('faults', () => {
  it('adds latency with jitter to venue answers only', async () => {
    // Wide margins: the suite runs files in parallel on small machines.
    await h.setFaults({ latencyMs: 150, latencyJitterMs: 10 });
    let t = performance.now();
    expect((await book()).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(149);
    t = performance.now();
    await h.stats();
    expect(performance.now() - t).toBeLessThan(100);
  });

  it('answers 500 at errorRate 1 and never for /_sim', async () => {
    await h.setFaults({ errorRate: 1 });
    expectError(await book(), 500, 'VENUE_FAULT');
    expectError(await h.signed('GET', '/data/orders'), 500, 'VENUE_FAULT');
    expect((await h.request('GET', '/_sim/faults')).status).toBe(200);
    expect(((await h.stats()).faults_injected as Record<string, number>).error).toBeGreaterThanOrEqual(2);
  });

  it('runs a 429 storm for a period of the clock, with Retry-After counting down', async () => {
    await h.setFaults({ throttleStormMs: 5_000 });
    const r = await book();
    expectError(r, 429, 'THROTTLED', 'storm');
    expect(r.headers.get('retry-after')).toBe('5');
    h.clock.advance(2_500);
    expect((await h.request('GET', '/markets')).headers.get('retry-after')).toBe('3');
    h.clock.advance(2_500);
    expect((await book()).status).toBe(200);
  });

  it('answers 425 with Retry-After during a maintenance window', async () => {
    await h.setFaults({ maintenanceMs: 60_000 });
    const r = await h.signed('POST', '/order', { body: {} });
    expectError(r, 425, 'VENUE_RESTARTING');
    expect(r.headers.get('retry-after')).toBe('60');
    h.clock.advance(60_000);
    expect((await book()).status).toBe(200);
  });

  it('resets connections without an answer', async () => {
    await h.setFaults({ resetRate: 1 });
    await expect(book()).rejects.toThrow();
    await h.setFaults({ resetRate: 0 });
    expect((await book()).status).toBe(200);
  });

  it('freezes books: the same stale snapshot until thawed', async () => {
    const before = (await book()).body;
    await h.setFaults({ frozenBooks: true });
    const frozen = (await book()).body;
    h.clock.advance(10_000);
    rest(h, synthetic(h, 2), tokenId, 'BUY', '0.45', '20');
    const later = (await book()).body;
    expect(later).toEqual(frozen);
    expect(later.timestamp).toBe(before.timestamp);
    const batch = await h.request<OrderBookSnapshot[]>('POST', '/books', { body: [{ token_id: tokenId }] });
    expect(batch.body[0]).toEqual(frozen);
    const mid = await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }] });
    expect(mid.body).toEqual({ [tokenId]: '0.5' });
    await h.setFaults({ frozenBooks: false });
    const thawed = (await book()).body;
    expect(thawed.bids[0]).toEqual({ price: '0.45', size: '20' });
    expect(thawed.timestamp).toBe(String(h.clock.now()));
    expect((await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }] })).body).toEqual({ [tokenId]: '0.525' });
  });

  it("malforms books, midpoints and trades: 'price' non-numeric", async () => {
    await h.setFaults({ malformed: { kind: 'price', rate: 1 } });
    expect((await book()).body.bids[0]!.price).toBe('not-a-price');
    expect((await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }] })).body).toEqual({ [tokenId]: 'not-a-price' });
    expect((await h.request<{ price: unknown }[]>('GET', '/trades')).body[0]!.price).toBe('not-a-price');
    // Other routes are untouched.
    expect((await h.request<{ tick_size: string }>('GET', '/fee-rate')).status).toBe(200);
  });

  it("malforms: 'size' negative, 'missing' a required field", async () => {
    await h.setFaults({ malformed: { kind: 'size', rate: 1 } });
    const b = (await h.request<OrderBookSnapshot[]>('POST', '/books', { body: [{ token_id: tokenId }] })).body[0]!;
    expect(Number(b.bids[0]!.size)).toBeLessThan(0);
    expect((await h.request<{ size: number }[]>('GET', '/trades')).body[0]!.size).toBeLessThan(0);
    await h.setFaults({ malformed: { kind: 'missing', rate: 1 } });
    expect('asset_id' in (await book()).body).toBe(false);
    expect('asset' in (await h.request<object[]>('GET', '/trades')).body[0]!).toBe(false);
    // The exchange's own book is not harmed.
    await h.setFaults({ malformed: null });
    expect((await book()).body.asset_id).toBe(tokenId);
  });

  it('applies a malformed rate below 1 to some answers only, reproducibly from the seed', async () => {
    await h.setFaults({ malformed: { kind: 'price', rate: 0.5 } });
    let bad = 0;
    for (let i = 0; i < 40; i++) if ((await book()).body.bids[0]!.price === 'not-a-price') bad++;
    expect(bad).toBeGreaterThan(5);
    expect(bad).toBeLessThan(35);
  });

  it('rejects a bad fault patch with 400 naming the setting', async () => {
    expectError(await h.setFaults({ errorRate: 2 }), 400, 'BAD_PARAMETER', "'errorRate'");
    expectError(await h.setFaults({ malformed: { kind: 'weird' } }), 400, 'BAD_PARAMETER', "'malformed.kind'");
    expectError(await h.setFaults({ explode: true }), 400, 'BAD_PARAMETER', "'explode'");
  });
});
