/** Every refusal is counted by reason, cumulatively, with every reason present (metric labels). */
import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS, RiskGate, emptyRefusals, validateRiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, view } from './view-fixture.js';

describe('refusal counters', () => {
  it('start at zero for every reason and add up across evaluations and markets', () => {
    const g = new RiskGate(validateRiskLimits({ maxOrdersPerMarket: 1 }));
    expect(g.snapshot().refusals).toEqual(emptyRefusals());
    expect(Object.keys(g.snapshot().refusals)).toEqual([...REFUSAL_REASONS]);

    g.evaluate(view(), [bid('0.48', 10), ask('0.52', 10), bid('0.005', 10)], T0);
    g.evaluate(view({ market: 'm2' }), [bid('0.48', 10, 'm2'), bid('0.48', 3, 'm2')], T0);
    g.evaluate(view({ book1: null }), [bid('0.48', 10), ask('0.52', 10)], T0);
    g.setConfiguredState('m2', 'HALTED');
    g.evaluate(view({ market: 'm2' }), [bid('0.48', 10, 'm2')], T0);

    expect(g.snapshot().refusals).toEqual({
      ...emptyRefusals(),
      'market-orders': 1,
      'price-range': 1,
      'below-min-size': 1,
      'stale-book': 2,
      halted: 1,
    });
  });

  it('the snapshot is a copy', () => {
    const g = new RiskGate(validateRiskLimits({}));
    const s = g.snapshot();
    g.evaluate(view({ book0: null }), [bid('0.48', 10)], T0);
    expect(s.refusals['stale-book']).toBe(0);
    expect(g.snapshot().refusals['stale-book']).toBe(1);
  });
});
