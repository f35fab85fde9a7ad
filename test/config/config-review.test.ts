/**
 * What an operator meets when tuning makerd from files, variables and flags: values read as they
 * are meant, every rejection naming key, value and rule, files named when they are broken, and
 * warnings for settings that are valid but almost certainly not what was meant.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';
import { hasCredentials, loadConfig } from '../../src/config/load.js';
import { packageRoot } from '../../src/package-root.js';



describe('booleans from the environment and flags', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['OFF', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
  ])('MAKERD_SIM_FLOW=%s is %s', (text, expected) => {
    expect(loadConfig({ env: { MAKERD_SIM_FLOW: text } }).config.sim.flow.enabled).toBe(expected);
    expect(loadConfig({ env: {}, args: ['--fault-frozen-books', text] }).config.sim.faults.frozenBooks).toBe(expected);
  });

  it('rejects any other word, naming key, value and rule', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_SIM_FAULT_FROZEN_BOOKS: 'sometimes' } }));
    expect(err.message).toBe(
      'invalid configuration: sim.faults.frozenBooks: must be a boolean (true/false, 1/0, yes/no, on/off): value was "sometimes"',
    );
  });

  it('rejects a string boolean in a JSON file only when it is not a boolean word', () => {
    const file = tmpFile('c.json', JSON.stringify({ sim: { edgeLimits: { enabled: 'maybe' } } }));
    expect(configErrorOf(() => loadConfig({ env: {}, configFile: file })).message).toMatch(/sim\.edgeLimits\.enabled: must be a boolean.*value was "maybe"/);
    const ok = tmpFile('c.json', JSON.stringify({ sim: { edgeLimits: { enabled: false } } }));
    expect(loadConfig({ env: {}, configFile: ok }).config.sim.edgeLimits.enabled).toBe(false);
  });
});

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

describe('configuration files', () => {
  it('names a --config file that is not valid JSON', () => {
    const file = tmpFile('broken.json', '{ "log": { "level": "debug" ');
    const err = configErrorOf(() => loadConfig({ env: {}, configFile: file }));
    expect(err.message).toMatch(new RegExp(`^--config: file ".*broken\\.json" is not valid JSON \\(.+\\)$`));
  });

  it('never quotes the text of a broken file (it may hold the secret)', () => {
    const secretish = 'c2VjcmV0LXRoYXQtbXVzdC1zdGF5LWhpZGRlbg';
    const file = tmpFile('leaky.json', `{"venue":{"secret":${secretish}}}`);
    const err = configErrorOf(() => loadConfig({ env: {}, configFile: file }));
    expect(err.message).toMatch(/is not valid JSON/);
    expect(err.message).not.toContain(secretish.slice(0, 8));
  });

  it('names a --config path that cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-config-dir-'));
    expect(configErrorOf(() => loadConfig({ env: {}, configFile: dir })).message).toBe(`--config: file ${JSON.stringify(dir)} cannot be read (EISDIR)`);
  });
});

describe('flags', () => {
  it('keep text as given (no numeric reading of a seed)', () => {
    expect(loadConfig({ env: {}, args: ['--seed', '0x10'] }).config.sim.seed).toBe('0x10');
    expect(loadConfig({ env: {}, args: ['--seed', '1e3'] }).config.sim.seed).toBe('1e3');
  });

  it('win over the environment', () => {
    expect(loadConfig({ env: { MAKERD_SIM_MARKETS: '7' }, args: ['--markets', '9'] }).config.sim.markets).toBe(9);
  });
});

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
    const { warnings } = loadConfig({ env: { MAKERD_VENUE_MODE: 'live', MAKERD_VENUE_BASE_URL: 'https://venue.example', MAKERD_VENUE_SECRET: secret } });
    expect(warnings).toEqual(['credentials incomplete, missing venue.address, venue.apiKey, venue.passphrase: signed requests (orders, cancels, /data/*) will fail']);
  });

  it('has nothing to say about the defaults', () => {
    expect(loadConfig({ env: {} }).warnings).toEqual([]);
  });
});

describe('config/makerd.example.json (the systemd example)', () => {
  it('is valid, live, and complete once the two secrets come from their files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-example-'));
    writeFileSync(join(dir, 'venue-secret'), 'c2VjcmV0LWZyb20tc3lzdGVtZA==\n');
    writeFileSync(join(dir, 'venue-passphrase'), `${'ab'.repeat(32)}\n`);
    const loaded = loadConfig({
      configFile: join(packageRoot(), 'config', 'makerd.example.json'),
      env: { MAKERD_VENUE_SECRET_FILE: join(dir, 'venue-secret'), MAKERD_VENUE_PASSPHRASE_FILE: join(dir, 'venue-passphrase') },
    });
    expect(loaded.config.venue.mode).toBe('live');
    expect(hasCredentials(loaded.config)).toBe(true);
    expect(loaded.warnings).toEqual([]);
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
