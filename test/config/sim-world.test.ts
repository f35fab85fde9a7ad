/**
 * `sim.world` at load time: the venue world by default, `--world` and MAKERD_SIM_WORLD reach the
 * simulator's options, and an unknown world is refused naming the key and the allowed values.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { simulatorOptions } from '../../src/sim/sim-options.js';
import { configErrorOf } from '../support/config-helpers.js';

describe('sim.world', () => {
  it('is the venue world by default, and --world or its variable choose the demo world', () => {
    expect(simulatorOptions(loadConfig({ env: {} }).config).world).toBe('venue');
    expect(simulatorOptions(loadConfig({ env: {}, args: ['--world', 'demo'] }).config).world).toBe('demo');
    expect(simulatorOptions(loadConfig({ env: { MAKERD_SIM_WORLD: 'demo' } }).config).world).toBe('demo');
  });

  it('refuses an unknown world, naming the key and the worlds', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_SIM_WORLD: 'moon' } }));
    expect(err.message).toContain('sim.world');
    expect(err.message).toContain('"venue","demo"');
    expect(err.message).toContain('moon');
  });
});
