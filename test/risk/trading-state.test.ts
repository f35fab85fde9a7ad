import { describe, expect, it } from 'vitest';
import { TRADING_STATES, compareStates, isTradingState, stateRank, worstState } from '../../src/risk/index.js';
import { worseState } from '../../src/risk/trading-state.js';

describe('trading states', () => {
  it('are ordered ACTIVE < REDUCING < HALTED', () => {
    expect(TRADING_STATES).toEqual(['ACTIVE', 'REDUCING', 'HALTED']);
    expect(TRADING_STATES.map(stateRank)).toEqual([0, 1, 2]);
    expect(compareStates('ACTIVE', 'REDUCING')).toBeLessThan(0);
    expect(compareStates('HALTED', 'REDUCING')).toBeGreaterThan(0);
    expect(compareStates('REDUCING', 'REDUCING')).toBe(0);
  });

  it('worstState takes the most restrictive, ignores undefined, and is ACTIVE when empty', () => {
    expect(worstState()).toBe('ACTIVE');
    expect(worstState(undefined, undefined)).toBe('ACTIVE');
    expect(worstState('ACTIVE', 'REDUCING', undefined)).toBe('REDUCING');
    expect(worstState('HALTED', 'REDUCING', 'ACTIVE')).toBe('HALTED');
    expect(worstState('REDUCING', 'ACTIVE')).toBe('REDUCING');
  });

  it('worseState takes the more restrictive of two, and ignores undefined', () => {
    for (const a of TRADING_STATES) {
      expect(worseState(a, undefined)).toBe(a);
      for (const b of TRADING_STATES) expect(worseState(a, b)).toBe(worstState(a, b));
    }
    expect(worseState('REDUCING', 'HALTED')).toBe('HALTED');
    expect(worseState('HALTED', 'ACTIVE')).toBe('HALTED');
  });

  it('isTradingState accepts exactly the three names', () => {
    expect(['ACTIVE', 'REDUCING', 'HALTED'].every(isTradingState)).toBe(true);
    expect(['active', 'PAUSED', '', undefined, 1].some(isTradingState)).toBe(false);
  });
});
