/**
 * `sim.flow.profile` (src/sim/flow/flow-profiles.ts) into the flow keys: each of the seven keys a
 * profile sets takes the profile's value unless a file, a variable or a flag gave it, so that
 * `sim.flow.profile: "news"` with `sim.flow.jumpRate: 30` is the news market with 30 jumps an hour.
 * Done once at load time, so every reader of `sim.flow.*` (the simulator, the backtest) sees the
 * values that apply. `sim.flow.jumpRate` is per hour here, per second in the flow's parameters.
 */
import type convict from 'convict';
import { PROFILED_FLOW_KEYS, flowProfile } from '../sim/flow/flow-profiles.js';
import type { MakerdConfig } from './schema.js';

export function applyFlowProfile(conf: convict.Config<MakerdConfig>, given: ReadonlySet<string>): void {
  const profile = flowProfile(conf.get('sim.flow.profile'));
  for (const key of PROFILED_FLOW_KEYS) {
    if (given.has(`sim.flow.${key}`)) continue;
    const value = key === 'jumpRate' ? round9(profile.params.jumpRate * 3600) : profile.params[key];
    conf.set(`sim.flow.${key}`, value);
  }
}

const round9 = (x: number): number => Math.round(x * 1e9) / 1e9;
