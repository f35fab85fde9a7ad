/**
 * Flow profiles (src/sim/flow/flow-profiles.ts): each sets the seven documented values, `default`
 * is the simulator's defaults exactly, and an unknown name is a CONFIG error naming the key, the
 * value and the allowed names.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, isMakerdError } from '../../../src/errors.js';
import { DEFAULT_FLOW_PARAMS, FLOW_PROFILES, FLOW_PROFILE_NAMES, PROFILED_FLOW_KEYS, flowProfile } from '../../../src/sim/flow/index.js';

const perHour = (name: keyof typeof FLOW_PROFILES) => {
  const p = FLOW_PROFILES[name].params;
  return { ...p, jumpRate: Math.round(p.jumpRate * 3600 * 1e9) / 1e9 };
};

describe('flow profiles', () => {
  it('are calm, default, news, busy and informed, with the documented values (jumps per hour)', () => {
    expect(FLOW_PROFILE_NAMES).toEqual(['calm', 'default', 'news', 'busy', 'informed']);
    expect(perHour('calm')).toEqual({ A: 0.3, k: 60, sigma: 0.004, jumpRate: 2, jumpSize: 0.3, informedShare: 0.1, foresightMs: 0 });
    expect(perHour('default')).toEqual({ A: 0.5, k: 60, sigma: 0.01, jumpRate: 12, jumpSize: 0.4, informedShare: 0.3, foresightMs: 0 });
    expect(perHour('news')).toEqual({ A: 0.5, k: 60, sigma: 0.015, jumpRate: 60, jumpSize: 0.6, informedShare: 0.5, foresightMs: 0 });
    expect(perHour('busy')).toEqual({ A: 2, k: 120, sigma: 0.01, jumpRate: 8, jumpSize: 0.3, informedShare: 0.2, foresightMs: 0 });
    expect(perHour('informed')).toEqual({
      A: 0.5,
      k: 60,
      sigma: 0.01,
      jumpRate: 12,
      jumpSize: 0.4,
      informedShare: 0.5,
      foresightMs: 300_000,
    });
  });

  it('default is the flow defaults to the last bit', () => {
    for (const key of PROFILED_FLOW_KEYS) expect(FLOW_PROFILES.default.params[key]).toBe(DEFAULT_FLOW_PARAMS[key]);
  });

  it('refuses an unknown name with a CONFIG error naming the key, the value and the allowed names', () => {
    let err: unknown;
    try {
      flowProfile('loud', '--flow');
    } catch (e) {
      err = e;
    }
    expect(isMakerdError(err) && err.code === ErrorCode.CONFIG).toBe(true);
    expect((err as Error).message).toBe('--flow: unknown flow profile "loud" (allowed: calm, default, news, busy, informed)');
  });
});
