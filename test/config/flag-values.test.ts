/** Configuration flags keep their text as given and win over the environment. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';

describe('flags', () => {
  it('keep text as given (no numeric reading of a seed)', () => {
    expect(loadConfig({ env: {}, args: ['--seed', '0x10'] }).config.sim.seed).toBe('0x10');
    expect(loadConfig({ env: {}, args: ['--seed', '1e3'] }).config.sim.seed).toBe('1e3');
  });

  it('win over the environment', () => {
    expect(loadConfig({ env: { MAKERD_SIM_MARKETS: '7' }, args: ['--markets', '9'] }).config.sim.markets).toBe(9);
  });
});
