/**
 * The market stage's book checks (src/market/book-check.ts): the tick grid (micro-unit integers,
 * Decimal past 6 decimals; the book's own grid accepted while it differs from the market's), and
 * the market stream's books and price changes checked as polled books are, bounds first.
 */
import { describe, expect, it } from 'vitest';
import { checkPriceChange, checkStreamBook, offTick, tooManyLevels } from '../../src/market/book-check.js';
import type { StreamBook, StreamPriceChange } from '../../src/market/market-stream.js';
import { Decimal } from '../../src/money.js';

const d = (x: string) => new Decimal(x);
const at = (...prices: string[]) => prices.map((p) => ({ price: d(p) }));

function streamBook(over: Partial<StreamBook> = {}): StreamBook {
  return {
    event_type: 'book',
    asset_id: 'a',
    market: '0xm',
    bids: [
      { price: '0.48', size: '10' },
      { price: '0.47', size: '5' },
    ],
    asks: [{ price: '0.52', size: '10' }],
    tick_size: '0.01',
    timestamp: '1700000000000',
    hash: 'h',
    ...over,
  };
}

function priceChange(changes: StreamPriceChange['changes']): StreamPriceChange {
  return { event_type: 'price_change', asset_id: 'a', market: '0xm', changes, timestamp: '1700000000000', hash: 'h' };
}

describe('offTick', () => {
  it('is false when every price is a multiple of the tick, true at the first that is not', () => {
    expect(offTick(at('0.48', '0.47', '0.01', '0.99'), d('0.01'))).toBe(false);
    expect(offTick(at('0.48', '0.475'), d('0.01'))).toBe(true);
    expect(offTick(at('0.475'), d('0.001'))).toBe(false);
    expect(offTick(at('0.4755'), d('0.001'))).toBe(true);
    expect(offTick(at('0.45', '0.5'), d('0.05'))).toBe(false);
    expect(offTick(at('0.48'), d('0.05'))).toBe(true);
  });

  it('checks nothing without a tick (not known yet), and nothing on an empty side', () => {
    expect(offTick(at('0.123456789'), undefined)).toBe(false);
    expect(offTick([], d('0.01'))).toBe(false);
  });

  it('takes the grid the book declares too, while it differs from the market tick', () => {
    expect(offTick(at('0.485'), d('0.01'), d('0.001'))).toBe(false);
    expect(offTick(at('0.485'), d('0.01'), d('0.01'))).toBe(true);
    expect(offTick(at('0.4855'), d('0.01'), d('0.001'))).toBe(true);
  });

  it('reads prices and ticks past 6 decimals exactly (the Decimal path)', () => {
    expect(offTick(at('0.1234567'), d('0.01'))).toBe(true);
    expect(offTick(at('0.12345678'), d('0.00000001'))).toBe(false);
    expect(offTick(at('0.123456785'), d('0.00000001'))).toBe(true);
    expect(offTick(at('0.02', '0.00000002'), d('0.01'), d('0.00000001'))).toBe(false);
  });
});

describe('checkStreamBook', () => {
  const rules = { maxLevels: 3, tick: d('0.01') };

  it('hands over the levels parsed, best first, with the tick the event declares', () => {
    const c = checkStreamBook(streamBook(), rules);
    expect(c.problem).toBeUndefined();
    if (c.problem !== undefined) return;
    expect(c.bids.map((l) => l.price.toFixed())).toEqual(['0.48', '0.47']);
    expect(c.tickSize!.toFixed()).toBe('0.01');
  });

  it('refuses a side longer than the bound before reading any level', () => {
    const long = Array.from({ length: 4 }, () => ({ price: 'never read', size: 'x' }));
    expect(checkStreamBook(streamBook({ asks: long }), rules)).toEqual({ problem: 'too-many-levels' });
  });

  it.each<[string, Partial<StreamBook>, string]>([
    ['a price off the grid', { asks: [{ price: '0.525', size: '1' }] }, 'off-tick'],
    ['a size of 0', { asks: [{ price: '0.52', size: '0' }] }, 'bad-size'],
    ['a price of 1', { asks: [{ price: '1', size: '1' }] }, 'price-out-of-range'],
    [
      'two levels at one price',
      {
        bids: [
          { price: '0.48', size: '1' },
          { price: '0.48', size: '1' },
        ],
      },
      'duplicate-level',
    ],
  ])('finds %s (%s)', (_what, over, problem) => {
    expect(checkStreamBook(streamBook(over), rules)).toEqual({ problem });
  });

  it('accepts prices on the grid the event declares while the market tick differs', () => {
    const c = checkStreamBook(streamBook({ asks: [{ price: '0.525', size: '1' }], tick_size: '0.001' }), rules);
    expect(c.problem).toBeUndefined();
  });
});

describe('checkPriceChange', () => {
  const rules = { maxLevels: 2, tick: d('0.01') };

  it('parses the changes; a removal needs no grid, a level set does', () => {
    const c = checkPriceChange(
      priceChange([
        { price: '0.48', side: 'BUY', size: '3' },
        { price: '0.475', side: 'BUY', size: '0' },
      ]),
      rules,
      d('0.01'),
    );
    expect(c.problem).toBeUndefined();
    if (c.problem !== undefined) return;
    expect(c.changes.map((x) => `${x.side} ${x.level.price.toFixed()} x ${x.level.size.toFixed()}`)).toEqual([
      'BUY 0.48 x 3',
      'BUY 0.475 x 0',
    ]);
    expect(checkPriceChange(priceChange([{ price: '0.475', side: 'SELL', size: '1' }]), rules, d('0.01'))).toEqual({
      problem: 'off-tick',
    });
    // On the grid the book declared while the market's tick differs: good.
    expect(checkPriceChange(priceChange([{ price: '0.475', side: 'SELL', size: '1' }]), rules, d('0.001')).problem).toBeUndefined();
  });

  it('refuses more changes than two full sides before reading any', () => {
    const many = Array.from({ length: 5 }, () => ({ price: 'never read', side: 'BUY' as const, size: 'x' }));
    expect(checkPriceChange(priceChange(many), rules, undefined)).toEqual({ problem: 'too-many-levels' });
  });

  it('finds a price outside (0, 1) and a negative size', () => {
    expect(checkPriceChange(priceChange([{ price: '1', side: 'BUY', size: '1' }]), rules, undefined)).toEqual({
      problem: 'price-out-of-range',
    });
    expect(checkPriceChange(priceChange([{ price: '0.5', side: 'BUY', size: '-1' }]), rules, undefined)).toEqual({
      problem: 'bad-size',
    });
  });
});

describe('tooManyLevels', () => {
  it('is true when either side holds more than the bound', () => {
    expect(tooManyLevels({ bids: [1, 2], asks: [1] }, 2)).toBe(false);
    expect(tooManyLevels({ bids: [1], asks: [1, 2, 3] }, 2)).toBe(true);
  });
});
