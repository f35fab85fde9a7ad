import { describe, expect, it } from 'vitest';
import { TRADING_STATES, compareStates, isTradingState, stateRank, worstState } from '../../src/risk/index.js';

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

  it('isTradingState accepts exactly the three names', () => {
    expect(['ACTIVE', 'REDUCING', 'HALTED'].every(isTradingState)).toBe(true);
    expect(['active', 'PAUSED', '', undefined, 1].some(isTradingState)).toBe(false);
  });
});
