/** Limits over all markets (open orders, gross notional) and limits reloaded at run time. */
import { describe, expect, it } from 'vitest';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, show, view } from './view-fixture.js';

const m1 = view({ market: 'm1' });
const m2 = view({ market: 'm2' });

describe('open orders over all markets', () => {
  it("counts every market's latest approved orders and drops the farthest from the touch", () => {
    const g = new RiskGate(validateRiskLimits({ maxOpenOrders: 3 }));
    expect(g.evaluate(m1, [bid('0.48', 10), ask('0.52', 10)], T0).approved).toHaveLength(2);
    const d = g.evaluate(m2, [bid('0.46', 10, 'm2'), ask('0.53', 10, 'm2')], T0);
    expect(show(d.approved)).toEqual(['SELL m2:0 0.53 x 10']);
    expect(d.refused).toEqual({ 'open-orders': 1 });
    expect(g.snapshot().restingOrders).toBe(3);

    // m1 wants one order now: its share shrinks and m2 gets both.
    expect(g.evaluate(m1, [bid('0.48', 10)], T0).approved).toHaveLength(1);
    expect(g.evaluate(m2, [bid('0.46', 10, 'm2'), ask('0.53', 10, 'm2')], T0).approved).toHaveLength(2);
    // A re-evaluation of the same market replaces its own share rather than adding to it.
    expect(g.evaluate(m2, [bid('0.46', 10, 'm2'), ask('0.53', 10, 'm2')], T0).approved).toHaveLength(2);
    expect(g.snapshot().restingOrders).toBe(3);
  });

  it('a pulled market and a forgotten market leave the count', () => {
    const g = new RiskGate(validateRiskLimits({ maxOpenOrders: 2 }));
    g.evaluate(m1, [bid('0.48', 10), ask('0.52', 10)], T0);
    expect(g.evaluate(m2, [bid('0.48', 10, 'm2')], T0).refused).toEqual({ 'open-orders': 1 });
    g.evaluate(view({ market: 'm1', book0: null }), [bid('0.48', 10), ask('0.52', 10)], T0);
    expect(g.evaluate(m2, [bid('0.48', 10, 'm2')], T0).approved).toHaveLength(1);
    g.evaluate(m1, [bid('0.48', 10)], T0);
    expect(g.snapshot().restingOrders).toBe(2);
    g.forgetMarket('m1');
    expect(g.snapshot().restingOrders).toBe(1);
    expect(g.snapshot().markets).toEqual({ m2: 'ACTIVE' });
  });
});

describe('gross notional over all markets', () => {
  it('sums price x size of approved orders; past the limit the farthest orders are dropped, none after the first', () => {
    const g = new RiskGate(validateRiskLimits({ maxGrossNotional: 20 }));
    // 0.48 x 20 + 0.52 x 10 = 14.8 USDC.
    expect(g.evaluate(m1, [bid('0.48', 20), ask('0.52', 10)], T0).approved).toHaveLength(2);
    expect(g.snapshot().restingNotional.toFixed()).toBe('14.8');
    // m2: 0.49 x 5 = 2.45 fits (17.25); 0.53 x 10 = 5.3 does not; 0.46 x 5 = 2.3 would, but is farther.
    const d = g.evaluate(m2, [bid('0.46', 5, 'm2'), ask('0.53', 10, 'm2'), bid('0.49', 5, 'm2')], T0);
    expect(show(d.approved)).toEqual(['BUY m2:0 0.49 x 5']);
    expect(d.refused).toEqual({ 'gross-notional': 2 });
    expect(g.snapshot().restingNotional.toFixed()).toBe('17.25');
  });

  it('a re-evaluation keeps an unchanged share and replaces a changed one of the same count', () => {
    const g = new RiskGate(validateRiskLimits({ maxGrossNotional: 20 }));
    g.evaluate(m1, [bid('0.48', 20), ask('0.52', 10)], T0);
    g.evaluate(m1, [bid('0.48', 20), ask('0.52', 10)], T0);
    expect(g.snapshot().restingNotional.toFixed()).toBe('14.8');
    // Same count, 0.2 USDC less: 0.47 x 20 + 0.52 x 10 = 14.6.
    g.evaluate(m1, [bid('0.47', 20), ask('0.52', 10)], T0);
    expect(g.snapshot().restingNotional.toFixed()).toBe('14.6');
    // m2: 0.49 x 11 = 5.39 fits in 20 - 14.6 (it would not in 20 - 14.8).
    expect(show(g.evaluate(m2, [bid('0.49', 11, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.49 x 11']);
    expect(g.snapshot().restingNotional.toFixed()).toBe('19.99');
  });

  it('an order exactly at the limit passes', () => {
    const g = new RiskGate(validateRiskLimits({ maxGrossNotional: '4.8' }));
    expect(g.evaluate(m1, [bid('0.48', 10), bid('0.47', 5)], T0).refused).toEqual({ 'gross-notional': 1 });
    expect(g.snapshot().restingNotional.toFixed()).toBe('4.8');
  });
});

describe('setLimits', () => {
  it('takes effect at the next evaluation', () => {
    const g = new RiskGate(validateRiskLimits({}));
    expect(show(g.evaluate(m1, [bid('0.48', 150)], T0).approved)).toEqual(['BUY m1:0 0.48 x 150']);
    g.setLimits(validateRiskLimits({ maxOrderSize: 50, maxOrdersPerMarket: 1 }, 'reload'));
    const d = g.evaluate(m1, [bid('0.48', 150), ask('0.52', 10)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.48 x 50']);
    expect(d).toMatchObject({ trimmed: 1, refused: { 'market-orders': 1 } });
    expect(g.limits.maxOrderSize.toFixed()).toBe('50');
  });

  it('re-judges the automatic REDUCING state at once, and reports it', () => {
    const g = new RiskGate(validateRiskLimits({}));
    const events: string[] = [];
    g.onStateChange((m, from, to, why) => events.push(`${m} ${from}->${to}: ${why}`));
    g.evaluate(view({ pos: [250, 0] }), [], T0);
    expect(g.stateOf('m1')).toBe('ACTIVE');
    g.setLimits(validateRiskLimits({ maxNetExposure: 200 }));
    expect(g.stateOf('m1')).toBe('REDUCING');
    g.setLimits(validateRiskLimits({}));
    expect(g.stateOf('m1')).toBe('ACTIVE');
    expect(events).toEqual([
      'm1 ACTIVE->REDUCING: limits reloaded: net exposure 250 is beyond risk.maxNetExposure 200',
      'm1 REDUCING->ACTIVE: limits reloaded',
    ]);
  });
});
