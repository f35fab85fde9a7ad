/**
 * Warnings for settings that are valid but almost certainly not meant: unknown MAKERD_* variables,
 * venue URLs ignored in sim mode, incomplete credentials, polling faster than the venue allows.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';

describe('warnings for valid but unintended settings', () => {
  it('names an unknown MAKERD_* variable (a typo would otherwise be ignored)', () => {
    const { warnings } = loadConfig({ env: { MAKERD_LOG_LEVLE: 'debug', OTHER: 'x' } });
    expect(warnings).toEqual(['MAKERD_LOG_LEVLE: not a configuration variable (ignored)']);
  });

  it('says when a venue URL is ignored because the mode is still sim', () => {
    const { warnings } = loadConfig({ env: { MAKERD_VENUE_BASE_URL: 'https://venue.example' } });
    expect(warnings.join('\n')).toMatch(/venue\.baseUrl: ignored because venue\.mode is "sim"/);
  });

  it('names the missing credentials in live mode, never a value', () => {
    const secret = 'c2VjcmV0LWZvci13YXJuaW5ncw==';
    const { warnings } = loadConfig({
      env: { MAKERD_VENUE_MODE: 'live', MAKERD_VENUE_BASE_URL: 'https://venue.example', MAKERD_VENUE_SECRET: secret },
    });
    expect(warnings).toEqual([
      'credentials incomplete, missing venue.address, venue.apiKey, venue.passphrase: signed requests (orders, cancels, /data/*) will fail',
    ]);
  });

  it('has nothing to say about the defaults', () => {
    expect(loadConfig({ env: {} }).warnings).toEqual([]);
  });
});

describe('configuration warnings: polling faster than the venue allows', () => {
  it('warns when poller.intervalMs asks for more POST /books than the limiter will admit', () => {
    expect(loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: '100' } }).warnings).toEqual([
      'poller.intervalMs (100) asks for more POST /books than the venue allows (72 per 10 s with limits.safety and limits.share): polls will wait in the rate limiter; 139 ms or more keeps them on time',
    ]);
    expect(loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: '139' } }).warnings).toEqual([]);
    expect(loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: '400', MAKERD_LIMITS_SHARE: '0.25' } }).warnings).toEqual([
      'poller.intervalMs (400) asks for more POST /books than the venue allows (18 per 10 s with limits.safety and limits.share): polls will wait in the rate limiter; 556 ms or more keeps them on time',
    ]);
  });
});
