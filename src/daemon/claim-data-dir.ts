/**
 * Part of phase check-config: this daemon takes its data directory for the life of the process
 * (the lock: one daemon per data directory), checks that the directory is this venue's and this
 * account's (`venue.json`, claim-identity.ts: another's stops start-up) and reads the
 * client-order-id prefix kept there (whose orders are ours: this run's and every earlier run's of
 * the same directory).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownedBy } from '../execution/client-order-ids.js';
import { JOURNAL_DIR } from '../portfolio/journal.js';
import { lockDataDir } from '../data-dir/data-dir-lock.js';
import { lastRunNote, readLastRun, type RunState, writeLastRun } from '../data-dir/last-run.js';
import { type ClaimingRun, claimIdentity } from './claim-identity.js';
import { readOrCreatePrefix } from './instance-prefix.js';

/** Client order ids of makerd before data-directory prefixes: `mk<run start, base 36>-<n>`. */
const LEGACY_ID = /^mk[0-9a-z]{8}-[0-9a-z]+$/;

export { runIdentity } from '../data-dir/venue-identity.js';
export type { ClaimingRun } from './claim-identity.js';

export interface DataDirClaim {
  /** This data directory's client-order-id prefix. */
  readonly prefix: string;
  /**
   * Whether an order is this data directory's: its prefix, and on the first run after an upgrade
   * from a makerd without prefixes (a journal, no instance.json yet) also the old `mk<time>-<n>`
   * ids, so that the orders the old version left are cancelled, not taken for another trader's.
   */
  readonly owns: (clientOrderId: string) => boolean;
  /** Lets go of the lock (the end of the run). */
  readonly release: () => void;
  /** Records how this run ended (last-run.json), for the next start-up to read. */
  readonly recordEnd: (end: { state: RunState; exitCode: number; reason: string | undefined }) => void;
}

/** How a run ended, for last-run.json: `reason` is what stopped it (the stop signal's name, or the crash's event). */
export function runEnd(reason: string | undefined, exitCode: number): { state: RunState; exitCode: number; reason: string | undefined } {
  const crashed = reason === 'uncaughtException' || reason === 'unhandledRejection';
  return { state: crashed ? 'crashed' : exitCode === 0 ? 'stopped' : 'failed', exitCode: crashed ? 1 : exitCode, reason };
}

/** Takes the data directory for `run` (its identity: venue and account), or throws naming why not. */
export function claimDataDir(dataDir: string, nowMs: number, run: ClaimingRun): DataDirClaim {
  const lock = lockDataDir(dataDir, nowMs);
  try {
    const journal = join(dataDir, JOURNAL_DIR);
    const upgrading = existsSync(journal) && readdirSync(journal).length > 0;
    claimIdentity(dataDir, nowMs, run);
    const { prefix, created } = readOrCreatePrefix(dataDir);
    const ours = ownedBy(prefix);
    const owns = created && upgrading ? (id: string) => ours(id) || LEGACY_ID.test(id) : ours;
    const note = lastRunNote(readLastRun(dataDir));
    if (note !== undefined) run.logger[note.level](note.msg);
    const started = { pid: process.pid, startedAt: new Date(nowMs).toISOString() };
    writeLastRun(dataDir, { ...started, state: 'running' });
    const recordEnd: DataDirClaim['recordEnd'] = ({ state, exitCode, reason }) =>
      writeLastRun(dataDir, {
        ...started,
        state,
        exitCode,
        endedAt: new Date().toISOString(),
        ...(reason === undefined ? {} : { reason }),
      });
    return { prefix, owns, release: lock.release, recordEnd };
  } catch (err) {
    lock.release();
    throw err;
  }
}
