/**
 * The risk gate pulls a market for its end (risk-gate.ts): from its stop (view.stopAtMs) or, with
 * no stop on the view, from its end date; when the venue closed it; when its end date is not
 * known. Every intent is refused under the reason, and nothing else of the market's is approved.
 */
import { describe, expect, it } from 'vitest';
import type { MarketView } from '../../src/market/market-view.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, show, view } from './view-fixture.js';

const END = T0 + 600_000;
const STOP = END - 300_000;

function at(v: MarketView, nowMs: number, patch: Partial<MarketView> = {}, meta: Partial<MarketView['meta']> = {}): MarketView {
  return { ...v, ...patch, nowMs, meta: { ...v.meta, endDateMs: END, ...meta } };
}

describe('the risk gate at a market end', () => {
  it('approves up to the millisecond before the stop, and pulls from the stop on (market-ending)', () => {
    const g = new RiskGate(validateRiskLimits({}));
    const intents = [bid('0.48', 10), ask('0.52', 10)];
    const before = g.evaluate(at(view(), STOP - 1, { stopAtMs: STOP }), intents, STOP - 1);
    expect(before.pulled).toBe(false);
    expect(show(before.approved)).toEqual(['BUY m1:0 0.48 x 10', 'SELL m1:0 0.52 x 10']);

    const inside = g.evaluate(at(view(), STOP, { stopAtMs: STOP }), intents, STOP);
    expect(inside).toMatchObject({ approved: [], pulled: true, refused: { 'market-ending': 2 } });
    // Its share of the global limits is what it still has: nothing resting, nothing approved.
    expect(g.snapshot().restingOrders).toBe(0);
    expect(g.snapshot().refusals['market-ending']).toBe(2);
    // The state is not changed: the market is pulled, not HALTED.
    expect(inside.state).toBe('ACTIVE');
  });

  it('with no stop on the view, pulls at the end date itself', () => {
    const g = new RiskGate(validateRiskLimits({}));
    expect(g.evaluate(at(view(), END - 1), [bid('0.48', 10)], END - 1).pulled).toBe(false);
    expect(g.evaluate(at(view(), END), [bid('0.48', 10)], END)).toMatchObject({ pulled: true, refused: { 'market-ending': 1 } });
    // Without any end date (a test's market, a backtest's): never for its end.
    expect(g.evaluate(view(), [bid('0.48', 10)], END + 1e9).pulled).toBe(false);
  });

  it('pulls a market the venue closed, and one whose end date is missing or malformed, whatever the time', () => {
    const g = new RiskGate(validateRiskLimits({}));
    const closed = g.evaluate(at(view(), T0, { stopAtMs: STOP }, { venueClosed: 'not-accepting-orders' }), [bid('0.48', 10)], T0);
    expect(closed).toMatchObject({ pulled: true, refused: { 'market-closed': 1 } });
    const unknown = g.evaluate(at(view(), T0, {}, { endDateMs: undefined, endDateProblem: 'malformed' }), [ask('0.52', 10)], T0);
    expect(unknown).toMatchObject({ pulled: true, refused: { 'end-date-unknown': 1 } });
    // The kill switch is counted first, as for any pull.
    g.setKillSwitch(true, 'test');
    expect(g.evaluate(at(view(), STOP, { stopAtMs: STOP }), [bid('0.48', 10)], STOP).refused).toEqual({ 'kill-switch': 1 });
  });
});
