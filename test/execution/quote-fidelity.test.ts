import { describe, expect, it } from 'vitest';
import { QuoteFidelity, quotesWithin } from '../../src/execution/quote-fidelity.js';
import { Decimal } from '../../src/money.js';

const w = (tokenId: string, side: 'BUY' | 'SELL', price: string, size: string) => ({
  tokenId,
  side,
  price: new Decimal(price),
  size: new Decimal(size),
});
const l = (tokenId: string, side: 'BUY' | 'SELL', price: string, remaining: string) => ({
  tokenId,
  side,
  price: new Decimal(price),
  remaining: new Decimal(remaining),
});

describe('QuoteFidelity', () => {
  it('accrues time with the state of the earlier observation, per market and for all together', () => {
    const f = new QuoteFidelity();
    expect(f.overall(0)).toBeUndefined();
    f.observe('a', false, 1_000);
    f.observe('b', true, 1_000);
    // Observed for no time yet: the current state.
    expect(f.ratios(1_000)).toEqual(
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    );
    f.observe('a', true, 4_000);
    f.observe('b', false, 2_000);
    f.observe('b', true, 3_000);
    expect(f.within('a')).toBe(true);
    // a: 3 s out, 1 s within; b: 1 s within, 1 s out, 2 s within.
    expect(f.ratios(5_000)).toEqual(
      new Map([
        ['a', 0.25],
        ['b', 0.75],
      ]),
    );
    expect(f.overall(5_000)).toBe(0.5);
    // An observation dated before the last one adds no time.
    f.observe('a', false, 4_500);
    expect(f.ratios(5_000).get('a')).toBe(0.25);
  });
});

describe('quotesWithin', () => {
  const zero = new Decimal(0);
  const wanted = [w('m:0', 'BUY', '0.40', '20'), w('m:0', 'BUY', '0.40', '12'), w('m:1', 'BUY', '0.55', '20')];

  it('is within when every wanted price rests, nothing else rests, and no side holds more than wanted', () => {
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.40', '8'), l('m:0', 'BUY', '0.40', '12'), l('m:1', 'BUY', '0.55', '20')], zero)).toBe(
      true,
    );
    // A partly filled order whose top-up has not gone yet still quotes the price.
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.40', '8'), l('m:1', 'BUY', '0.55', '20')], zero)).toBe(true);
    expect(quotesWithin([], [], zero)).toBe(true);
  });

  it('is not when a wanted price is missing, an unwanted one rests, or a side holds more than wanted', () => {
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.40', '20')], zero)).toBe(false);
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.41', '20'), l('m:1', 'BUY', '0.55', '20')], zero)).toBe(false);
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.40', '20'), l('m:1', 'BUY', '0.55', '20'), l('m:1', 'SELL', '0.6', '5')], zero)).toBe(
      false,
    );
    expect(quotesWithin(wanted, [l('m:0', 'BUY', '0.40', '33'), l('m:1', 'BUY', '0.55', '20')], zero)).toBe(false);
    expect(quotesWithin([], [l('m:0', 'BUY', '0.40', '1')], zero)).toBe(false);
  });

  it('takes executor.repriceTicks as the price tolerance', () => {
    const live = [l('m:0', 'BUY', '0.41', '20'), l('m:1', 'BUY', '0.54', '20')];
    expect(quotesWithin(wanted, live, new Decimal('0.01'))).toBe(true);
    expect(quotesWithin(wanted, live, new Decimal('0.005'))).toBe(false);
  });
});
