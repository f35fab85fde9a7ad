/**
 * Whose data a directory holds (src/data-dir/venue-identity.ts): the venue normalized, the account
 * of a run that has one, how two identities compare, and the file (0600, whole or not at all).
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import {
  compareIdentity,
  describeIdentity,
  EMBEDDED_SIMULATOR,
  IDENTITY_FILE,
  normalizeVenueUrl,
  readIdentity,
  runIdentity,
  writeIdentity,
} from '../../src/data-dir/venue-identity.js';
import { rejectionOf } from '../support/catch-error.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

const fresh = (): string => mkdtempSync(join(tmpdir(), 'makerd-identity-'));
const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const live = (extra: NodeJS.ProcessEnv = {}) =>
  loadConfig({
    env: {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: 'HTTPS://Venue.Example:443/',
      MAKERD_VENUE_ADDRESS: ADDRESS,
      MAKERD_VENUE_API_KEY: TEST_CREDENTIALS.apiKey,
      MAKERD_VENUE_PASSPHRASE: TEST_CREDENTIALS.passphrase,
      MAKERD_VENUE_SECRET: TEST_CREDENTIALS.secret,
      ...extra,
    },
  }).config;

describe('venue of a data directory', () => {
  it('normalizes a base URL: scheme and host lowercased, default port dropped, no trailing slash', () => {
    expect(normalizeVenueUrl('HTTPS://Venue.Example:443/')).toBe('https://venue.example');
    expect(normalizeVenueUrl('https://venue.example')).toBe('https://venue.example');
    expect(normalizeVenueUrl('http://VENUE.example:80//')).toBe('http://venue.example');
    expect(normalizeVenueUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    // The path is kept as written (paths are case-sensitive); user, query and fragment are not the venue.
    expect(normalizeVenueUrl('https://user:pw@Venue.Example/Api/v1/?x=1#y')).toBe('https://venue.example/Api/v1');
    // Another port, another scheme, another path: another venue.
    expect(normalizeVenueUrl('https://venue.example:8443')).not.toBe(normalizeVenueUrl('https://venue.example'));
    expect(normalizeVenueUrl('http://venue.example')).not.toBe(normalizeVenueUrl('https://venue.example'));
    expect(normalizeVenueUrl('http://[::1]:80/')).toBe('http://[::1]');
  });

  it("is the run's: the embedded simulator whatever the seed; the live URL and the address (lowercased) of a run that signs", () => {
    const sim = loadConfig({ env: { MAKERD_SIM_SEED: '7', MAKERD_VENUE_ADDRESS: ADDRESS } }).config;
    expect(runIdentity(sim)).toEqual({ venue: EMBEDDED_SIMULATOR, account: null });
    expect(runIdentity(loadConfig({ env: { MAKERD_SIM_SEED: '8' } }).config)).toEqual(runIdentity(sim));
    const account = ADDRESS.toLowerCase();
    expect(runIdentity(live())).toEqual({ venue: 'https://venue.example', account });
    // Monitor mode with credentials reads the account: same rules as live.
    expect(runIdentity(live({ MAKERD_TRADING_MODE: 'monitor' }))).toEqual({ venue: 'https://venue.example', account });
    // Paper mode signs nothing, monitor without credentials neither: no account.
    expect(runIdentity(live({ MAKERD_TRADING_MODE: 'paper' }))).toEqual({ venue: 'https://venue.example', account: null });
    expect(runIdentity(live({ MAKERD_TRADING_MODE: 'monitor', MAKERD_VENUE_SECRET: '' }))).toEqual({
      venue: 'https://venue.example',
      account: null,
    });
    // Without venue.baseUrl, the order-book URL makerd uses.
    const split = live({
      MAKERD_VENUE_BASE_URL: '',
      MAKERD_VENUE_CLOB_BASE_URL: 'https://CLOB.venue.example/',
      MAKERD_VENUE_CATALOG_BASE_URL: 'https://catalog.venue.example',
    });
    expect(runIdentity(split).venue).toBe('https://clob.venue.example');
  });

  it('compares: another venue, another account, or a directory without an account that this run claims', () => {
    const a = { venue: 'https://venue.example', account: '0xaa' };
    expect(compareIdentity(a, a)).toBe('same');
    expect(compareIdentity(a, { ...a, account: '0xbb' })).toBe('other-account');
    expect(compareIdentity(a, { venue: EMBEDDED_SIMULATOR, account: null })).toBe('other-venue');
    expect(compareIdentity({ venue: EMBEDDED_SIMULATOR, account: null }, { venue: 'https://venue.example', account: null })).toBe(
      'other-venue',
    );
    // A run without an account matches its venue's directory whatever its account.
    expect(compareIdentity(a, { ...a, account: null })).toBe('same');
    expect(compareIdentity({ ...a, account: null }, a)).toBe('adds-account');
    expect(describeIdentity(a)).toBe('venue https://venue.example account 0xaa');
    expect(describeIdentity({ venue: EMBEDDED_SIMULATOR, account: null })).toBe('venue embedded-simulator');
  });
});

describe('venue.json', () => {
  it('is written 0600 and read back; exclusively, only when there is none', () => {
    const dir = fresh();
    expect(readIdentity(dir, 'data.dir')).toBeUndefined();
    const stored = { venue: 'https://venue.example', account: '0xaa', since: '2026-01-01T00:00:00.000Z' };
    expect(writeIdentity(dir, stored, 'data.dir', true)).toBe(true);
    expect(statSync(join(dir, IDENTITY_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, IDENTITY_FILE), 'utf8'))).toEqual(stored);
    expect(readIdentity(dir, 'data.dir')).toEqual(stored);
    // Another writer came first: the file is left as it is.
    expect(writeIdentity(dir, { ...stored, venue: EMBEDDED_SIMULATOR }, 'record.dir', true)).toBe(false);
    expect(readIdentity(dir, 'data.dir')).toEqual(stored);
    // Replacing (under the data directory's lock).
    expect(writeIdentity(dir, { ...stored, account: null }, 'data.dir')).toBe(true);
    expect(readIdentity(dir, 'data.dir')?.account).toBeNull();
  });

  it('a file that says nothing of the kind is an error naming it and the key', async () => {
    const dir = fresh();
    writeFileSync(join(dir, IDENTITY_FILE), '{"venue": "", "account": null, "since": "x"}');
    const err = await rejectionOf(Promise.resolve().then(() => readIdentity(dir, 'record.dir')));
    expect(err.code).toBe('MAKERD_ERR_CONFIG');
    expect(err.field).toBe('record.dir');
    expect(err.message).toBe(
      `record.dir: ${join(dir, IDENTITY_FILE)} does not say whose data the directory holds ({"venue": "...", "account": "0x..." or null, "since": "..."})`,
    );
  });
});
