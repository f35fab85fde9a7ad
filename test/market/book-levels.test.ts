import { describe, expect, it } from 'vitest';
import { withLevel } from '../../src/market/book-levels.js';
import { Decimal } from '../../src/money.js';

const lv = (price: string, size: string) => ({ price: new Decimal(price), size: new Decimal(size) });
const text = (levels: readonly { price: Decimal; size: Decimal }[]) => levels.map((l) => `${l.price.toFixed()}x${l.size.toFixed()}`);

describe('withLevel', () => {
  const bids = [lv('0.50', '10'), lv('0.48', '20'), lv('0.45', '30')];
  const asks = [lv('0.52', '10'), lv('0.55', '20')];
  it('inserts a new level in its place on either side', () => {
    expect(text(withLevel(bids, lv('0.49', '5'), true))).toEqual(['0.5x10', '0.49x5', '0.48x20', '0.45x30']);
    expect(text(withLevel(bids, lv('0.51', '5'), true))).toEqual(['0.51x5', '0.5x10', '0.48x20', '0.45x30']);
    expect(text(withLevel(bids, lv('0.40', '5'), true))).toEqual(['0.5x10', '0.48x20', '0.45x30', '0.4x5']);
    expect(text(withLevel(asks, lv('0.53', '5'), false))).toEqual(['0.52x10', '0.53x5', '0.55x20']);
    expect(text(withLevel([], lv('0.53', '5'), false))).toEqual(['0.53x5']);
  });
  it('replaces a level at the same price (0.480 is 0.48) and removes one set to 0', () => {
    expect(text(withLevel(bids, lv('0.480', '7'), true))).toEqual(['0.5x10', '0.48x7', '0.45x30']);
    expect(text(withLevel(bids, lv('0.48', '0'), true))).toEqual(['0.5x10', '0.45x30']);
    expect(text(withLevel(asks, lv('0.60', '0'), false))).toEqual(['0.52x10', '0.55x20']);
  });
  it('leaves the given array as it was', () => {
    withLevel(bids, lv('0.48', '0'), true);
    expect(text(bids)).toEqual(['0.5x10', '0.48x20', '0.45x30']);
  });
});
