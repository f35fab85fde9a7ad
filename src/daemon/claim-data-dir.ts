/**
 * Part of phase check-config: this daemon takes its data directory for the life of the process
 * (the lock: one daemon per data directory) and reads the client-order-id prefix kept there
 * (whose orders are ours: this run's and every earlier run's of the same directory).
 */
import { lockDataDir } from './data-dir-lock.js';
import { loadInstancePrefix } from './instance-prefix.js';

export interface DataDirClaim {
  /** This data directory's client-order-id prefix. */
  readonly prefix: string;
  /** Lets go of the lock (the end of the run). */
  readonly release: () => void;
}

export function claimDataDir(dataDir: string, nowMs: number): DataDirClaim {
  const lock = lockDataDir(dataDir, nowMs);
  try {
    return { prefix: loadInstancePrefix(dataDir), release: lock.release };
  } catch (err) {
    lock.release();
    throw err;
  }
}
