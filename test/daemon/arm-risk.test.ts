import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { armRisk } from '../../src/daemon/arm-risk.js';
import { newDaemonView } from '../../src/daemon/daemon-view.js';
import { Portfolio } from '../../src/portfolio/index.js';
import type { ResolvedBinding } from '../../src/trading/market-bindings.js';
import { phaseContext } from './phase-context.js';

const binding = (conditionId: string, state?: ResolvedBinding['state']) =>
  ({ conditionId, tokens: [`${conditionId}:0`, `${conditionId}:1`], strategy: undefined, params: {}, state }) as unknown as ResolvedBinding;

describe('phase arm-risk', () => {
  it('sets the configured states, overall and per market, and shows the gate to the admin server', () => {
    const clock = new FakeClock(0);
    const { ctx, lines } = phaseContext(undefined, { MAKERD_RISK_STATE: 'REDUCING' }, clock);
    const view = newDaemonView();
    const armed = armRisk(ctx, {
      bindings: [binding('m1'), binding('m2', 'HALTED')],
      portfolio: new Portfolio({ clock }),
      view,
      onLossLimitChange: () => undefined,
    });
    expect(view.risk).toBe(armed.risk);
    expect(view.losses).toBe(armed.losses);
    expect(armed.risk.overallState()).toBe('REDUCING');
    expect(armed.risk.stateOf('m1')).toBe('REDUCING');
    expect(armed.risk.stateOf('m2')).toBe('HALTED');
    armed.risk.setOverride('m1', 'test', 'HALTED');
    expect(lines.at(-1)).toMatchObject({ msg: 'market trading state changed', market: 'm1', from: 'REDUCING', to: 'HALTED' });
  });

  it('engages the kill switch before anything is placed when risk.killSwitch is set', () => {
    const clock = new FakeClock(0);
    const { ctx } = phaseContext(undefined, { MAKERD_RISK_KILL_SWITCH: 'true' }, clock);
    const armed = armRisk(ctx, {
      bindings: [binding('m1')],
      portfolio: new Portfolio({ clock }),
      view: newDaemonView(),
      onLossLimitChange: () => undefined,
    });
    expect(armed.risk.snapshot(0)).toMatchObject({ killSwitch: true, overall: 'HALTED' });
  });

  it('checkLosses says nothing and changes nothing while no limit is crossed', () => {
    const clock = new FakeClock(0);
    const { ctx, lines } = phaseContext(undefined, { MAKERD_RISK_MAX_DAILY_LOSS: '100' }, clock);
    let changes = 0;
    const armed = armRisk(ctx, {
      bindings: [binding('m1')],
      portfolio: new Portfolio({ clock }),
      view: newDaemonView(),
      onLossLimitChange: () => changes++,
    });
    const before = lines.length;
    armed.checkLosses();
    expect(changes).toBe(0);
    expect(lines.length).toBe(before);
    expect(armed.losses.snapshot().engaged).toEqual({ daily_loss: false, drawdown: false });
  });
});
