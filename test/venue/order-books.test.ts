import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { MAX_BATCH_TOKENS } from '../../src/venue/body-rules.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue, type RecordedRequest } from '../support/fake-venue.js';
import { book } from '../support/venue-fixtures.js';

let venue: FakeVenue;
let client: VenueClient;

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({ baseUrl: venue.url, clock: new FakeClock(), retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

const tokenIds = (n: number) => Array.from({ length: n }, (_, i) => `0xc${i}:0`);
const bodyTokens = (r: RecordedRequest) => (JSON.parse(r.body) as { token_id: string }[]).map((t) => t.token_id);

describe('book levels', () => {
  it('come best first: a side the venue sent best last is read reversed', async () => {
    venue.on('GET', '/book', {
      json: {
        ...book(),
        bids: [
          { price: '0.09', size: '2' },
          { price: '0.1', size: '1' },
          { price: '0.25', size: '4' },
          { price: '0.5', size: '3' },
        ],
        asks: [
          { price: '0.7', size: '3' },
          { price: '0.6', size: '1' },
          { price: '0.55', size: '2' },
        ],
      },
    });
    const checked = await client.getBook({ token_id: 'c:0' });
    expect(checked.problem).toBeUndefined();
    expect(checked.snapshot.bids).toEqual([
      { price: '0.5', size: '3' },
      { price: '0.25', size: '4' },
      { price: '0.1', size: '1' },
      { price: '0.09', size: '2' },
    ]);
    expect(checked.snapshot.asks).toEqual([
      { price: '0.55', size: '2' },
      { price: '0.6', size: '1' },
      { price: '0.7', size: '3' },
    ]);
    expect(checked.levels.bids.map((l) => l.price.toString())).toEqual(['0.5', '0.25', '0.1', '0.09']);
  });

  it('come best first in every snapshot of POST /books', async () => {
    venue.on('POST', '/books', {
      json: [
        {
          ...book('a:0'),
          bids: [
            { price: '0.3', size: '1' },
            { price: '0.31', size: '1' },
          ],
        },
        {
          ...book('b:0'),
          asks: [
            { price: '0.9', size: '1' },
            { price: '0.8', size: '1' },
          ],
        },
      ],
    });
    const [a, b] = await client.postBooks(['a:0', 'b:0']);
    expect(a!.snapshot.bids.map((l) => l.price)).toEqual(['0.31', '0.3']);
    expect(b!.snapshot.asks.map((l) => l.price)).toEqual(['0.8', '0.9']);
    expect(a!.levels.bids.map((l) => l.price.toString())).toEqual(['0.31', '0.3']);
    expect(b!.levels.asks.map((l) => l.price.toString())).toEqual(['0.8', '0.9']);
  });

  it('come parsed once, best first, next to the snapshot as sent', async () => {
    venue.on('GET', '/book', {
      json: {
        ...book(),
        bids: [
          { price: '0.49', size: '5.5' },
          { price: '0.48', size: '10' },
        ],
        asks: [
          { price: '0.51', size: '3.25' },
          { price: '0.53', size: '7' },
        ],
        last_trade_price: '0',
      },
    });
    const checked = await client.getBook({ token_id: 'c:0' });
    const text = (levels: readonly { price: { toString(): string }; size: { toString(): string } }[]) =>
      levels.map((l) => `${l.price.toString()}x${l.size.toString()}`);
    expect(text(checked.levels.bids)).toEqual(['0.49x5.5', '0.48x10']);
    expect(text(checked.levels.asks)).toEqual(['0.51x3.25', '0.53x7']);
    expect(checked.snapshot.bids.map((l) => l.price)).toEqual(['0.49', '0.48']);
    expect(checked.tickSize.toString()).toBe('0.01');
    expect(checked.minOrderSize.toString()).toBe('5');
    expect(checked.lastTradePrice).toBeUndefined(); // "0": no trade yet
    expect(checked.timestampMs).toBe(Number(book().timestamp));
  });

  it('print as the venue snapshot: the JSON form holds nothing parsed', async () => {
    venue.on('POST', '/books', {
      json: [
        {
          ...book('a:0'),
          bids: [
            { price: '0.3', size: '1' },
            { price: '0.31', size: '2' },
          ],
        },
      ],
    });
    const books = await client.postBooks(['a:0']);
    const printed = JSON.parse(JSON.stringify(books)) as unknown;
    expect(printed).toEqual([
      {
        ...book('a:0'),
        bids: [
          { price: '0.31', size: '2' },
          { price: '0.3', size: '1' },
        ],
      },
    ]);
    expect(Object.keys((printed as object[])[0]!).sort()).toEqual(Object.keys(book()).sort());
  });

  const unusable: readonly { readonly name: string; readonly bids: unknown[]; readonly problem: string }[] = [
    {
      name: 'a level priced "0"',
      bids: [
        { price: '0.4', size: '1' },
        { price: '0', size: '1' },
      ],
      problem: 'price-out-of-range',
    },
    { name: 'a level priced "1"', bids: [{ price: '1', size: '1' }], problem: 'price-out-of-range' },
    { name: 'a level priced "1.5"', bids: [{ price: '1.5', size: '1' }], problem: 'price-out-of-range' },
    {
      name: 'a level of size "0"',
      bids: [
        { price: '0.4', size: '1' },
        { price: '0.3', size: '0' },
      ],
      problem: 'bad-size',
    },
    { name: 'a level of size "-1"', bids: [{ price: '0.4', size: '-1' }], problem: 'bad-size' },
    {
      name: 'two levels at one price',
      bids: [
        { price: '0.4', size: '1' },
        { price: '0.40', size: '2' },
      ],
      problem: 'duplicate-level',
    },
    {
      name: 'levels in no order',
      bids: [
        { price: '0.1', size: '1' },
        { price: '0.09', size: '2' },
        { price: '0.5', size: '3' },
      ],
      problem: 'unordered-levels',
    },
  ];
  for (const { name, bids, problem } of unusable) {
    it(`hand over ${name} unread, as sent, with its problem (${problem})`, async () => {
      const answer = { ...book(), bids };
      venue.on('GET', '/book', { json: answer });
      const checked = await client.getBook({ token_id: 'c:0' });
      expect(checked.problem).toBe(problem);
      expect(checked.levels).toEqual({ bids: [], asks: [] });
      expect(JSON.parse(JSON.stringify(checked))).toEqual(answer);
    });
  }

  it('hand over a side of more levels than the bound unread (too-many-levels); one bad book leaves the batch usable', async () => {
    const small = createVenueClient({ baseUrl: venue.url, clock: new FakeClock(), retry: { maxAttempts: 1 }, maxBookLevels: 3 });
    try {
      const levels = (n: number) => Array.from({ length: n }, (_, i) => ({ price: (0.4 - i / 100).toFixed(2), size: '1' }));
      venue.on('POST', '/books', {
        json: [
          { ...book('a:0'), bids: levels(4) },
          { ...book('b:0'), bids: levels(3) },
        ],
      });
      const [a, b] = await small.postBooks(['a:0', 'b:0']);
      expect(a!.problem).toBe('too-many-levels');
      expect(a!.levels.bids).toEqual([]);
      expect(b!.problem).toBeUndefined();
      expect(b!.levels.bids).toHaveLength(3);
    } finally {
      await small.close();
    }
  });

  const badLevels = [
    { level: { price: '5e-1', size: '1' }, rule: 'must be a decimal string' },
    { level: { price: 0.5, size: '1' }, rule: 'must be a decimal string' },
  ];
  for (const { level, rule } of badLevels) {
    it(`refuses a level priced ${JSON.stringify(level.price)}`, async () => {
      venue.on('GET', '/book', { json: { ...book(), bids: [{ price: '0.4', size: '1' }, level] } });
      const err = await rejectionOf(client.getBook({ token_id: 'c:0' }));
      expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
      expect(err.message).toContain(`GET /book: response field 'bids[1].price' ${rule}`);
    });
  }
});

describe('batched token reads', () => {
  it(`split POST /books into bodies of at most ${MAX_BATCH_TOKENS} tokens and keep the order`, async () => {
    venue.on('POST', '/books', (req) => ({ json: bodyTokens(req).map((id) => book(id)) }));
    const ids = tokenIds(1_201);
    const books = await client.postBooks(ids);
    expect(books.map((b) => b.snapshot.asset_id)).toEqual(ids);
    const sent = venue.requests.map(bodyTokens);
    expect(sent.map((s) => s.length).sort((x, y) => y - x)).toEqual([500, 500, 201]);
    expect(sent.flat().sort()).toEqual([...ids].sort());
  });

  it('merge POST /midpoints batches into one map', async () => {
    venue.on('POST', '/midpoints', (req) => ({ json: Object.fromEntries(bodyTokens(req).map((id) => [id, '0.5'])) }));
    const ids = tokenIds(600);
    const mids = await client.postMidpoints(ids);
    expect(Object.keys(mids.record)).toHaveLength(600);
    expect(mids.record['0xc599:0']).toBe('0.5');
    expect([...mids.prices.keys()]).toEqual(Object.keys(mids.record));
    expect(mids.prices.get('0xc599:0')!.toString()).toBe('0.5');
    expect(JSON.parse(JSON.stringify(mids))).toEqual(mids.record);
    expect(venue.requests).toHaveLength(2);
  });

  it('check every batch before sending the first', async () => {
    const ids = tokenIds(700);
    ids[650] = '';
    const err = await rejectionOf(client.postBooks(ids));
    expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
    expect(err.field).toBe('body[150].token_id');
    expect(venue.requests).toHaveLength(0);
  });
});
