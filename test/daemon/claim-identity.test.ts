/**
 * A data directory belongs to one venue and one account (claim-data-dir.ts, claim-identity.ts):
 * on real directories, a run of another venue or another account is refused naming both (and
 * lets go of the lock), a run without an account is let in without taking the directory, and a
 * directory of an older makerd is adopted — unless the embedded simulator has used it and the run
 * is not sim mode.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { claimDataDir, runIdentity } from '../../src/daemon/claim-data-dir.js';
import { LOCK_FILE } from '../../src/data-dir/data-dir-lock.js';
import { type DataIdentity, EMBEDDED_SIMULATOR, IDENTITY_FILE } from '../../src/data-dir/venue-identity.js';
import { rejectionOf } from '../support/catch-error.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const SINCE = '2026-11-25T12:00:00.000Z';
const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'makerd-identity-')), 'data');

const SIM: DataIdentity = { venue: EMBEDDED_SIMULATOR, account: null };
const VENUE = 'https://venue.example';
const A: DataIdentity = { venue: VENUE, account: '0xaaaa000000000000000000000000000000000001' };
const B: DataIdentity = { venue: VENUE, account: '0xbbbb000000000000000000000000000000000002' };
const PAPER: DataIdentity = { venue: VENUE, account: null };

/** Claims `dir` as `identity` at T0 and lets it go; the info lines logged. */
function claim(dir: string, identity: DataIdentity): Record<string, unknown>[] {
  mkdirSync(dir, { recursive: true });
  const lines: Record<string, unknown>[] = [];
  const logger = { info: (o: object, msg: string) => lines.push({ ...o, msg }), warn: () => undefined } as never;
  claimDataDir(dir, T0, { identity, logger }).release();
  return lines;
}

async function refusal(dir: string, identity: DataIdentity) {
  const err = await rejectionOf(Promise.resolve().then(() => claim(dir, identity)));
  expect([err.code, err.field]).toEqual(['MAKERD_ERR_CONFIG', 'data.dir']);
  // The refused run let go of the lock.
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  return err.message;
}

const stored = (dir: string): unknown => JSON.parse(readFileSync(join(dir, IDENTITY_FILE), 'utf8'));

const refusedText = (dir: string, held: string, run: string) =>
  `data.dir: ${dir} holds the data of ${held} (since ${SINCE}), and this run is ${run}: ` +
  'a data directory keeps the journal, positions and reward estimates of one venue and one account. ' +
  `To start, use another data directory for this run (--data-dir or MAKERD_DATA_DIR), or move ${dir} away`;

/** An older makerd's data directory: a journal with a fill, no venue.json. */
function olderDataDir(): string {
  const dir = fresh();
  mkdirSync(join(dir, 'journal'), { recursive: true });
  writeFileSync(join(dir, 'journal', 'fills-2026-11-24.jsonl'), '{"v":1}\n');
  return dir;
}

describe('whose data a data directory holds', () => {
  it('the embedded simulator, then a live venue: refused, naming both', async () => {
    const dir = fresh();
    expect(claim(dir, SIM)).toEqual([]);
    expect(stored(dir)).toEqual({ venue: EMBEDDED_SIMULATOR, account: null, since: SINCE });
    // Any later sim-mode run is welcome (the simulator starts empty every run).
    claim(dir, SIM);
    expect(await refusal(dir, A)).toBe(refusedText(dir, 'venue embedded-simulator', `venue ${VENUE} account ${A.account}`));
    // A paper run of the live venue as well: it would take the simulator's directory for the venue's.
    expect(await refusal(dir, PAPER)).toBe(refusedText(dir, 'venue embedded-simulator', `venue ${VENUE}`));
    // And the reverse: a live venue's directory is not the simulator's.
    const live = fresh();
    claim(live, A);
    expect(await refusal(live, SIM)).toBe(refusedText(live, `venue ${VENUE} account ${A.account}`, 'venue embedded-simulator'));
    expect(stored(dir)).toEqual({ venue: EMBEDDED_SIMULATOR, account: null, since: SINCE });
  });

  it('the same venue with another account: refused, naming both accounts', async () => {
    const dir = fresh();
    claim(dir, A);
    claim(dir, A);
    expect(await refusal(dir, B)).toBe(refusedText(dir, `venue ${VENUE} account ${A.account}`, `venue ${VENUE} account ${B.account}`));
    expect(stored(dir)).toEqual({ ...A, since: SINCE });
  });

  it('compares the venue as configured, normalized, and the address whatever its case', async () => {
    const env = (baseUrl: string, address: string) =>
      loadConfig({
        env: {
          MAKERD_VENUE_MODE: 'live',
          MAKERD_VENUE_BASE_URL: baseUrl,
          MAKERD_VENUE_ADDRESS: address,
          MAKERD_VENUE_API_KEY: TEST_CREDENTIALS.apiKey,
          MAKERD_VENUE_PASSPHRASE: TEST_CREDENTIALS.passphrase,
          MAKERD_VENUE_SECRET: TEST_CREDENTIALS.secret,
        },
      }).config;
    const dir = fresh();
    claim(dir, runIdentity(env('https://Venue.Example/', TEST_CREDENTIALS.address)));
    claim(dir, runIdentity(env('HTTPS://venue.example:443', TEST_CREDENTIALS.address.toUpperCase().replace('0X', '0x'))));
    expect(stored(dir)).toMatchObject({ venue: VENUE, account: TEST_CREDENTIALS.address.toLowerCase() });
    // Another port is another venue.
    expect(await refusal(dir, runIdentity(env('https://venue.example:8443', TEST_CREDENTIALS.address)))).toContain(
      'and this run is venue https://venue.example:8443 account',
    );
  });

  it('a run without an account is let in whatever the account, and does not take the directory', async () => {
    const dir = fresh();
    claim(dir, A);
    expect(claim(dir, PAPER)).toEqual([]);
    expect(stored(dir)).toEqual({ ...A, since: SINCE });
    // A directory that no account has used yet is the first account's; then only its.
    const paperFirst = fresh();
    claim(paperFirst, PAPER);
    expect(stored(paperFirst)).toEqual({ ...PAPER, since: SINCE });
    expect(claim(paperFirst, B)).toEqual([
      { dataDir: paperFirst, venue: VENUE, account: B.account, msg: 'data directory claimed by this account (no account had used it)' },
    ]);
    expect(stored(paperFirst)).toEqual({ ...B, since: SINCE });
    expect(await refusal(paperFirst, A)).toContain(`holds the data of venue ${VENUE} account ${B.account}`);
  });

  it("adopts an older makerd's data directory (a journal, no venue.json), saying so once", () => {
    const dir = olderDataDir();
    expect(claim(dir, A)).toEqual([
      {
        dataDir: dir,
        venue: VENUE,
        account: A.account,
        data: ['journal'],
        msg: `data directory of an older makerd adopted: its data are now taken as venue ${VENUE} account ${A.account}'s (venue.json written)`,
      },
    ]);
    expect(stored(dir)).toEqual({ ...A, since: SINCE });
    expect(claim(dir, A)).toEqual([]);
    // A new directory is claimed without a word.
    expect(claim(fresh(), A)).toEqual([]);
  });

  it('refuses to adopt, for a venue other than the simulator, one the embedded simulator has used (it cannot tell whose the journal is)', async () => {
    const dir = olderDataDir();
    mkdirSync(join(dir, 'journal.sim-2026-11-24T10-00-00-000Z'));
    const message = await refusal(dir, A);
    expect(message).toBe(
      `data.dir: ${dir} holds data of an older makerd (journal) that does not say whose it is, and the embedded simulator has used it (journal.sim-2026-11-24T10-00-00-000Z): ` +
        `that data may be the simulator's, and this run is venue ${VENUE} account ${A.account}. To keep them apart, use another data directory for this run (--data-dir or MAKERD_DATA_DIR), ` +
        `or move ${dir} away; if its data are this venue's and this account's, move journal.sim-2026-11-24T10-00-00-000Z out of it and start again`,
    );
    expect(existsSync(join(dir, IDENTITY_FILE))).toBe(false);
    // The operator says the journal is the venue's by moving the simulator's traces out: adopted.
    renameSync(join(dir, 'journal.sim-2026-11-24T10-00-00-000Z'), join(dir, '..', 'journal.sim-2026-11-24T10-00-00-000Z'));
    expect(claim(dir, A)).toHaveLength(1);
    expect(stored(dir)).toEqual({ ...A, since: SINCE });

    // A sim-mode run adopts it (its start sets the journal aside, as ever); a crashed one's sim.json is a trace too.
    const simDir = olderDataDir();
    writeFileSync(join(simDir, 'sim.json'), '{}');
    expect(await refusal(simDir, PAPER)).toContain('the embedded simulator has used it (sim.json)');
    expect(claim(simDir, SIM)).toHaveLength(1);
    expect(stored(simDir)).toEqual({ ...SIM, since: SINCE });
  });
});
