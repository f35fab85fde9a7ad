/**
 * Odd requests at the HTTP edge: a path that is not valid percent-encoding is a 400 with the
 * error body (not a handler crash), and every venue request is counted in requests_total, also
 * when it is refused before its body was read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startSimHarness({ markets: 2 });
});
afterAll(async () => {
  await h.close();
});

describe('HTTP robustness', () => {
  it('answers 400 naming the path for bad percent-encoding, and counts the request', async () => {
    const before = (await h.stats()).requests_total as number;
    expectError(await h.request('GET', '/markets/%E0%A4%A'), 400, 'BAD_PARAMETER', 'path');
    expectError(await h.request('GET', '/events/slug/%'), 400, 'BAD_PARAMETER', 'path');
    const s = await h.stats();
    expect(s.requests_total).toBe(before + 2);
    expect((s.responses_by_status as Record<string, number>)['500']).toBeUndefined();
  });

  it('refuses a body above 1 MiB with the error body, counted like any request', async () => {
    const before = (await h.stats()).requests_total as number;
    const r = await h.request('POST', '/books', { body: `[${'{"token_id":"x"},'.repeat(70_000)}{"token_id":"x"}]` });
    expectError(r, 400, 'BAD_PARAMETER', 'body');
    expect((await h.stats()).requests_total).toBe(before + 1);
  });

  it('serves many simultaneous requests, each answered once and counted', async () => {
    const before = (await h.stats()).requests_total as number;
    const tokenId = h.sim.world.lookup.tokens()[0]!.tokenId;
    const rs = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        i % 3 === 0
          ? h.request('GET', '/book', { query: { token_id: tokenId } })
          : i % 3 === 1
            ? h.request('GET', '/markets')
            : h.signed('GET', '/data/orders'),
      ),
    );
    expect(rs.every((r) => r.status === 200)).toBe(true);
    expect((await h.stats()).requests_total).toBe(before + 150);
  });
});
