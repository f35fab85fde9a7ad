/** States per market and overall: what moves a market between them, and what each one lets out. */
import { describe, expect, it } from 'vitest';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, buyNo, sellNo, show, view } from './view-fixture.js';

function harness(over: Record<string, unknown> = {}) {
  const gate = new RiskGate(validateRiskLimits(over));
  const events: string[] = [];
  gate.onStateChange((m, from, to, why) => events.push(`${m} ${from}->${to}: ${why}`));
  return { gate, events };
}

describe('REDUCING by exposure', () => {
  it('starts when |net exposure| passes the limit, lets out only reducing orders up to zero, and ends when back under', () => {
    const { gate, events } = harness();
    const intents = [bid('0.48', 10), ask('0.52', 200), ask('0.53', 200), ask('0.54', 10)];
    const d = gate.evaluate(view({ pos: [350, 0] }), intents, T0);
    expect(d.state).toBe('REDUCING');
    expect(d.pulled).toBe(false);
    expect(show(d.approved)).toEqual(['SELL m1:0 0.52 x 200', 'SELL m1:0 0.53 x 150']);
    expect(d).toMatchObject({ trimmed: 1, refused: { reducing: 2 } });
    expect(events).toEqual(['m1 ACTIVE->REDUCING: net exposure 350 is beyond risk.maxNetExposure 300']);

    // Still REDUCING (no new event) while above; exactly at the limit is within it.
    gate.evaluate(view({ pos: [320, 0] }), [], T0);
    expect(events).toHaveLength(1);
    const back = gate.evaluate(view({ pos: [300, 0] }), [bid('0.48', 10)], T0);
    expect(back.state).toBe('ACTIVE');
    expect(back.approved).toHaveLength(0); // q + 10 would pass 300
    expect(back.refused).toEqual({ 'exposure-limit': 1 });
    expect(events).toEqual([
      'm1 ACTIVE->REDUCING: net exposure 350 is beyond risk.maxNetExposure 300',
      'm1 REDUCING->ACTIVE: position and net exposure back within limits',
    ]);
  });

  it('when short outcome 0, lets out bids (BUY outcome 0 or SELL outcome 1) up to zero', () => {
    const { gate } = harness({ maxNetExposure: 30 });
    const d = gate.evaluate(view({ pos: [0, 40] }), [bid('0.48', 30), sellNo('0.53', 30), ask('0.52', 10), buyNo('0.47', 10)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.48 x 30', 'SELL m1:1 0.53 x 10']);
    expect(d.refused).toEqual({ reducing: 2 });
  });

  it('also starts when one token position passes risk.maxPositionPerToken; other limits still apply', () => {
    const { gate, events } = harness();
    // q = 120 (within 300), but 520 of outcome 0 held.
    const d = gate.evaluate(view({ pos: [520, 400] }), [ask('0.52', 100), buyNo('0.47', 50), bid('0.48', 10), buyNo('0.46', 200)], T0);
    expect(d.state).toBe('REDUCING');
    expect(show(d.approved)).toEqual(['SELL m1:0 0.52 x 100', 'BUY m1:1 0.47 x 20']);
    expect(d.refused).toEqual({ reducing: 2 });
    expect(events).toEqual(['m1 ACTIVE->REDUCING: outcome 0 position 520 is above risk.maxPositionPerToken 500']);
  });
});

describe('configured states', () => {
  it('a market configured REDUCING with no exposure lets nothing out but does not pull', () => {
    const { gate, events } = harness();
    gate.setConfiguredState('m1', 'REDUCING');
    const d = gate.evaluate(view(), [bid('0.48', 10), ask('0.52', 10)], T0);
    expect(d).toEqual({ approved: [], state: 'REDUCING', refused: { reducing: 2 }, pulled: false, trimmed: 0, moved: 0, overlap: false });
    expect(events).toEqual(['m1 ACTIVE->REDUCING: configured REDUCING']);
  });

  it('HALTED pulls the market only; clearing it resumes', () => {
    const { gate, events } = harness();
    gate.setConfiguredState('m1', 'HALTED');
    expect(gate.evaluate(view(), [bid('0.48', 10), ask('0.52', 10)], T0)).toEqual({
      approved: [],
      state: 'HALTED',
      refused: { halted: 2 },
      pulled: true,
      trimmed: 0,
      moved: 0,
      overlap: false,
    });
    expect(gate.evaluate(view({ market: 'm2' }), [bid('0.48', 10, 'm2')], T0).approved).toHaveLength(1);
    gate.setConfiguredState('m1', undefined);
    expect(gate.evaluate(view(), [bid('0.48', 10)], T0).approved).toHaveLength(1);
    expect(events).toEqual(['m1 ACTIVE->HALTED: configured HALTED', 'm1 HALTED->ACTIVE: configured state cleared']);
  });

  it("the overall state ('*') applies to every market and a market's own ACTIVE cannot loosen it", () => {
    const { gate, events } = harness();
    gate.evaluate(view(), [], T0);
    gate.evaluate(view({ market: 'm2' }), [], T0);
    gate.setConfiguredState('m2', 'ACTIVE');
    gate.setConfiguredState('*', 'HALTED');
    expect(gate.overallState()).toBe('HALTED');
    expect(gate.stateOf('m2')).toBe('HALTED');
    expect(gate.stateOf('never-seen')).toBe('HALTED');
    expect(gate.evaluate(view({ market: 'm2' }), [bid('0.48', 10, 'm2')], T0)).toMatchObject({ pulled: true, refused: { halted: 1 } });
    gate.setConfiguredState('*', 'ACTIVE');
    expect(gate.snapshot().markets).toEqual({ m1: 'ACTIVE', m2: 'ACTIVE' });
    expect(events).toEqual([
      '* ACTIVE->HALTED: configured HALTED for every market',
      'm1 ACTIVE->HALTED: configured HALTED for every market',
      'm2 ACTIVE->HALTED: configured HALTED for every market',
      '* HALTED->ACTIVE: configured ACTIVE for every market',
      'm1 HALTED->ACTIVE: configured ACTIVE for every market',
      'm2 HALTED->ACTIVE: configured ACTIVE for every market',
    ]);
  });

  it('a market first met while the overall state applies is not reported on its own', () => {
    const { gate, events } = harness();
    gate.setConfiguredState('*', 'REDUCING');
    gate.evaluate(view(), [], T0);
    expect(events).toEqual(['* ACTIVE->REDUCING: configured REDUCING for every market']);
  });
});

describe('overrides (the seam for loss limits and reconciliation)', () => {
  it('the worst request of every source applies; withdrawing one leaves the others', () => {
    const { gate, events } = harness();
    gate.setOverride('m1', 'portfolio.dailyLoss', 'REDUCING');
    gate.setOverride('m1', 'reconciliation', 'HALTED');
    expect(gate.stateOf('m1')).toBe('HALTED');
    gate.setOverride('m1', 'reconciliation', undefined);
    expect(gate.stateOf('m1')).toBe('REDUCING');
    gate.setOverride('*', 'portfolio.drawdown', 'HALTED');
    expect(gate.overallState()).toBe('HALTED');
    expect(gate.stateOf('m2')).toBe('HALTED');
    gate.setOverride('*', 'portfolio.drawdown', undefined);
    gate.setOverride('m1', 'portfolio.dailyLoss', undefined);
    expect(gate.stateOf('m1')).toBe('ACTIVE');
    expect(events).toEqual([
      'm1 ACTIVE->REDUCING: portfolio.dailyLoss: REDUCING',
      'm1 REDUCING->HALTED: reconciliation: HALTED',
      'm1 HALTED->REDUCING: reconciliation cleared',
      '* ACTIVE->HALTED: portfolio.drawdown: HALTED',
      'm1 REDUCING->HALTED: portfolio.drawdown: HALTED',
      '* HALTED->ACTIVE: portfolio.drawdown cleared',
      'm1 HALTED->REDUCING: portfolio.drawdown cleared',
      'm1 REDUCING->ACTIVE: portfolio.dailyLoss cleared',
    ]);
  });
});

describe('kill switch on the gate', () => {
  it('halts every market, refusing under kill-switch, until released', () => {
    const { gate, events } = harness();
    gate.evaluate(view(), [], T0);
    gate.setConfiguredState('m1', 'HALTED');
    gate.setKillSwitch(true, 'file data/KILL');
    expect(gate.evaluate(view(), [bid('0.48', 10)], T0)).toMatchObject({ state: 'HALTED', pulled: true, refused: { 'kill-switch': 1 } });
    expect(gate.evaluate(view({ market: 'm2' }), [bid('0.48', 10, 'm2')], T0)).toMatchObject({
      state: 'HALTED',
      pulled: true,
      refused: { 'kill-switch': 1 },
    });
    expect(gate.snapshot()).toMatchObject({ overall: 'HALTED', killSwitch: true, killSwitchSource: 'file data/KILL' });
    gate.setKillSwitch(false, 'file data/KILL');
    expect(gate.stateOf('m1')).toBe('HALTED');
    expect(gate.stateOf('m2')).toBe('ACTIVE');
    expect(events).toEqual([
      'm1 ACTIVE->HALTED: configured HALTED',
      '* ACTIVE->HALTED: kill switch engaged (file data/KILL)',
      '* HALTED->ACTIVE: kill switch released (file data/KILL)',
      // m2 was first met while halted: it is reported when it leaves that state.
      'm2 HALTED->ACTIVE: kill switch released (file data/KILL)',
    ]);
  });
});

describe('stale or missing books', () => {
  it("pull the market's quotes without changing its state", () => {
    const { gate, events } = harness();
    for (const v of [view({ book0: null }), view({ book1: null })]) {
      expect(gate.evaluate(v, [bid('0.48', 10), ask('0.52', 10)], T0)).toEqual({
        approved: [],
        state: 'ACTIVE',
        refused: { 'stale-book': 2 },
        pulled: true,
        trimmed: 0,
        moved: 0,
        overlap: false,
      });
    }
    expect(gate.evaluate(view(), [bid('0.48', 10)], T0).approved).toHaveLength(1);
    expect(events).toEqual([]);
  });
});

describe('listeners', () => {
  it('can unsubscribe', () => {
    const gate = new RiskGate(validateRiskLimits({}));
    const seen: string[] = [];
    const off = gate.onStateChange((m, _f, to) => seen.push(`${m} ${to}`));
    gate.setConfiguredState('m1', 'HALTED');
    off();
    gate.setConfiguredState('m1', 'ACTIVE');
    expect(seen).toEqual(['m1 HALTED']);
  });
});
