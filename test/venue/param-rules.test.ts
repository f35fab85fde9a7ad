/**
 * The parameter rules of venue-api.md section 4 and 8.4, at their edges: the last good value
 * passes and the first bad one is refused, naming the parameter; defaults and enums are the
 * seed's; the order body's price and size are compared as decimals, never as JS numbers.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { EndpointId } from '../../src/venue/endpoints.js';
import { checkQuery, toQueryString } from '../../src/venue/param-rules.js';
import { checkOrderBody } from '../../src/venue/body-rules.js';

/** A wallet address: 0x and 40 hex digits. */
const W = `0x${'ab12'.repeat(10)}`;

function refusal(fn: () => unknown): MakerdError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MakerdError) return err;
    throw err;
  }
  throw new Error('expected a BAD_PARAMETER refusal');
}

const edges: { id: EndpointId; name: string; good: unknown[]; bad: unknown[]; base?: Record<string, unknown> }[] = [
  { id: 'getTrades', name: 'limit', good: [0, 10_000], bad: [-1, 10_001, 1.5] },
  { id: 'getTrades', name: 'offset', good: [0, 10_000], bad: [-1, 10_001] },
  { id: 'getTrades', name: 'side', good: ['BUY', 'SELL'], bad: ['buy', 'HOLD'] },
  // Wallet addresses: 0x and 40 hex digits, any case (venue-api.md 4.1, 4.2, 4.7, 4.8, 4.19).
  { id: 'getTrades', name: 'user', good: [W, W.toUpperCase().replace('0X', '0x')], bad: ['0xnotanaddress', `${W}0`, W.slice(2), 'w'] },
  { id: 'getPositions', name: 'user', good: [W], bad: ['0xnotanaddress', W.slice(0, -1), ` ${W}`] },
  { id: 'getAccountTrades', name: 'taker', good: [W], bad: ['0xnotanaddress'] },
  { id: 'getAccountTrades', name: 'maker', good: [W], bad: ['0xnotanaddress'] },
  { id: 'getBuilderTrades', name: 'maker_address', good: [W], bad: ['0xnotanaddress'] },
  { id: 'getLeaderboard', name: 'user', good: [W], bad: ['0xnotanaddress'] },
  { id: 'getPositions', name: 'limit', good: [0, 500], bad: [501], base: { user: W } },
  { id: 'getPositions', name: 'offset', good: [10_000], bad: [10_001], base: { user: W } },
  { id: 'getPositions', name: 'sizeThreshold', good: [0, 2.5], bad: [-0.5, Infinity], base: { user: W } },
  { id: 'getPositions', name: 'sortBy', good: ['AVGPRICE', 'RESOLVING'], bad: ['SIZE'], base: { user: W } },
  { id: 'getPositions', name: 'sortDirection', good: ['ASC'], bad: ['UP'], base: { user: W } },
  {
    id: 'getPositions',
    name: 'title',
    good: ['x'.repeat(100), '☂'.repeat(100)],
    bad: ['x'.repeat(101), '☂'.repeat(101)],
    base: { user: W },
  },
  { id: 'getUserComments', name: 'limit', good: [1, 100], bad: [0, 101] },
  { id: 'getCommentReplies', name: 'offset', good: [0, 1_000_000], bad: [-1] },
  { id: 'publicSearch', name: 'limit_per_type', good: [1, 500], bad: [0, 501], base: { q: 'rain' } },
  { id: 'publicSearch', name: 'page', good: [1, 99], bad: [0], base: { q: 'rain' } },
  { id: 'getLeaderboard', name: 'limit', good: [1, 50], bad: [0, 51] },
  { id: 'getLeaderboard', name: 'offset', good: [0, 1_000], bad: [1_001] },
  { id: 'getLeaderboard', name: 'category', good: ['WEATHER', 'TECH'], bad: ['SPACE'] },
  { id: 'getLeaderboard', name: 'timePeriod', good: ['ALL'], bad: ['YEAR'] },
  { id: 'getLeaderboard', name: 'orderBy', good: ['VOL'], bad: ['ROI'] },
  { id: 'getTags', name: 'limit', good: [1, 100], bad: [0, 101] },
  { id: 'getEventCreators', name: 'limit', good: [1, 100], bad: [0, 101] },
  // Unix seconds as digits or as an integer; never a fraction or a negative number.
  { id: 'getAccountTrades', name: 'before', good: ['1763800000', 1_763_800_000], bad: [-1, 1.5, '17638e5'] },
  { id: 'getBuilderTrades', name: 'after', good: [0], bad: ['yesterday'] },
];

describe('parameter ranges and enums at their edges', () => {
  for (const { id, name, good, bad, base = {} } of edges) {
    for (const v of good) {
      it(`${id} ${name}=${JSON.stringify(v).slice(0, 24)} passes`, () => {
        const out = checkQuery(id, { ...base, [name]: v }, { rejectUnknown: true });
        expect(out[name]).toEqual(typeof v === 'number' && (name === 'before' || name === 'after') ? String(v) : v);
      });
    }
    for (const v of bad) {
      it(`${id} ${name}=${JSON.stringify(v).slice(0, 24)} is refused`, () => {
        const err = refusal(() => checkQuery(id, { ...base, [name]: v }, { rejectUnknown: true }));
        expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
        expect(err.field).toBe(name);
      });
    }
  }

  it('filterType requires filterAmount (>= 0)', () => {
    expect(refusal(() => checkQuery('getTrades', { filterType: 'TOKENS' })).field).toBe('filterAmount');
    expect(refusal(() => checkQuery('getTrades', { filterType: 'CASH', filterAmount: -1 })).field).toBe('filterAmount');
    expect(checkQuery('getTrades', { filterType: 'CASH', filterAmount: 0 })).toEqual({ filterType: 'CASH', filterAmount: 0 });
  });
});

describe("the seed's defaults", () => {
  const cases: [EndpointId, Record<string, unknown>, Record<string, unknown>][] = [
    ['getTrades', {}, { limit: 100, offset: 0, takerOnly: true }],
    [
      'getPositions',
      { user: W },
      { user: W, sizeThreshold: 1, redeemable: false, mergeable: false, limit: 100, offset: 0, sortBy: 'TOKENS', sortDirection: 'DESC' },
    ],
    ['getUserComments', {}, { limit: 20, offset: 0 }],
    ['publicSearch', { q: 'x' }, { q: 'x', limit_per_type: 25, page: 1, search_tags: true, search_profiles: false }],
    ['getLeaderboard', {}, { category: 'OVERALL', timePeriod: 'DAY', orderBy: 'PNL', limit: 25, offset: 0 }],
    ['getTags', {}, { limit: 20, offset: 0 }],
    ['getEventCreators', {}, { limit: 20, offset: 0, ascending: false }],
  ];
  for (const [id, input, expected] of cases) {
    it(`${id}: ${JSON.stringify(expected)}`, () => {
      expect(checkQuery(id, input, { applyDefaults: true })).toEqual(expected);
    });
  }
});

describe('POST /order body', () => {
  const body = (order: Record<string, unknown>) => ({
    order: { asset_id: 'c:0', side: 'BUY', price: '0.5', size: '10', expiration: '0', client_order_id: '', ...order },
    owner: 'key',
    orderType: 'GTC',
  });

  it('compares the price as a decimal: a price just below 1 is inside (0, 1)', () => {
    // Number('0.99999999999999999999') === 1: a JS-number check would refuse this price.
    expect(checkOrderBody(body({ price: '0.99999999999999999999' })).order.price).toBe('0.99999999999999999999');
    expect(checkOrderBody(body({ price: '0.00000000000000000001' })).order.price).toBe('0.00000000000000000001');
  });

  for (const price of ['1', '1.0', '0', '0.000', '-0.5', '5e-1', '.5', 'NaN', '']) {
    it(`refuses price ${JSON.stringify(price)}`, () => {
      const err = refusal(() => checkOrderBody(body({ price })));
      expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.field).toBe('order.price');
    });
  }

  it('takes any positive decimal size, however small, and refuses zero', () => {
    expect(checkOrderBody(body({ size: '0.00000000000000000001' })).order.size).toBe('0.00000000000000000001');
    expect(refusal(() => checkOrderBody(body({ size: '0.000' }))).field).toBe('order.size');
    expect(refusal(() => checkOrderBody(body({ size: '1e2' }))).field).toBe('order.size');
  });
});

describe('query strings', () => {
  it('write numbers as plain decimals, never in exponent form', () => {
    const q = checkQuery('getPositions', { user: W, sizeThreshold: 1e-7 });
    expect(toQueryString(q)).toBe(`?user=${W}&sizeThreshold=0.0000001`);
    expect(toQueryString(checkQuery('getTrades', { filterType: 'CASH', filterAmount: 1e21 }))).toBe(
      '?filterType=CASH&filterAmount=1000000000000000000000',
    );
    expect(toQueryString(checkQuery('getTrades', { limit: 5, market: ['a', 'b'] }))).toBe('?limit=5&market=a%2Cb');
  });
});
