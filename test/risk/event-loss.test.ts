/**
 * The worst-case loss of a neg-risk event (src/risk/event-loss.ts) against figures computed by
 * hand, to the micro-USDC: each market's two figures, every resolution's loss, the worst one.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import {
  type EventLeg,
  type EventOrder,
  type HeldShares,
  heldLeg,
  largerLeg,
  legWithOrders,
  orderLoss,
  resolutions,
  worstResolution,
} from '../../src/risk/event-loss.js';

const d = (v: string | number): Decimal => new Decimal(v);
const tokens = (m: string): [string, string] => [`${m}:0`, `${m}:1`];
const held = (s0: string, s1: string, p0?: string, p1?: string): HeldShares => ({
  shares: [d(s0), d(s1)],
  paid: [p0 === undefined ? undefined : d(p0), p1 === undefined ? undefined : d(p1)],
});
const order = (tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): EventOrder => ({
  tokenId,
  side,
  price: d(price),
  size: d(size),
});
const show = (l: EventLeg): [string, string] => [l.yes.toFixed(), l.no.toFixed()];
const table = (legs: [string, EventLeg][]): [string, string][] => resolutions(legs).map((r) => [r.yes ?? 'other', r.loss.toFixed()]);

describe('one market: its two figures', () => {
  it('held shares: the cost basis less what outcome 0 pays (Yes) or outcome 1 pays (No)', () => {
    // 100 Yes that cost 30, 60 No that cost 45.
    expect(show(heldLeg(held('100', '60', '30', '45')))).toEqual(['-25', '15']);
    // Nothing held, nothing paid.
    expect(show(heldLeg(held('0', '0', '0', '0')))).toEqual(['0', '0']);
  });

  it('a holding whose cost is not known counts at 1 a share: it can only lose', () => {
    expect(show(heldLeg(held('8.88', '0')))).toEqual(['0', '8.88']);
    expect(show(heldLeg(held('0', '8.88')))).toEqual(['8.88', '0']);
  });

  it('an order adds in the resolutions where filling it loses, and only there', () => {
    const nothing = held('0', '0', '0', '0');
    // A BUY loses its price where its token pays 0.
    expect(orderLoss(0, 'BUY', d('0.28'), nothing)).toEqual({ figure: 'no', perShare: d('0.28') });
    expect(orderLoss(1, 'BUY', d('0.5'), nothing)).toEqual({ figure: 'yes', perShare: d('0.5') });
    // A SELL gives up 1 a share where its token pays 1, having taken out its average cost.
    const a = held('100', '60', '30', '45');
    expect(orderLoss(0, 'SELL', d('0.34'), a)).toEqual({ figure: 'yes', perShare: d('0.7') });
    expect(orderLoss(1, 'SELL', d('0.9'), a)).toEqual({ figure: 'no', perShare: d('0.25') });
    // Of a token not held: a short opened at its price.
    expect(orderLoss(0, 'SELL', d('0.34'), nothing)).toEqual({ figure: 'yes', perShare: d('0.66') });
    // Shares whose cost is not known cost 1: selling them gives up nothing more.
    expect(orderLoss(1, 'SELL', d('0.999'), held('0', '8.88')).perShare.toFixed()).toBe('0');
  });

  it('a SELL whose average cost does not divide out rounds toward the larger loss, at 10^-12', () => {
    // 3 shares that cost 1: the average 0.333333333333 (rounded down), 1 - it rounded up.
    expect(orderLoss(0, 'SELL', d('0.5'), held('3', '0', '1', '0')).perShare.toFixed()).toBe('0.666666666667');
  });

  it('orders on another market’s tokens, and orders of no size, are not the market’s', () => {
    const leg = legWithOrders(tokens('m'), held('0', '0', '0', '0'), [order('x:0', 'BUY', '0.5', '10'), order('m:0', 'BUY', '0.5', '0')]);
    expect(show(leg)).toEqual(['0', '0']);
  });

  it('the larger of two legs, figure by figure', () => {
    const a = { yes: d('5'), no: d('-1') };
    const b = { yes: d('2'), no: d('3') };
    expect(show(largerLeg([a, b]))).toEqual(['5', '3']);
    expect(show(largerLeg([]))).toEqual(['0', '0']);
  });
});

describe('an event of 3 outcomes (the worked example of docs/risk.md)', () => {
  // A: 100 Yes bought at 0.30 (paid 30); a bid of 50 at 0.28 and an ask of 40 at 0.34 (SELL Yes).
  const A = legWithOrders(tokens('A'), held('100', '0', '30', '0'), [
    order('A:0', 'BUY', '0.28', '50'),
    order('A:0', 'SELL', '0.34', '40'),
  ]);
  // B: nothing held; a bid of 100 at 0.45 (BUY Yes) and an ask of 100 at 0.50 (BUY No at 0.50).
  const B = legWithOrders(tokens('B'), held('0', '0', '0', '0'), [order('B:0', 'BUY', '0.45', '100'), order('B:1', 'BUY', '0.50', '100')]);
  // C: 60 No bought at 0.75 (paid 45); a bid of 80 at 0.20 (BUY Yes).
  const C = legWithOrders(tokens('C'), held('0', '60', '0', '45'), [order('C:0', 'BUY', '0.20', '80')]);
  const legs: [string, EventLeg][] = [
    ['A', A],
    ['B', B],
    ['C', C],
  ];

  it("each market's figures", () => {
    // A Yes: 30 - 100 + 40 x (1 - 0.30); A No: 30 + 50 x 0.28.
    expect(show(A)).toEqual(['-42', '44']);
    // B Yes: the No bid fills, 100 x 0.50; B No: the Yes bid fills, 100 x 0.45.
    expect(show(B)).toEqual(['50', '45']);
    // C Yes: the No shares pay 0, 45; C No: 45 - 60 + 80 x 0.20.
    expect(show(C)).toEqual(['45', '1']);
  });

  it('every resolution, and the worst: 134 if C resolves Yes', () => {
    expect(table(legs)).toEqual([
      ['A', '4'],
      ['B', '95'],
      ['C', '134'],
      ['other', '90'],
    ]);
    const worst = worstResolution(legs);
    expect([worst.yes, worst.loss.toFixed()]).toEqual(['C', '134']);
  });
});

describe('an event of 5 outcomes, to the micro-USDC', () => {
  const legs: [string, EventLeg][] = [
    // 12.34 Yes at 0.457 (5.63938); an ask of 7.5 as a BUY No at 0.541 (4.0575 where M1 resolves Yes).
    ['M1', legWithOrders(tokens('M1'), held('12.34', '0', '5.63938', '0'), [order('M1:1', 'BUY', '0.541', '7.5')])],
    // A bid of 20.01 at 0.123: 2.46123 lost unless M2 resolves Yes.
    ['M2', legWithOrders(tokens('M2'), held('0', '0', '0', '0'), [order('M2:0', 'BUY', '0.123', '20.01')])],
    // 8.88 No of unknown cost (counted at 8.88); selling 4.44 of them gives up nothing more.
    ['M3', legWithOrders(tokens('M3'), held('0', '8.88'), [order('M3:1', 'SELL', '0.999', '4.44')])],
    // 3 Yes that cost 1, all offered at 0.5: 3 x 0.666666666667 where M4 resolves Yes.
    ['M4', legWithOrders(tokens('M4'), held('3', '0', '1', '0'), [order('M4:0', 'SELL', '0.5', '3')])],
    // Quoted, nothing held or resting.
    ['M5', legWithOrders(tokens('M5'), held('0', '0', '0', '0'), [])],
  ];

  it('the figures of each market', () => {
    expect(legs.map(([, l]) => show(l))).toEqual([
      ['-2.64312', '5.63938'],
      ['0', '2.46123'],
      ['8.88', '0'],
      ['0.000000000001', '1'],
      ['0', '0'],
    ]);
  });

  it('every resolution and the worst (17.98061 if M3 resolves Yes)', () => {
    expect(table(legs)).toEqual([
      ['M1', '0.81811'],
      ['M2', '6.63938'],
      ['M3', '17.98061'],
      ['M4', '8.100610000001'],
      ['M5', '9.10061'],
      ['other', '9.10061'],
    ]);
    expect(worstResolution(legs)).toEqual({ yes: 'M3', loss: d('17.98061') });
  });

  it('equal losses: the first resolution listed is the worst, another outcome last', () => {
    const flat: [string, EventLeg][] = [['X', { yes: d('1'), no: d('1') }]];
    // X Yes: 1; another outcome: 1.
    expect(worstResolution(flat).yes).toBe('X');
  });
});
