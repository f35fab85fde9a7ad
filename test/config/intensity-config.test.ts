/** intensity.*: the fit's settings, their defaults, and a bad value or an unordered bound refused naming the keys. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { DEFAULT_INTENSITY_SETTINGS } from '../../src/market/intensity/intensity-settings.js';
import { configErrorOf } from '../support/config-helpers.js';

const refused = (env: NodeJS.ProcessEnv): string => configErrorOf(() => loadConfig({ env })).message;

describe('intensity settings', () => {
  it('default to the estimator defaults', () => {
    expect(loadConfig({ env: {} }).config.intensity).toEqual(DEFAULT_INTENSITY_SETTINGS);
  });

  it('are read from their variables', () => {
    const c = loadConfig({
      env: { MAKERD_INTENSITY_WINDOW_SEC: '3600', MAKERD_INTENSITY_MIN_TRADES: '50', MAKERD_INTENSITY_MAX_K: '500' },
    }).config;
    expect(c.intensity).toMatchObject({ windowSec: 3600, minTrades: 50, maxK: 500 });
  });

  it.each([
    ['MAKERD_INTENSITY_WINDOW_SEC', '0', 'intensity.windowSec: must be an integer from 1 to 1000000: value was 0'],
    ['MAKERD_INTENSITY_MAX_RELATIVE_ERROR', '0', 'intensity.maxRelativeError: must be a number > 0: value was 0'],
    ['MAKERD_INTENSITY_MIN_A', '-1', 'intensity.minA: must be a number > 0: value was -1'],
  ])('%s=%s is refused, naming the key', (name, value, message) => {
    expect(refused({ [name]: value })).toBe(`invalid configuration: ${message}`);
  });

  it('refuses a lower bound at or above its upper bound, naming both', () => {
    expect(refused({ MAKERD_INTENSITY_MIN_K: '3000' })).toBe(
      'invalid configuration: intensity.minK (3000) must be below intensity.maxK (2000)',
    );
    expect(refused({ MAKERD_INTENSITY_MIN_A: '100' })).toBe(
      'invalid configuration: intensity.minA (100) must be below intensity.maxA (100)',
    );
  });
});
