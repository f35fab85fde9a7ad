/**
 * Whose data a directory holds: `venue.json` in it, `{"venue", "account", "since"}`, written on
 * first use (0600) and compared by every later run (docs/lifecycle.md, start-up step 1).
 *
 * - `venue` is `embedded-simulator` for sim mode (it starts empty every run, so any sim-mode run
 *   matches any other, whatever `sim.seed`), else the venue's base URL normalized: scheme and
 *   host lowercased, default port dropped, no trailing slash, no user, query or fragment.
 * - `account` is `venue.address` lowercased for a run that has the account (live, or monitor with
 *   credentials); null for a run without one (paper mode, monitor without credentials, sim mode).
 *   A run without an account matches a directory of its venue whatever its account; it keeps its
 *   own data apart (the paper journal and paper reward estimates).
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole } from './write-whole.js';
import type { MakerdConfig } from '../config/schema.js';
import { ErrorCode, MakerdError } from '../errors.js';

export const IDENTITY_FILE = 'venue.json';
/** The venue of sim mode: the simulator makerd starts inside itself. */
export const EMBEDDED_SIMULATOR = 'embedded-simulator';

export interface DataIdentity {
  /** `embedded-simulator`, or the venue's normalized base URL. */
  readonly venue: string;
  /** The account's address, lowercased; null for a run (or a directory) without an account. */
  readonly account: string | null;
}

export interface StoredIdentity extends DataIdentity {
  /** When the directory was first claimed (ISO time). */
  readonly since: string;
}

/** The configuration keys that make a run's identity. */
export type IdentityConfig = {
  readonly venue: Pick<MakerdConfig['venue'], 'mode' | 'baseUrl' | 'clobBaseUrl' | 'address' | 'apiKey' | 'passphrase' | 'secret'>;
  readonly trading: Pick<MakerdConfig['trading'], 'mode'>;
};

/** `HTTPS://Venue.Example:443/api/` -> `https://venue.example/api`. */
export function normalizeVenueUrl(url: string): string {
  const text = url.trim();
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return text.replace(/\/+$/, '');
  }
  // URL lowercases the scheme and host and drops the scheme's default port.
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/** The venue a configuration reaches (the URL makerd itself uses: venue.baseUrl, else venue.clobBaseUrl). */
export function venueOf(config: Pick<IdentityConfig, 'venue'>): string {
  const v = config.venue;
  return v.mode === 'sim' ? EMBEDDED_SIMULATOR : normalizeVenueUrl(v.baseUrl !== '' ? v.baseUrl : v.clobBaseUrl);
}

/** This run's identity: its venue, and its account when it uses one. */
export function runIdentity(config: IdentityConfig): DataIdentity {
  const v = config.venue;
  const signs = v.address !== '' && v.apiKey !== '' && v.passphrase !== '' && v.secret !== '';
  // Paper mode signs nothing (its stack has no credentials); sim mode's account is the simulator's, new every run.
  const account = v.mode === 'live' && config.trading.mode !== 'paper' && signs ? v.address.toLowerCase() : null;
  return { venue: venueOf(config), account };
}

/** `venue https://venue.example account 0xab…`, `venue embedded-simulator`. */
export function describeIdentity(i: DataIdentity): string {
  return i.account === null ? `venue ${i.venue}` : `venue ${i.venue} account ${i.account}`;
}

/**
 * How a directory's identity and a run's compare: `same`; `adds-account` when the directory has no
 * account yet and the run has one (the run claims it); else which part differs.
 */
export function compareIdentity(held: DataIdentity, run: DataIdentity): 'same' | 'adds-account' | 'other-venue' | 'other-account' {
  if (held.venue !== run.venue) return 'other-venue';
  if (run.account === null || held.account === run.account) return 'same';
  return held.account === null ? 'adds-account' : 'other-account';
}

function configError(field: string, message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `${field}: ${message}`, { where: 'config', field });
}

function cannot(field: string, what: string, path: string, err: unknown): MakerdError {
  const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  return configError(field, `cannot ${what} ${path} (${code})`);
}

/** The directory's identity; undefined when it has none yet. A file that is not one is an error naming it (`field`: data.dir, record.dir). */
export function readIdentity(dir: string, field: string): StoredIdentity | undefined {
  const path = join(dir, IDENTITY_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannot(field, 'read', path, err);
  }
  let v: Partial<Record<keyof StoredIdentity, unknown>> | undefined;
  try {
    v = JSON.parse(text) as typeof v;
  } catch {
    v = undefined;
  }
  if (
    typeof v !== 'object' ||
    v === null ||
    typeof v.venue !== 'string' ||
    v.venue === '' ||
    !(v.account === null || (typeof v.account === 'string' && v.account !== '')) ||
    typeof v.since !== 'string'
  )
    throw configError(
      field,
      `${path} does not say whose data the directory holds ({"venue": "...", "account": "0x..." or null, "since": "..."})`,
    );
  return { venue: v.venue, account: v.account === null ? null : v.account.toLowerCase(), since: v.since };
}

/**
 * Writes the directory's identity (0600), whole or not at all. `exclusive`: only when the
 * directory has none yet (false when another process wrote one first: read it again); else it
 * replaces the file (under the data directory's lock).
 */
export function writeIdentity(dir: string, identity: StoredIdentity, field: string, exclusive = false): boolean {
  const path = join(dir, IDENTITY_FILE);
  const body: StoredIdentity = { venue: identity.venue, account: identity.account, since: identity.since };
  const text = `${JSON.stringify(body)}\n`;
  try {
    if (!exclusive) {
      writeWhole(path, text, 0o600);
      return true;
    }
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o600 });
    try {
      // A hard link is created whole and only when the name is free.
      linkSync(tmp, path);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      unlinkSync(tmp);
    }
  } catch (err) {
    throw cannot(field, 'write', path, err);
  }
}

/** A stored identity of `identity`, claimed now. */
export function claimedAt(identity: DataIdentity, nowMs: number): StoredIdentity {
  return { ...identity, since: new Date(nowMs).toISOString() };
}
