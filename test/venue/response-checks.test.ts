/**
 * Response checks where the daemon relies on the numbers (issue 2): prices strictly inside (0, 1),
 * tick sizes too, sizes never negative, plain decimal text only ("1e3", "NaN" refused), paged
 * envelopes with all four fields. Each bad answer is refused with BAD_RESPONSE naming the field;
 * each good one passes (the control that keeps the refusals meaningful).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import * as F from '../support/venue-fixtures.js';

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

interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly call: (c: VenueClient) => Promise<unknown>;
  readonly reply: unknown;
  /** The field named by the refusal; undefined when the answer is good. */
  readonly field?: string;
}

const getBook = (c: VenueClient) => c.getBook({ token_id: F.TOKEN_YES });
const bookCase = (name: string, patch: Record<string, unknown>, field?: string): Case => ({
  name: `book ${name}`,
  method: 'GET',
  path: '/book',
  call: getBook,
  reply: { ...F.book(), ...patch },
  ...(field === undefined ? {} : { field }),
});

const CASES: readonly Case[] = [
  bookCase('tick_size "1"', { tick_size: '1' }, 'tick_size'),
  bookCase('tick_size "0"', { tick_size: '0' }, 'tick_size'),
  bookCase('tick_size "0.001"', { tick_size: '0.001' }),
  bookCase('last_trade_price "1.5"', { last_trade_price: '1.5' }, 'last_trade_price'),
  bookCase('last_trade_price "1"', { last_trade_price: '1' }, 'last_trade_price'),
  bookCase('last_trade_price "-0.1"', { last_trade_price: '-0.1' }, 'last_trade_price'),
  bookCase('last_trade_price "NaN"', { last_trade_price: 'NaN' }, 'last_trade_price'),
  bookCase('last_trade_price "" (no trade yet)', { last_trade_price: '' }),
  bookCase('last_trade_price "0" (no trade yet)', { last_trade_price: '0' }),
  // A level of size "-1" is a book handed over unusable (bad-size), not a refusal: order-books.test.ts.
  bookCase('level size "1e3"', { asks: [{ price: '0.5', size: '1e3' }] }, 'asks[0].size'),
  bookCase('min_order_size "NaN"', { min_order_size: 'NaN' }, 'min_order_size'),
  {
    name: 'midpoint "1e-1"',
    method: 'POST',
    path: '/midpoints',
    call: (c) => c.postMidpoints([F.TOKEN_YES]),
    reply: { [F.TOKEN_YES]: '1e-1' },
    field: F.TOKEN_YES,
  },
  {
    name: 'trade fill at price 1',
    method: 'GET',
    path: '/trades',
    call: (c) => c.getTrades(),
    reply: [{ ...F.tradeFill(), price: 1 }],
    field: '[0].price',
  },
  {
    name: 'trade fill at price 0',
    method: 'GET',
    path: '/trades',
    call: (c) => c.getTrades(),
    reply: [{ ...F.tradeFill(), price: 0 }],
    field: '[0].price',
  },
  {
    name: 'position of a resolved market (curPrice 1)',
    method: 'GET',
    path: '/positions',
    call: (c) => c.getPositions({ user: F.WALLET }),
    reply: [{ ...F.position(), curPrice: 1, redeemable: true }],
  },
  {
    name: 'market with minimum_tick_size 0',
    method: 'GET',
    path: `/markets/${F.CONDITION}`,
    call: (c) => c.getMarket({ condition_id: F.CONDITION }),
    reply: { ...F.market(), minimum_tick_size: 0 },
    field: 'minimum_tick_size',
  },
  {
    name: 'order-book settings with mts 1',
    method: 'GET',
    path: `/clob-markets/${F.CONDITION}`,
    call: (c) => c.getClobMarket({ condition_id: F.CONDITION }),
    reply: { ...F.clobMarket(), mts: 1 },
    field: 'mts',
  },
  {
    name: 'paged envelope without count',
    method: 'GET',
    path: '/data/trades',
    call: (c) => c.getAccountTrades(),
    reply: (({ count: _count, ...rest }) => rest)(F.paged([F.accountTrade()])),
    field: 'count',
  },
  {
    name: 'paged envelope without next_cursor',
    method: 'GET',
    path: '/data/orders',
    call: (c) => c.getOpenOrders(),
    reply: (({ next_cursor: _cursor, ...rest }) => rest)(F.paged([F.openOrder()])),
    field: 'next_cursor',
  },
  {
    name: 'account trade with a negative size',
    method: 'GET',
    path: '/data/trades',
    call: (c) => c.getAccountTrades(),
    reply: F.paged([{ ...F.accountTrade(), size: '-3' }]),
    field: 'data[0].size',
  },
  {
    name: 'order answer with makingAmount "1e3"',
    method: 'POST',
    path: '/order',
    call: (c) =>
      c.postOrder({
        order: { asset_id: F.TOKEN_YES, side: 'BUY', price: '0.4', size: '5', expiration: '0', client_order_id: '' },
        orderType: 'GTC',
      }),
    reply: { ...F.orderResponse(), makingAmount: '1e3' },
    field: 'makingAmount',
  },
];

describe('response checks', () => {
  for (const tc of CASES) {
    const verdict = tc.field === undefined ? 'passes' : `is refused naming '${tc.field}'`;
    it(`${tc.name} ${verdict}`, async () => {
      venue.on(tc.method, tc.path, { json: tc.reply });
      if (tc.field === undefined) {
        await expect(tc.call(client)).resolves.toBeDefined();
        return;
      }
      const err = await rejectionOf(tc.call(client));
      expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
      expect(err.field).toBe(tc.field);
      expect(err.message).toContain(`response field '${tc.field}'`);
    });
  }
});
