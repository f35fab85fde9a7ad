/**
 * Tick size changes in the exchange (src/sim/exchange/tick-rule.ts): the automatic switch of a
 * 0.01 market to 0.001 when a token's price (midpoint, else last trade) moves beyond 0.96 / 0.04,
 * the events it emits, the order checks on the current tick, `setTickSize` in both directions,
 * and determinism of a seeded run that crosses the bounds.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, isMakerdError } from '../../../src/errors.js';
import type { ExchangeEvent } from '../../../src/sim/contracts.js';
import { createRng } from '../../../src/sim/rng.js';
import { Decimal } from '../../../src/money.js';
import { account, FINE, harness, MARKET_A, NO, YES, type Harness } from './fixtures.js';

const a = account('a', true);
const b = account('b');

/** What `fn` throws (undefined when it returns). */
function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

const tickEvents = (events: readonly ExchangeEvent[]) => events.filter((e) => e.type === 'tick_size_change');

const FINER = [
  { type: 'tick_size_change', tokenId: YES, oldTickSize: '0.01', newTickSize: '0.001' },
  { type: 'tick_size_change', tokenId: NO, oldTickSize: '0.01', newTickSize: '0.001' },
];

function expectPriceRefused(h: Harness, price: string, tick: string): void {
  const err = catchError(() => h.place(a, YES, 'BUY', price, '10'));
  expect(isMakerdError(err) && err.code === ErrorCode.BAD_PARAMETER).toBe(true);
  expect((err as Error).message).toContain("'order.price'");
  expect((err as Error).message).toContain(`tick size ${tick}`);
}

describe('automatic finer tick near the bounds', () => {
  it('switches both tokens to 0.001 when a trade leaves the last price above 0.96', () => {
    const h = harness();
    expectPriceRefused(h, '0.975', '0.01');
    h.place(b, YES, 'SELL', '0.97', '10');
    h.events.length = 0;
    expect(h.place(a, YES, 'BUY', '0.97', '10', { orderType: 'FAK' }).status).toBe('matched');

    expect(tickEvents(h.events)).toEqual(FINER);
    // After the book event of the trade: the book changed first, its tick because of it.
    const types = h.events.map((e) => e.type);
    expect(types.lastIndexOf('book')).toBeLessThan(types.indexOf('tick_size_change'));
    expect(h.ex.tickSize(YES)!.toFixed()).toBe('0.001');
    expect(h.ex.tickSize(NO)!.toFixed()).toBe('0.001');
    expect(h.ex.book(YES)!.tick_size).toBe('0.001');
    expect(h.ex.book(NO)!.tick_size).toBe('0.001');

    const r = h.place(a, YES, 'BUY', '0.975', '10');
    expect(r).toMatchObject({ success: true, status: 'live' });
    expect(h.ex.book(YES)!.bids).toEqual([{ price: '0.975', size: '10' }]);
    // Orders on the old, coarser grid stay valid on the finer one.
    expect(h.place(a, NO, 'BUY', '0.02', '10').success).toBe(true);
  });

  it('switches when the midpoint moves above 0.96 by resting orders alone, not at 0.96 exactly', () => {
    const h = harness();
    h.place(b, YES, 'BUY', '0.95', '10');
    h.place(b, YES, 'SELL', '0.97', '10'); // mid 0.96: not above
    expect(tickEvents(h.events)).toEqual([]);
    h.place(b, YES, 'BUY', '0.96', '10'); // mid 0.965
    expect(tickEvents(h.events)).toEqual(FINER);
  });

  it('is off for an exchange made with autoTick: false (backtests), where setTickSize still works', () => {
    const h = harness(true, false);
    h.place(b, YES, 'SELL', '0.97', '10');
    expect(h.place(a, YES, 'BUY', '0.97', '10', { orderType: 'FAK' }).status).toBe('matched');
    h.place(b, YES, 'BUY', '0.98', '10');
    h.place(b, YES, 'SELL', '0.99', '10'); // mid 0.985, last trade 0.97
    h.place(b, NO, 'BUY', '0.01', '10');
    h.place(b, NO, 'SELL', '0.02', '10'); // mid 0.015
    expect(tickEvents(h.events)).toEqual([]);
    expect(h.ex.tickSize(YES)!.toFixed()).toBe('0.01');
    h.ex.setTickSize(YES, new Decimal('0.001'));
    expect(tickEvents(h.events)).toEqual(FINER);
  });

  it('switches when the midpoint falls below 0.04 on the other token', () => {
    const h = harness();
    h.place(b, NO, 'BUY', '0.03', '10');
    h.place(b, NO, 'SELL', '0.05', '10'); // mid 0.04: not below
    expect(tickEvents(h.events)).toEqual([]);
    h.place(b, NO, 'SELL', '0.04', '10'); // mid 0.035
    // Outcome 0 first, whichever token moved.
    expect(tickEvents(h.events)).toEqual(FINER);
  });

  it('switches when a last trade below 0.04 leaves a side empty', () => {
    const h = harness();
    h.place(b, YES, 'BUY', '0.03', '10');
    h.place(a, YES, 'SELL', '0.03', '10', { orderType: 'FAK' });
    expect(tickEvents(h.events)).toEqual(FINER);
  });

  it('uses the midpoint before the last trade price', () => {
    const h = harness();
    h.place(b, YES, 'BUY', '0.50', '10');
    h.place(b, YES, 'SELL', '0.97', '10');
    h.place(b, YES, 'SELL', '0.98', '10');
    h.place(a, YES, 'BUY', '0.97', '10', { orderType: 'FAK' }); // last trade 0.97, mid 0.74
    expect(h.ex.lastTradePrice(YES)).toBe('0.97');
    expect(tickEvents(h.events)).toEqual([]);
    expect(h.ex.tickSize(YES)!.toFixed()).toBe('0.01');
  });

  it('switches when a cancel moves the midpoint beyond the bound', () => {
    const h = harness();
    h.place(b, YES, 'BUY', '0.95', '10');
    const best = h.place(b, YES, 'SELL', '0.96', '10'); // mid 0.955
    h.place(b, YES, 'SELL', '0.99', '10');
    expect(tickEvents(h.events)).toEqual([]);
    h.events.length = 0;
    expect(h.ex.cancelOrder(b, best.orderID).canceled).toEqual([best.orderID]); // mid 0.97
    expect(tickEvents(h.events)).toEqual(FINER);
  });

  it('never gets coarser by itself, and leaves 0.001 markets alone', () => {
    const h = harness();
    h.place(b, YES, 'SELL', '0.98', '10');
    h.place(a, YES, 'BUY', '0.98', '10', { orderType: 'FAK' });
    expect(tickEvents(h.events)).toHaveLength(2);
    h.place(b, YES, 'BUY', '0.50', '10');
    h.place(b, YES, 'SELL', '0.51', '10'); // mid back to 0.505
    expect(h.ex.tickSize(YES)!.toFixed()).toBe('0.001');

    h.place(b, FINE, 'SELL', '0.985', '10');
    h.place(a, FINE, 'BUY', '0.985', '10', { orderType: 'FAK' });
    expect(tickEvents(h.events)).toHaveLength(2);
  });

  it('changes the tick without subscribers, and emits nothing', () => {
    const h = harness(false);
    h.place(b, YES, 'SELL', '0.97', '10');
    h.place(a, YES, 'BUY', '0.97', '10', { orderType: 'FAK' });
    expect(h.ex.tickSize(NO)!.toFixed()).toBe('0.001');
    expect(h.events).toEqual([]);
  });
});

describe('setTickSize', () => {
  it('makes a market coarser: resting orders off the grid stay and still match, new ones must be on it', () => {
    const h = harness();
    const resting = h.place(b, YES, 'BUY', '0.45', '10');
    h.events.length = 0;
    const change = h.ex.setTickSize(NO, new Decimal('0.1'));
    expect({ ...change, oldTickSize: change!.oldTickSize.toFixed(), tickSize: change!.tickSize.toFixed() }).toEqual({
      market: MARKET_A,
      tokenIds: [YES, NO],
      oldTickSize: '0.01',
      tickSize: '0.1',
    });
    expect(h.events).toEqual([
      { type: 'tick_size_change', tokenId: YES, oldTickSize: '0.01', newTickSize: '0.1' },
      { type: 'tick_size_change', tokenId: NO, oldTickSize: '0.01', newTickSize: '0.1' },
    ]);
    expect(h.ex.book(YES)).toMatchObject({ tick_size: '0.1', bids: [{ price: '0.45', size: '10' }] });
    expectPriceRefused(h, '0.45', '0.1');
    expect(h.place(a, YES, 'BUY', '0.4', '10').success).toBe(true);
    // The off-grid resting bid is still the best and trades at its own price.
    expect(h.place(a, YES, 'SELL', '0.4', '6', { orderType: 'FAK' })).toMatchObject({ status: 'matched', takingAmount: '2.7' });
    expect(h.ex.order(b, resting.orderID)).toMatchObject({ size_matched: '6', price: '0.45' });
  });

  it('makes a market finer, is a no-op at the current tick, and answers undefined for an unknown token', () => {
    const h = harness();
    h.ex.setTickSize(YES, new Decimal('0.0001'));
    expect(h.ex.book(NO)!.tick_size).toBe('0.0001');
    expect(h.place(a, NO, 'BUY', '0.1234', '10').success).toBe(true);
    h.events.length = 0;
    const same = h.ex.setTickSize(YES, new Decimal('0.0001'));
    expect(same!.oldTickSize.toFixed()).toBe('0.0001');
    expect(h.events).toEqual([]);
    expect(h.ex.setTickSize('0xnope:0', new Decimal('0.01'))).toBeUndefined();
    expect(h.ex.tickSize('0xnope:0')).toBeUndefined();
  });

  it('refuses a tick outside (0, 1) or off the 0.000001 grid', () => {
    const h = harness();
    for (const bad of ['0', '1', '-0.01', '0.0000001']) {
      const err = catchError(() => h.ex.setTickSize(YES, new Decimal(bad)));
      expect(isMakerdError(err) && err.code === ErrorCode.BAD_PARAMETER).toBe(true);
    }
    expect(h.ex.tickSize(YES)!.toFixed()).toBe('0.01');
  });
});

describe('determinism across tick changes', () => {
  /** A seeded walk of trades and quotes around 0.90..0.99, which crosses 0.96. */
  function run(seed: string) {
    const h = harness();
    const rng = createRng(seed);
    const accounts = [a, b, account('c')];
    const answers: unknown[] = [];
    for (let i = 0; i < 300; i++) {
      const side = rng.chance(0.5) ? 'BUY' : 'SELL';
      const price = (rng.int(90, 99) / 100).toFixed(2);
      const orderType = rng.pick(['GTC', 'GTC', 'FAK'] as const);
      answers.push(h.place(accounts[rng.int(0, 2)]!, rng.chance(0.5) ? YES : NO, side, price, String(rng.int(5, 20)), { orderType }));
      h.clock.advance(rng.int(0, 500));
    }
    return {
      answers,
      events: h.events,
      books: [h.ex.book(YES), h.ex.book(NO)],
      ticks: [h.ex.tickSize(YES)!.toFixed(), h.ex.tickSize(NO)!.toFixed()],
    };
  }

  it('the same seed gives the same answers, events and ticks', () => {
    const first = run('ticks-1');
    expect(tickEvents(first.events)).toEqual(FINER);
    expect(first.ticks).toEqual(['0.001', '0.001']);
    expect(run('ticks-1')).toEqual(first);
  });
});
