/**
 * `sim.ends.*` at load time: off by default (the catalog's end dates); `--ends-every` and
 * `--resolve-after` (and their variables) reach the simulator's options; a bad value is refused
 * naming the key.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { simulatorOptions } from '../../src/sim/sim-options.js';
import { simHelp } from '../../src/cli/sim-help.js';
import { configErrorOf } from '../support/config-helpers.js';

describe('sim.ends', () => {
  it('is off by default: no market ends within the run, resolution 60 s after an end', () => {
    const { config } = loadConfig({ env: {} });
    expect(config.sim.ends).toEqual({ everySec: 0, resolveAfterSec: 60 });
    expect(simulatorOptions(config).ends).toBeUndefined();
  });

  it('takes --ends-every and --resolve-after, or their variables, into the simulator options', () => {
    const flags = loadConfig({ env: {}, args: ['--ends-every', '90', '--resolve-after', '15'] }).config;
    expect(simulatorOptions(flags).ends).toEqual({ everySec: 90, resolveAfterSec: 15 });
    const env = loadConfig({ env: { MAKERD_SIM_ENDS_EVERY_SEC: '30', MAKERD_SIM_ENDS_RESOLVE_AFTER_SEC: '0' } }).config;
    expect(simulatorOptions(env).ends).toEqual({ everySec: 30, resolveAfterSec: 0 });
    expect(simHelp()).toMatch(/--ends-every\s+From the start, one listed market reaches its end/);
    expect(simHelp()).toMatch(/--resolve-after\s+Seconds from a market's end/);
  });

  it('refuses a period that is not a whole number of seconds, naming the key', () => {
    expect(configErrorOf(() => loadConfig({ env: {}, args: ['--ends-every', '1.5'] })).message).toContain('sim.ends.everySec');
    const negative = configErrorOf(() => loadConfig({ env: { MAKERD_SIM_ENDS_RESOLVE_AFTER_SEC: '-1' } }));
    expect(negative.message).toContain('sim.ends.resolveAfterSec');
  });
});
