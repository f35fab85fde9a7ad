import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { makerLadder } from '../../../src/sim/flow/maker-ladder.js';

const text = (orders: ReturnType<typeof makerLadder>) => orders.map((o) => `${o.side} ${o.price.toFixed()} ${o.size.toFixed()}`);

describe('makerLadder', () => {
  it('quotes levels away from fair, rounded outward onto the tick', () => {
    const orders = makerLadder({
      fair: new Decimal('0.503'),
      tick: new Decimal('0.01'),
      levels: 3,
      halfSpread: 0.02,
      spacing: 0.01,
      sizeOf: (_s, i) => new Decimal(100 * (i + 1)),
    });
    expect(text(orders)).toEqual(['BUY 0.48 100', 'BUY 0.47 200', 'BUY 0.46 300', 'SELL 0.53 100', 'SELL 0.54 200', 'SELL 0.55 300']);
  });

  it('uses the finer tick of 0.001 markets', () => {
    const orders = makerLadder({
      fair: new Decimal('0.5034'),
      tick: new Decimal('0.001'),
      levels: 2,
      halfSpread: 0.005,
      spacing: 0.002,
      sizeOf: () => new Decimal(5),
    });
    expect(text(orders)).toEqual(['BUY 0.498 5', 'BUY 0.496 5', 'SELL 0.509 5', 'SELL 0.511 5']);
  });

  it('stops at the edges of the price range', () => {
    const orders = makerLadder({
      fair: new Decimal('0.04'),
      tick: new Decimal('0.01'),
      levels: 5,
      halfSpread: 0.02,
      spacing: 0.01,
      sizeOf: () => new Decimal(1),
    });
    expect(orders.filter((o) => o.side === 'BUY').map((o) => o.price.toFixed())).toEqual(['0.02', '0.01']);
    expect(orders.filter((o) => o.side === 'SELL')).toHaveLength(5);
    const high = makerLadder({
      fair: new Decimal('0.975'),
      tick: new Decimal('0.01'),
      levels: 5,
      halfSpread: 0.01,
      spacing: 0.01,
      sizeOf: () => new Decimal(1),
    });
    expect(high.filter((o) => o.side === 'SELL').map((o) => o.price.toFixed())).toEqual(['0.99']);
    expect(
      makerLadder({
        fair: new Decimal('0.5'),
        tick: new Decimal('0.01'),
        levels: 0,
        halfSpread: 0.01,
        spacing: 0.01,
        sizeOf: () => new Decimal(1),
      }),
    ).toEqual([]);
  });
});
