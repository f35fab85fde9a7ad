/**
 * Configuration files: a broken or unreadable --config file is named (its text never quoted: it
 * may hold a secret), and config/makerd.example.json, the systemd example, is valid as shipped.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasCredentials, loadConfig } from '../../src/config/load.js';
import { packageRoot } from '../../src/package-root.js';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';

describe('configuration files', () => {
  it('names a --config file that is not valid JSON', () => {
    const file = tmpFile('broken.json', '{ "log": { "level": "debug" ');
    const err = configErrorOf(() => loadConfig({ env: {}, configFile: file }));
    expect(err.message).toMatch(/^--config: file ".*broken\.json" is not valid JSON \(.+\)$/);
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
    expect(configErrorOf(() => loadConfig({ env: {}, configFile: dir })).message).toBe(
      `--config: file ${JSON.stringify(dir)} cannot be read (EISDIR)`,
    );
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
