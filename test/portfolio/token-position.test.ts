/**
 * TokenPosition's average price is remembered between changes of the position (a fill reads it
 * before and after, its revaluation again): every change must be seen in the next read.
 */
import { describe, expect, it } from 'vitest';
import { TokenPosition } from '../../src/portfolio/token-position.js';
import { d, fill } from './support.js';

describe('TokenPosition avgPrice, read between changes', () => {
  it('follows every fill and a settlement, whatever was read before', () => {
    const pos = new TokenPosition('0xaaaa:0', '0xaaaa', 0);
    expect(pos.avgPrice.toFixed()).toBe('0');
    const e1 = pos.apply(fill({ side: 'BUY', price: '0.4', size: '10' }));
    expect([e1.avgPriceBefore.toFixed(), e1.avgPriceAfter.toFixed()]).toEqual(['0', '0.4']);
    expect(pos.avgPrice.toFixed()).toBe('0.4');
    // Adds at 0.1: (4 + 0.5) / 15 = 0.3.
    const e2 = pos.apply(fill({ side: 'BUY', price: '0.1', size: '5' }));
    expect([e2.avgPriceBefore.toFixed(), e2.avgPriceAfter.toFixed()]).toEqual(['0.4', '0.3']);
    expect(pos.unrealizedAt(d('0.5')).toFixed()).toBe('3');
    // Closes 15 and opens a short of 5 at 0.6.
    const e3 = pos.apply(fill({ side: 'SELL', price: '0.6', size: '20' }));
    expect([e3.avgPriceBefore.toFixed(), e3.avgPriceAfter.toFixed(), e3.sizeAfter.toFixed()]).toEqual(['0.3', '0.6', '-5']);
    expect(pos.avgPrice.toFixed()).toBe('0.6');
    pos.settle(d('1'));
    expect(pos.avgPrice.toFixed()).toBe('0');
    expect(pos.unrealizedAt(d('0.5')).toFixed()).toBe('0');
  });

  it('is cost / |size| at 40 digits after a partial close (x 1/3)', () => {
    const pos = new TokenPosition('0xaaaa:0', '0xaaaa', 0);
    pos.apply(fill({ side: 'BUY', price: '0.5', size: '3' }));
    pos.apply(fill({ side: 'BUY', price: '0.2', size: '3' }));
    const before = pos.avgPrice;
    pos.apply(fill({ side: 'SELL', price: '0.9', size: '1' }));
    expect(before.toFixed()).toBe('0.35');
    expect(pos.avgPrice.eq(pos.cost.div(5))).toBe(true);
    expect(pos.avgPrice.toFixed()).toBe(d('2.1').sub(d('2.1').mul(1).div(6)).div(5).toFixed());
  });
});
