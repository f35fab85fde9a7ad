import { describe, expect, it } from 'vitest';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';
import { loadConfig } from '../../src/config/load.js';

const SECRET = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==';
const PASSPHRASE = `${'a'.repeat(60)}beef`;

describe('loadConfig', () => {
  it('starts from config/default.json: the embedded simulator, nothing to edit', () => {
    const { config } = loadConfig({ env: {} });
    expect(config.venue.mode).toBe('sim');
    expect(config.limits.safety).toBe(0.9);
    expect(config.venue.headerPrefix).toBe('SERVICE_');
    expect(config.log.level).toBe('info');
  });

  it('layers file < environment < flags', () => {
    const file = tmpFile('c.json', JSON.stringify({ log: { level: 'warn' }, limits: { share: 0.5 }, metrics: { port: 9000 } }));
    const fromFile = loadConfig({ env: {}, configFile: file }).config;
    expect(fromFile.log.level).toBe('warn');
    expect(fromFile.limits.share).toBe(0.5);

    const fromEnv = loadConfig({ env: { MAKERD_LOG_LEVEL: 'debug', MAKERD_METRICS_PORT: '9100' }, configFile: file }).config;
    expect(fromEnv.log.level).toBe('debug');
    expect(fromEnv.metrics.port).toBe(9100);
    expect(fromEnv.limits.share).toBe(0.5);

    const fromFlag = loadConfig({ env: { MAKERD_LOG_LEVEL: 'debug' }, configFile: file, args: ['--log-level', 'error'] }).config;
    expect(fromFlag.log.level).toBe('error');
  });

  it('reads every documented MAKERD_* variable', () => {
    const dataDir = tmpFile('x', '');
    const { config } = loadConfig({
      env: {
        MAKERD_VENUE_MODE: 'live',
        MAKERD_VENUE_BASE_URL: 'https://venue.example',
        MAKERD_VENUE_ADDRESS: '0xAbC',
        MAKERD_VENUE_API_KEY: '00000000-0000-4000-8000-000000000000',
        MAKERD_VENUE_PASSPHRASE: PASSPHRASE,
        MAKERD_VENUE_SECRET: SECRET,
        MAKERD_METRICS_PORT: '9999',
        MAKERD_DATA_DIR: dataDir,
        MAKERD_LOG_LEVEL: 'trace',
      },
    });
    expect(config.venue).toMatchObject({
      mode: 'live',
      baseUrl: 'https://venue.example',
      address: '0xAbC',
      apiKey: '00000000-0000-4000-8000-000000000000',
      passphrase: PASSPHRASE,
      secret: SECRET,
    });
    expect(config.metrics.port).toBe(9999);
    expect(config.data.dir).toBe(dataDir);
    expect(config.log.level).toBe('trace');
  });

  it('reads secrets from files (systemd LoadCredential, Docker secrets), file over value', () => {
    const secretFile = tmpFile('venue-secret', `${SECRET}\n`);
    const passFile = tmpFile('venue-passphrase', PASSPHRASE);
    const { config } = loadConfig({
      env: { MAKERD_VENUE_SECRET_FILE: secretFile, MAKERD_VENUE_PASSPHRASE_FILE: passFile, MAKERD_VENUE_SECRET: 'b3RoZXI=' },
    });
    expect(config.venue.secret).toBe(SECRET);
    expect(config.venue.passphrase).toBe(PASSPHRASE);
  });

  it('masks secrets in the printed configuration', () => {
    const loaded = loadConfig({ env: { MAKERD_VENUE_SECRET: SECRET, MAKERD_VENUE_PASSPHRASE: PASSPHRASE } });
    const text = loaded.masked();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(PASSPHRASE);
    expect(JSON.parse(text).venue.secret).toBe('[redacted]');
  });

  it('rejects an unknown key, naming it', () => {
    const file = tmpFile('c.json', JSON.stringify({ limits: { safty: 0.8 } }));
    const err = configErrorOf(() => loadConfig({ env: {}, configFile: file }));
    expect(err.message).toMatch(/limits\.safty/);
    expect(err.message).toMatch(/not declared/);
  });

  it('rejects a wrong type, naming key, value and rule', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_METRICS_PORT: 'abc' } }));
    expect(err.message).toMatch(/metrics\.port/);
    expect(err.message).toMatch(/integer from 0 to 65535/);
    expect(err.message).toContain('value was "abc"');
  });

  it('rejects an out-of-range value, naming key, value and rule', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_LIMITS_SAFETY: '1.5' } }));
    expect(err.message).toContain('limits.safety: must be a number in (0, 1]: value was 1.5');
    const err2 = configErrorOf(() => loadConfig({ env: { MAKERD_VENUE_MODE: 'paper' } }));
    expect(err2.message).toMatch(/venue\.mode.*"paper"/);
  });

  it('rejects a bad URL', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_VENUE_BASE_URL: 'ftp://x' } }));
    expect(err.message).toMatch(/venue\.baseUrl: must be an http\(s\) URL/);
  });

  it('requires a base URL in live mode', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_VENUE_MODE: 'live' } }));
    expect(err.message).toMatch(/venue\.baseUrl: required when venue\.mode is "live"/);
  });

  it('never echoes a secret in a configuration error', () => {
    const bad = 'not*base64*but*secret*value';
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_VENUE_SECRET: bad } }));
    expect(err.message).toMatch(/venue\.secret/);
    expect(err.message).not.toContain(bad);
    expect(JSON.stringify(err)).not.toContain(bad);
  });

  it('names the secret file that cannot be read, and only its path', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_VENUE_SECRET_FILE: '/nonexistent/venue-secret' } }));
    expect(err.message).toBe('venue.secretFile: cannot read file "/nonexistent/venue-secret" (ENOENT)');
  });

  it('rejects a missing --config file', () => {
    const err = configErrorOf(() => loadConfig({ env: {}, configFile: '/nonexistent/makerd.json' }));
    expect(err.message).toMatch(/--config/);
  });
});
