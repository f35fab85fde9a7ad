/** A burst of venue errors or throttles pulls every market's quotes for a while, then they return. */
import { describe, expect, it } from 'vitest';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, bid, view } from './view-fixture.js';

const gate = () => new RiskGate(validateRiskLimits({ errorBurst: { count: 3, windowMs: 1_000, backoffMs: 5_000 } }));

describe('error burst back-off', () => {
  it('starts at the count-th failure within the window and ends exactly backoffMs later', () => {
    const g = gate();
    expect(g.recordVenueFailure('error', T0)).toBeUndefined();
    expect(g.recordVenueFailure('throttle', T0 + 500)).toBeUndefined();
    // The failure at T0 has left the window at T0 + 1001.
    expect(g.recordVenueFailure('error', T0 + 1_001)).toBeUndefined();
    expect(g.recordVenueFailure('throttle', T0 + 1_500)).toBe(T0 + 6_500);

    for (const market of ['m1', 'm2']) {
      expect(g.evaluate(view({ market }), [bid('0.48', 10, market)], T0 + 6_499)).toEqual({
        approved: [],
        state: 'ACTIVE',
        refused: { 'error-backoff': 1 },
        pulled: true,
        trimmed: 0,
        moved: 0,
        overlap: false,
      });
    }
    expect(g.snapshot(T0 + 6_499).backoffUntilMs).toBe(T0 + 6_500);
    expect(g.inBackoff(T0 + 6_500)).toBe(false);
    expect(g.evaluate(view(), [bid('0.48', 10)], T0 + 6_500).approved).toHaveLength(1);
    expect(g.snapshot(T0 + 6_500).backoffUntilMs).toBeUndefined();
    expect(g.snapshot().failures).toEqual({ error: 2, throttle: 2, backoffs: 1 });
  });

  it('a failure counts until t + windowMs inclusive', () => {
    const g = gate();
    g.recordVenueFailure('error', T0);
    g.recordVenueFailure('error', T0 + 500);
    expect(g.recordVenueFailure('error', T0 + 1_000)).toBe(T0 + 6_000);
  });

  it('starts counting afresh after a burst; another full burst during the back-off extends it', () => {
    const g = gate();
    for (const t of [0, 1, 2]) g.recordVenueFailure('error', T0 + t);
    expect(g.recordVenueFailure('error', T0 + 100)).toBeUndefined();
    expect(g.recordVenueFailure('error', T0 + 200)).toBeUndefined();
    expect(g.recordVenueFailure('error', T0 + 300)).toBe(T0 + 5_300);
    expect(g.inBackoff(T0 + 5_299)).toBe(true);
    expect(g.inBackoff(T0 + 5_300)).toBe(false);
  });

  it('a limit reload changes the burst rule for the next failures', () => {
    const g = gate();
    g.setLimits(validateRiskLimits({ errorBurst: { count: 1, windowMs: 1_000, backoffMs: 100 } }));
    expect(g.recordVenueFailure('throttle', T0)).toBe(T0 + 100);
  });

  it('the kill switch reason wins over the back-off', () => {
    const g = gate();
    for (const t of [0, 1, 2]) g.recordVenueFailure('error', T0 + t);
    g.setKillSwitch(true, 'test');
    expect(g.evaluate(view(), [bid('0.48', 10)], T0 + 10).refused).toEqual({ 'kill-switch': 1 });
  });
});
