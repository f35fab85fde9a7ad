/** A rejected value is named even when it is 0 or empty (convict alone would leave it out). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { configErrorOf } from '../support/config-helpers.js';

describe('rejections name the value even when it is 0 or empty', () => {
  it('limits.safety = 0', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_LIMITS_SAFETY: '0' } })).message).toBe(
      'invalid configuration: limits.safety: must be a number in (0, 1]: value was 0',
    );
  });

  it('an empty port or host', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_METRICS_PORT: '' } })).message).toBe(
      'invalid configuration: metrics.port: must be an integer from 0 to 65535: value was ""',
    );
    // An empty host would make the server listen on every interface.
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_METRICS_HOST: '' } })).message).toBe(
      'invalid configuration: metrics.host: must be a non-empty string: value was ""',
    );
  });
});
