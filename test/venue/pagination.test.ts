import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { collectItems, itemsOf } from '../../src/venue/pagination.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue, type RecordedRequest } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { accountTrade, market, openOrder, paged, simplifiedMarket } from '../support/venue-fixtures.js';

let venue: FakeVenue;
let client: VenueClient;

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({ baseUrl: venue.url, credentials: TEST_CREDENTIALS, clock: new FakeClock(), retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

/** Three pages keyed by cursor: MA== -> MQ== -> Mg== -> LTE=. */
function threePages<T>(make: (i: number) => T) {
  const pages: Record<string, ReturnType<typeof paged<T>>> = {
    'MA==': paged([make(1), make(2)], 'MQ==', 2),
    'MQ==': paged([make(3), make(4)], 'Mg==', 2),
    'Mg==': paged([make(5)], 'LTE=', 2),
  };
  return (req: RecordedRequest) => ({ json: pages[new URLSearchParams(req.query).get('next_cursor') ?? ''] });
}

const cursorsSent = () => venue.requests.map((r) => new URLSearchParams(r.query).get('next_cursor'));

describe('page iterators', () => {
  it('iterateMarkets walks MA== to LTE= across three pages', async () => {
    venue.on(
      'GET',
      '/markets',
      threePages((i) => market(`0xm${i}`)),
    );
    const ids = (await collectItems(client.iterateMarkets())).map((m) => m.condition_id);
    expect(ids).toEqual(['0xm1', '0xm2', '0xm3', '0xm4', '0xm5']);
    expect(cursorsSent()).toEqual(['MA==', 'MQ==', 'Mg==']);
  });

  it('iterateAccountTrades keeps the filters on every page and yields whole envelopes', async () => {
    venue.on(
      'GET',
      '/data/trades',
      threePages((i) => accountTrade(`t-${i}`)),
    );
    const pages = [];
    for await (const page of client.iterateAccountTrades({ market: '0xc', after: '1700000000' })) pages.push(page);
    expect(pages.map((p) => p.data.map((t) => t.id))).toEqual([['t-1', 't-2'], ['t-3', 't-4'], ['t-5']]);
    expect(pages.map((p) => p.next_cursor)).toEqual(['MQ==', 'Mg==', 'LTE=']);
    expect(venue.requests.map((r) => r.query)).toEqual([
      'market=0xc&after=1700000000&next_cursor=MA%3D%3D',
      'market=0xc&after=1700000000&next_cursor=MQ%3D%3D',
      'market=0xc&after=1700000000&next_cursor=Mg%3D%3D',
    ]);
  });

  it('every paged endpoint has an iterator that walks to LTE=', async () => {
    const walks: { path: string; run: () => Promise<unknown[]>; make: (i: number) => unknown }[] = [
      {
        path: '/simplified-markets',
        run: () => collectItems(client.iterateSimplifiedMarkets()),
        make: (i: number) => simplifiedMarket(`0xs${i}`),
      },
      {
        path: '/sampling-simplified-markets',
        run: () => collectItems(client.iterateSamplingSimplifiedMarkets()),
        make: (i: number) => simplifiedMarket(`0xs${i}`),
      },
      { path: '/builder/trades', run: () => collectItems(client.iterateBuilderTrades()), make: (i: number) => accountTrade(`t-${i}`) },
      {
        path: '/data/orders',
        run: () => collectItems(client.iterateOpenOrders({ asset_id: 'c:0' })),
        make: (i: number) => openOrder(`o-${i}`),
      },
    ];
    for (const w of walks) {
      venue.reset();
      venue.on('GET', w.path, threePages(w.make));
      expect(await w.run()).toHaveLength(5);
      expect(cursorsSent()).toEqual(['MA==', 'MQ==', 'Mg==']);
    }
  });

  it('starts from a given cursor', async () => {
    venue.on(
      'GET',
      '/markets',
      threePages((i) => market(`0xm${i}`)),
    );
    const items = [];
    for await (const m of itemsOf(client.iterateMarkets({ next_cursor: 'MQ==' }))) items.push(m.condition_id);
    expect(items).toEqual(['0xm3', '0xm4', '0xm5']);
  });

  it('stops with BAD_RESPONSE when the venue sends a cursor it already sent', async () => {
    venue.on('GET', '/data/orders', { json: paged([openOrder('o-1')], 'MQ==') }, { json: paged([openOrder('o-2')], 'MQ==') });
    const seen: string[] = [];
    const err = await rejectionOf(
      (async () => {
        for await (const o of itemsOf(client.iterateOpenOrders())) seen.push(o.id);
      })(),
    );
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect(err.field).toBe('next_cursor');
    expect(err.message).toContain('GET /data/orders');
    expect(seen).toEqual(['o-1', 'o-2']);
    expect(venue.requests).toHaveLength(2);
  });
});
