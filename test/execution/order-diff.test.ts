import { describe, expect, it } from 'vitest';
import { diffMarket, type DiffOrder } from '../../src/execution/order-diff.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';

const T0 = '0xc:0';
const T1 = '0xc:1';
const tick = new Decimal('0.01');
const settings = { repriceTicks: 1, resizeFraction: 0.2, cancelMarketFraction: 0.5 };

const want = (tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): OrderIntent => ({
  conditionId: '0xc',
  tokenId,
  side,
  price: new Decimal(price),
  size: new Decimal(size),
  quoteSide: (tokenId === T0) === (side === 'BUY') ? 'bid' : 'ask',
});
const live = (id: string, tokenId: string, side: 'BUY' | 'SELL', price: string, remaining: string): DiffOrder => ({
  id,
  tokenId,
  side,
  price: new Decimal(price),
  remaining: new Decimal(remaining),
});

describe('diffMarket', () => {
  it('keeps orders within repriceTicks and resizeFraction, replaces the rest, cancels before placing', () => {
    const d = diffMarket(
      [want(T0, 'BUY', '0.48', '10'), want(T1, 'BUY', '0.48', '10'), want(T0, 'BUY', '0.46', '20')],
      [
        live('a', T0, 'BUY', '0.49', '9'),
        live('b', T1, 'BUY', '0.45', '10'),
        live('c', T0, 'BUY', '0.46', '20'),
        live('d', T0, 'SELL', '0.6', '5'),
      ],
      tick,
      { ...settings, cancelMarketFraction: 0.9 },
    );
    // a: 1 tick away, 10% smaller -> kept; b: 3 ticks away -> replaced; c: exact; d: not wanted.
    expect(d.keep).toEqual(['a', 'c']);
    expect(d.cancel).toEqual(['b', 'd']);
    expect(d.place.map((p) => `${p.tokenId} ${p.side} ${p.price.toFixed()} ${p.size.toFixed()}`)).toEqual([`${T1} BUY 0.48 10`]);
    expect(d.cancelMarket).toBe(false);
  });

  it('never keeps an order of the other token or side, larger than wanted, or smaller beyond the fraction', () => {
    const d = diffMarket(
      [want(T0, 'BUY', '0.5', '10')],
      [
        live('x', T1, 'BUY', '0.5', '10'),
        live('y', T0, 'SELL', '0.5', '10'),
        live('z', T0, 'BUY', '0.5', '10.01'),
        live('w', T0, 'BUY', '0.5', '7.99'),
      ],
      tick,
      {
        ...settings,
        cancelMarketFraction: 1,
      },
    );
    expect(d.keep).toEqual([]);
    expect(d.cancel).toEqual(['x', 'y', 'z', 'w']);
    expect(d.place).toHaveLength(1);
  });

  it('takes the closest live order when several fit', () => {
    const d = diffMarket(
      [want(T0, 'BUY', '0.5', '10')],
      [live('far', T0, 'BUY', '0.49', '10'), live('near', T0, 'BUY', '0.5', '9.5')],
      tick,
      { ...settings, cancelMarketFraction: 1 },
    );
    expect(d.keep).toEqual(['near']);
    expect(d.cancel).toEqual(['far']);
  });

  it('with repriceTicks 0 only the exact price is kept', () => {
    const d = diffMarket([want(T0, 'BUY', '0.5', '10')], [live('a', T0, 'BUY', '0.49', '10')], tick, {
      repriceTicks: 0,
      resizeFraction: 0,
      cancelMarketFraction: 1,
    });
    expect(d).toMatchObject({ keep: [], cancel: ['a'] });
    expect(d.place).toHaveLength(1);
  });

  it('cancels by market when most orders go, then places everything wanted', () => {
    const wanted = [want(T0, 'BUY', '0.40', '10'), want(T0, 'BUY', '0.39', '10')];
    const d = diffMarket(
      wanted,
      [live('a', T0, 'BUY', '0.40', '10'), live('b', T0, 'BUY', '0.30', '10'), live('c', T0, 'BUY', '0.31', '10')],
      tick,
      settings,
    );
    expect(d.cancelMarket).toBe(true);
    expect(d.cancel).toEqual(['a', 'b', 'c']);
    expect(d.keep).toEqual([]);
    expect(d.place).toEqual(wanted);
  });

  it('a single cancel is never a cancel-market, and an empty wish cancels everything', () => {
    expect(diffMarket([], [live('a', T0, 'BUY', '0.4', '10')], tick, settings)).toEqual({
      keep: [],
      cancel: ['a'],
      place: [],
      cancelMarket: false,
    });
    const all = diffMarket([], [live('a', T0, 'BUY', '0.4', '10'), live('b', T1, 'BUY', '0.4', '10')], tick, settings);
    expect(all.cancelMarket).toBe(true);
    expect(all.place).toEqual([]);
  });
});
