/**
 * `sim.flow.profile` at load time: the profile's values go into the seven flow keys that no file,
 * variable or flag gave; a key given overrides the profile; the simulator's options carry the
 * result; an unknown name is refused naming the key, the value and the allowed names.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { simulatorOptions } from '../../src/sim/sim-options.js';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';

const flowOf = (env: Record<string, string>, configFile?: string) => {
  const { config } = loadConfig({ env, ...(configFile === undefined ? {} : { configFile }) });
  const { enabled: _e, stepMs: _s, ...rest } = config.sim.flow;
  return rest;
};

describe('sim.flow.profile', () => {
  it('is "default" by default, leaving the defaults as they were', () => {
    expect(flowOf({})).toEqual({
      profile: 'default',
      A: 0.5,
      k: 60,
      sigma: 0.01,
      jumpRate: 12,
      jumpSize: 0.4,
      informedShare: 0.3,
      foresightMs: 0,
    });
  });

  it('sets every flow key of the profile (jumps per hour)', () => {
    expect(flowOf({ MAKERD_SIM_FLOW_PROFILE: 'news' })).toEqual({
      profile: 'news',
      A: 0.5,
      k: 60,
      sigma: 0.015,
      jumpRate: 60,
      jumpSize: 0.6,
      informedShare: 0.5,
      foresightMs: 0,
    });
    expect(flowOf({ MAKERD_SIM_FLOW_PROFILE: 'informed' })).toMatchObject({
      A: 0.5,
      jumpRate: 12,
      informedShare: 0.5,
      foresightMs: 300_000,
    });
    expect(flowOf({ MAKERD_SIM_FLOW_PROFILE: 'calm' })).toMatchObject({
      A: 0.3,
      sigma: 0.004,
      jumpRate: 2,
      jumpSize: 0.3,
      informedShare: 0.1,
    });
    expect(flowOf({ MAKERD_SIM_FLOW_PROFILE: 'busy' })).toMatchObject({ A: 2, k: 120, jumpRate: 8, informedShare: 0.2 });
  });

  it('lets a key given by a variable or a file override the profile, even at the default value', () => {
    expect(flowOf({ MAKERD_SIM_FLOW_PROFILE: 'news', MAKERD_SIM_FLOW_JUMP_RATE: '30' })).toMatchObject({ jumpRate: 30, jumpSize: 0.6 });
    const file = tmpFile('busy.json', JSON.stringify({ sim: { flow: { profile: 'busy', A: 0.5, informedShare: 0.3 } } }));
    expect(flowOf({}, file)).toEqual({
      profile: 'busy',
      A: 0.5,
      k: 120,
      sigma: 0.01,
      jumpRate: 8,
      jumpSize: 0.3,
      informedShare: 0.3,
      foresightMs: 0,
    });
  });

  it("reaches the simulator's flow (jumps per second there)", () => {
    const flow = simulatorOptions(loadConfig({ env: { MAKERD_SIM_FLOW_PROFILE: 'news' } }).config).flow!;
    expect(flow).toMatchObject({ A: 0.5, k: 60, sigma: 0.015, jumpRate: 60 / 3600, jumpSize: 0.6, informedShare: 0.5, foresightMs: 0 });
    const informed = simulatorOptions(loadConfig({ env: { MAKERD_SIM_FLOW_PROFILE: 'informed' } }).config).flow!;
    expect(informed).toMatchObject({ informedShare: 0.5, foresightMs: 300_000 });
  });

  it('refuses an unknown name, naming the key, the value and the allowed names', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_SIM_FLOW_PROFILE: 'loud' } }));
    expect(err.message).toBe(
      'invalid configuration: sim.flow.profile: must be one of the possible values: ["calm","default","news","busy","informed"]: value was "loud"',
    );
  });
});
