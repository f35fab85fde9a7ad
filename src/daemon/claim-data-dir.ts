/**
 * Part of phase check-config: this daemon takes its data directory for the life of the process
 * (the lock: one daemon per data directory) and reads the client-order-id prefix kept there
 * (whose orders are ours: this run's and every earlier run's of the same directory).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownedBy } from '../execution/client-order-ids.js';
import { JOURNAL_DIR } from '../portfolio/journal.js';
import { lockDataDir } from './data-dir-lock.js';
import { readOrCreatePrefix } from './instance-prefix.js';

/** Client order ids of makerd before data-directory prefixes: `mk<run start, base 36>-<n>`. */
const LEGACY_ID = /^mk[0-9a-z]{8}-[0-9a-z]+$/;

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
}

export function claimDataDir(dataDir: string, nowMs: number): DataDirClaim {
  const lock = lockDataDir(dataDir, nowMs);
  try {
    const journal = join(dataDir, JOURNAL_DIR);
    const upgrading = existsSync(journal) && readdirSync(journal).length > 0;
    const { prefix, created } = readOrCreatePrefix(dataDir);
    const ours = ownedBy(prefix);
    const owns = created && upgrading ? (id: string) => ours(id) || LEGACY_ID.test(id) : ours;
    return { prefix, owns, release: lock.release };
  } catch (err) {
    lock.release();
    throw err;
  }
}
