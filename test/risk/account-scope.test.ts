/**
 * risk.scope account: the exposure, gross-notional and open-order limits are account totals that
 * shard.count shards share. Each shard keeps its worst case within min(limit / N, limit - what
 * the rest of the account holds), over all its markets.
 */
import { describe, expect, it } from 'vitest';
import type { LiveOrderView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { lossLimitsFor } from '../../src/risk/account-loss-limits.js';
import { accountLimits, worstExposure } from '../../src/risk/account-scope.js';
import { RiskGate, validateLossLimits, validateRiskLimits } from '../../src/risk/index.js';
import { accountViewOf, ordersOfLastTwo } from '../../src/trading/account-view.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import type { OpenOrder } from '../../src/venue/types.js';
import { T0, ask, bid, show, view } from './view-fixture.js';

const d = (v: string | number): Decimal => new Decimal(v);
const nobody = { shards: 3, othersExposure: d(0), othersOrders: 0, othersNotional: d(0) };

describe('a shard of three with account-scoped exposure 90', () => {
  it('takes at most its third of the limit over all its markets, counting resting orders as filled', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90, maxPositionPerToken: 1000 }));
    g.setAccountView(nobody);
    // Budget 30: m1 bids 20 and asks 20 (worst case 20 either way).
    expect(show(g.evaluate(view({ market: 'm1' }), [bid('0.48', 20), ask('0.52', 20)], T0).approved)).toEqual([
      'BUY m1:0 0.48 x 20',
      'SELL m1:0 0.52 x 20',
    ]);
    // m2, long 3 already: room 30 - 20 = 10, so bids to +10 (7 more) and asks to -10 (13).
    const d2 = g.evaluate(view({ market: 'm2', pos: [3, 0] }), [bid('0.48', 20, 'm2'), ask('0.52', 20, 'm2')], T0);
    expect(show(d2.approved)).toEqual(['BUY m2:0 0.48 x 7', 'SELL m2:0 0.52 x 13']);
    expect(d2.refused).toEqual({});
    expect(d2.trimmed).toBe(2);
    // m1 shrinks to 5 each side: m2 may grow to 25.
    g.evaluate(view({ market: 'm1' }), [bid('0.48', 5), ask('0.52', 5)], T0);
    expect(show(g.evaluate(view({ market: 'm2', pos: [3, 0] }), [bid('0.48', 30, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 22']);
  });

  it('counts what the rest of the account holds: never takes the account past the limit by itself', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90 }));
    // Positions elsewhere of 75: 15 left for this shard, less than its third.
    g.setAccountView({ ...nobody, othersExposure: d(75) });
    expect(show(g.evaluate(view({ market: 'm1' }), [bid('0.48', 20), ask('0.52', 20)], T0).approved)).toEqual([
      'BUY m1:0 0.48 x 15',
      'SELL m1:0 0.52 x 15',
    ]);
    // Beyond the limit elsewhere: only orders that take this shard's exposure back toward zero.
    g.setAccountView({ ...nobody, othersExposure: d(95) });
    const r = g.evaluate(view({ market: 'm1', pos: [8, 0] }), [bid('0.48', 20), ask('0.52', 20)], T0);
    expect(show(r.approved)).toEqual(['SELL m1:0 0.52 x 8']);
    expect(r.refused).toEqual({ 'exposure-limit': 1 });
  });

  it("a market's worst case follows its position when its orders stay the same", () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90, maxPositionPerToken: 1000 }));
    g.setAccountView(nobody);
    const m2 = (): string[] => show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved);
    // Budget 30: m1's ask of 10 leaves m2 20; long 5 with the same ask, its worst case is 5: m2 gets 25.
    g.evaluate(view({ market: 'm1' }), [ask('0.52', 10)], T0);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 20']);
    g.evaluate(view({ market: 'm1', pos: [5, 0] }), [ask('0.52', 10)], T0);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 25']);
    g.evaluate(view({ market: 'm1', pos: [5, 0] }), [ask('0.52', 10)], T0);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 25']);
  });

  it('counts the worst cases of markets evaluated before the account view came', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90, maxPositionPerToken: 1000 }));
    g.evaluate(view({ market: 'm1', pos: [4, 0] }), [bid('0.48', 10)], T0);
    g.evaluate(view({ market: 'm3' }), [ask('0.52', 6, 'm3')], T0);
    g.evaluate(view({ market: 'm3' }), [ask('0.52', 2, 'm3')], T0);
    g.forgetMarket('m3');
    g.setAccountView(nobody);
    // Budget 30, m1's worst case 4 + 10: m2 gets 16.
    expect(show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 16']);
    // Off and on again: the total starts afresh, m2's own 16 included.
    g.setAccountView(undefined);
    g.evaluate(view({ market: 'm1' }), [bid('0.48', 6)], T0);
    g.setAccountView(nobody);
    expect(show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 24']);
  });

  it('without an account view (risk.scope daemon) the limit is per market, as before', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90 }));
    expect(show(g.evaluate(view({ market: 'm1' }), [bid('0.48', 80)], T0).approved)).toEqual(['BUY m1:0 0.48 x 80']);
    expect(show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 80, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 80']);
  });

  it('shares the gross-notional and open-order limits the same way', () => {
    const limits = validateRiskLimits({ maxGrossNotional: 100, maxOpenOrders: 10 });
    const l = accountLimits(limits, { ...nobody, othersOrders: 8, othersNotional: d('80.5') }, d(0));
    expect([l.maxGrossNotional.toFixed(), l.maxOpenOrders]).toEqual(['19.5', 2]);
    const share = accountLimits(limits, nobody, d(0));
    expect([share.maxGrossNotional.toFixed(), share.maxOpenOrders]).toEqual(['33.333333', 3]);
    // Three shards' budgets never add up to more than the limit, whatever each reads.
    expect(share.maxGrossNotional.mul(3).lte(100)).toBe(true);
  });

  it("takes its share of the account's loss limits, and leaves an unset one unset", () => {
    const limits = validateLossLimits({ maxDailyLoss: '100', maxDrawdown: '0' });
    const shared = lossLimitsFor(limits, 'account', 3);
    expect([shared.maxDailyLoss?.toFixed(), shared.maxDrawdown]).toEqual(['33.333333', undefined]);
    expect(lossLimitsFor(limits, 'daemon', 3).maxDailyLoss?.toFixed()).toBe('100');
  });

  it('worst case of a market: every bid filled or every ask filled, whichever is farther from zero', () => {
    expect(worstExposure(d(5), d(10), d(3)).toFixed()).toBe('15');
    expect(worstExposure(d(5), d(0), d(30)).toFixed()).toBe('25');
    expect(worstExposure(d(-7), d(0), d(0)).toFixed()).toBe('7');
  });
});

describe('the rest of the account, from the venue', () => {
  it("sums |outcome 0 - outcome 1| of every market outside the shard's, and the open orders outside them", () => {
    const positions = new Map([
      ['a:0', d(10)],
      ['a:1', d(4)],
      ['b:1', d('7.5')],
      ['mine:0', d(50)],
    ]);
    const order = (market: string, price: string, size: string, matched: string) =>
      ({ market, price, original_size: size, size_matched: matched }) as OpenOrder;
    const v = accountViewOf(3, new Set(['mine']), positions, [order('a', '0.4', '10', '2'), order('mine', '0.5', '10', '0')]);
    expect(v.shards).toBe(3);
    expect(v.othersExposure.toFixed()).toBe('13.5');
    expect([v.othersOrders, v.othersNotional.toFixed()]).toEqual([1, '3.2']);
  });

  it("counts the others' orders of the last two listings, each once, the later record winning", () => {
    const order = (id: string, matched: string) =>
      ({ id, market: 'a', price: '0.5', original_size: '10', size_matched: matched }) as OpenOrder;
    // o2 was skipped by the latest listing (its pages shifted); o1 filled meanwhile; o3 is new.
    const previous = [order('o1', '0'), order('o2', '0')];
    const latest = [order('o1', '4'), order('o3', '0')];
    const both = ordersOfLastTwo(previous, latest);
    expect(both.map((o) => [o.id, o.size_matched])).toEqual([
      ['o1', '4'],
      ['o2', '0'],
      ['o3', '0'],
    ]);
    const v = accountViewOf(3, new Set(['mine']), new Map(), both);
    expect([v.othersOrders, v.othersNotional.toFixed()]).toEqual([3, '13']);
  });
});

describe('orders a market still has until their cancels are answered', () => {
  /** The order an intent became, resting in full. */
  const held = (i: OrderIntent): LiveOrderView => ({
    id: `o-${i.tokenId}`,
    tokenId: i.tokenId,
    side: i.side,
    price: i.price,
    remaining: i.size,
  });

  it('count in its share of the shard budget, re-priced (cancel before place) or pulled', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 90, maxPositionPerToken: 1000 }));
    g.setAccountView(nobody);
    const old = [held(bid('0.48', 20))];
    // m1 now wants a bid of 5, but its bid of 20 rests until the cancel is answered: m2 gets 30 - 20.
    expect(show(g.evaluate(view({ market: 'm1' }), [bid('0.47', 5)], T0, old, false).approved)).toEqual(['BUY m1:0 0.47 x 5']);
    const m2 = (): string[] => show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 10']);
    // The cancel answered (nothing rests yet): the room comes back at m1's next evaluation.
    g.evaluate(view({ market: 'm1' }), [bid('0.47', 5)], T0, [], false);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 25']);
    // Pulled (a book gone) while the bid of 20 rests: still counted, and in the open-order count.
    g.evaluate(view({ market: 'm1', book0: null }), [], T0, old, false);
    expect(m2()).toEqual(['BUY m2:0 0.48 x 10']);
    expect(g.snapshot(T0).restingOrders).toBe(2);
  });
});
