import { describe, expect, it } from 'vitest';
import { marketWork, planDispatch } from '../../src/execution/dispatch-priority.js';
import type { DiffOrder } from '../../src/execution/order-diff.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';

const tick = new Decimal('0.01');
const settings = { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 };

/** Token `m:0` is outcome 0: BUY it is a bid, SELL it an ask; `m:1` the other way round. */
function want(m: string, outcome: 0 | 1, side: 'BUY' | 'SELL', price: string, size = '10'): OrderIntent {
  return {
    conditionId: m,
    tokenId: `${m}:${outcome}`,
    side,
    price: new Decimal(price),
    size: new Decimal(size),
    quoteSide: (outcome === 0) === (side === 'BUY') ? 'bid' : 'ask',
  };
}

function live(id: string, m: string, outcome: 0 | 1, side: 'BUY' | 'SELL', price: string, size = '10'): DiffOrder {
  return { id, tokenId: `${m}:${outcome}`, side, price: new Decimal(price), remaining: new Decimal(size) };
}

const text = (i: OrderIntent): string => `${i.conditionId} ${i.tokenId.slice(-1)} ${i.side} ${i.price.toFixed()}`;

describe('marketWork', () => {
  it('pairs each place with the order it replaces, leaves the rest as pulls, and rates each place', () => {
    const w = marketWork(
      'a',
      [want('a', 0, 'BUY', '0.45'), want('a', 1, 'BUY', '0.50'), want('a', 0, 'SELL', '0.60')],
      [live('o1', 'a', 0, 'BUY', '0.41'), live('o2', 'a', 1, 'BUY', '0.50'), live('o3', 'a', 1, 'BUY', '0.30')],
      new Set(),
      tick,
      settings,
    );
    expect(w.kept).toBe(1);
    expect(w.pulls).toEqual(['o3']);
    expect(w.candidates.map((c) => [text(c.intent), c.replaces, c.tier, c.ticksOff])).toEqual([
      // Re-price of the bid by 4 ticks.
      ['a 0 BUY 0.45', 'o1', 2, 4],
      // A SELL takes inventory off: first whatever it replaces (nothing here).
      ['a 0 SELL 0.6', undefined, 0, Number.POSITIVE_INFINITY],
    ]);
  });

  it('a side left with no order after the pulls is a missing side; expiring orders are renewed', () => {
    const w = marketWork(
      'b',
      [want('b', 0, 'BUY', '0.40'), want('b', 1, 'BUY', '0.55')],
      [live('x', 'b', 0, 'BUY', '0.40'), live('y', 'b', 0, 'SELL', '0.56')],
      new Set(['x']),
      tick,
      settings,
    );
    // y (an ask: SELL of outcome 0) is pulled; the ask comes back as BUY of outcome 1: a missing side.
    expect(w.pulls).toEqual(['y']);
    expect(w.candidates.map((c) => [text(c.intent), c.replaces, c.tier, c.ticksOff])).toEqual([
      ['b 0 BUY 0.4', 'x', 2, 0],
      ['b 1 BUY 0.55', undefined, 1, Number.POSITIVE_INFINITY],
    ]);
  });
});

describe('planDispatch', () => {
  const works = () => [
    // m1: its bid is 1 tick off, its ask 6 ticks off.
    marketWork(
      'm1',
      [want('m1', 0, 'BUY', '0.41'), want('m1', 1, 'BUY', '0.53')],
      [live('m1b', 'm1', 0, 'BUY', '0.40'), live('m1a', 'm1', 1, 'BUY', '0.47')],
      new Set(),
      tick,
      settings,
    ),
    // m2: has no ask at all, bid 3 ticks off.
    marketWork(
      'm2',
      [want('m2', 0, 'BUY', '0.33'), want('m2', 1, 'BUY', '0.60')],
      [live('m2b', 'm2', 0, 'BUY', '0.30')],
      new Set(),
      tick,
      settings,
    ),
    // m3: holds outcome 0 and wants to sell it 2 ticks higher; its bid is 9 ticks off.
    marketWork(
      'm3',
      [want('m3', 0, 'BUY', '0.29'), want('m3', 0, 'SELL', '0.52')],
      [live('m3b', 'm3', 0, 'BUY', '0.20'), live('m3a', 'm3', 0, 'SELL', '0.50')],
      new Set(),
      tick,
      settings,
    ),
  ];

  it('with room for everything, plans every place and cancels by market as the diff would', () => {
    const plans = planDispatch(works(), Number.POSITIVE_INFINITY, 0.5);
    expect(plans.map((p) => [p.market, p.cancelMarket, p.cancel, p.place.map(text), p.deferred])).toEqual([
      ['m1', true, ['m1b', 'm1a'], ['m1 0 BUY 0.41', 'm1 1 BUY 0.53'], 0],
      // One of one order goes: below two, one by one.
      ['m2', false, ['m2b'], ['m2 0 BUY 0.33', 'm2 1 BUY 0.6'], 0],
      ['m3', true, ['m3b', 'm3a'], ['m3 0 BUY 0.29', 'm3 0 SELL 0.52'], 0],
    ]);
  });

  it('under a binding budget: risk-reducing first, then missing sides, then the most wrong; cancels only what is replaced', () => {
    const order = (allowance: number) =>
      planDispatch(works(), allowance, 0.5).flatMap((p) => p.place.map((i) => [text(i), p.cancel.join(',')]));
    expect(order(1)).toEqual([['m3 0 SELL 0.52', 'm3a']]);
    expect(order(2)).toEqual([
      ['m2 1 BUY 0.6', ''],
      ['m3 0 SELL 0.52', 'm3a'],
    ]);
    // Then 9 ticks (m3's bid), 6 (m1's ask), 3 (m2's bid), 1 (m1's bid).
    expect(order(3).map(([p]) => p)).toEqual(['m2 1 BUY 0.6', 'm3 0 BUY 0.29', 'm3 0 SELL 0.52']);
    expect(order(4).map(([p]) => p)).toEqual(['m1 1 BUY 0.53', 'm2 1 BUY 0.6', 'm3 0 BUY 0.29', 'm3 0 SELL 0.52']);
    const five = planDispatch(works(), 5, 0.5);
    expect(five.map((p) => [p.market, p.cancelMarket, p.cancel, p.deferred])).toEqual([
      ['m1', false, ['m1a'], 1],
      ['m2', false, ['m2b'], 0],
      ['m3', true, ['m3b', 'm3a'], 0],
    ]);
    // Nothing affordable: nothing placed, nothing cancelled (no market loses a side), all deferred.
    expect(planDispatch(works(), 0, 0.5).map((p) => [p.cancel.length, p.place.length, p.deferred])).toEqual([
      [0, 0, 2],
      [0, 0, 2],
      [0, 0, 2],
    ]);
  });

  it('a resize down (the risk gate trimmed the size) is risk-reducing', () => {
    const w = marketWork(
      'r',
      [want('r', 0, 'BUY', '0.40', '5'), want('r', 1, 'BUY', '0.50')],
      [live('r1', 'r', 0, 'BUY', '0.40', '20'), live('r2', 'r', 1, 'BUY', '0.45')],
      new Set(),
      tick,
      settings,
    );
    expect(w.candidates.map((c) => [text(c.intent), c.replaces, c.tier, c.ticksOff])).toEqual([
      ['r 0 BUY 0.4', 'r1', 0, 0],
      ['r 1 BUY 0.5', 'r2', 2, 5],
    ]);
    expect(planDispatch([w], 1, 0.5)[0]!.place.map(text)).toEqual(['r 0 BUY 0.4']);
  });

  it('pulls go whatever the budget', () => {
    const orders = [live('p1', 'p', 0, 'BUY', '0.4'), live('p2', 'p', 1, 'BUY', '0.5')];
    const w = marketWork('p', [], orders, new Set(), tick, settings);
    expect(planDispatch([w], 0, 0.5)).toEqual([
      { market: 'p', cancel: ['p1', 'p2'], cancelMarket: true, place: [], kept: 0, deferred: 0, live: orders },
    ]);
  });

  it('re-places kept orders for a cancel by market only when the posts left over pay for them', () => {
    const w = () =>
      marketWork(
        'k',
        [want('k', 0, 'BUY', '0.40'), want('k', 0, 'BUY', '0.31'), want('k', 0, 'BUY', '0.21')],
        [live('k1', 'k', 0, 'BUY', '0.40'), live('k2', 'k', 0, 'BUY', '0.30'), live('k3', 'k', 0, 'BUY', '0.20')],
        new Set(),
        tick,
        settings,
      );
    expect(planDispatch([w()], 3, 0.5)).toMatchObject([{ cancelMarket: true, cancel: ['k1', 'k2', 'k3'], kept: 0 }]);
    expect(planDispatch([w()], 3, 0.5)[0]!.place.map(text)).toEqual(['k 0 BUY 0.4', 'k 0 BUY 0.31', 'k 0 BUY 0.21']);
    expect(planDispatch([w()], 2, 0.5)).toMatchObject([{ cancelMarket: false, cancel: ['k2', 'k3'], kept: 1, deferred: 0 }]);
  });
});
