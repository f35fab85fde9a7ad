/**
 * The embedded simulator starts with an empty account on every run, so the journal of an earlier
 * sim-mode run describes an account that no longer exists: replaying it would report a position
 * mismatch at every `npm start`. It is moved aside (kept, never deleted) as
 * `<data.dir>/journal.sim-<time>`, and the new run starts a fresh journal.
 */
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_DIR, journalDir } from './journal.js';

/** Moves the journal aside when it holds anything; returns where to, or undefined. */
export function archiveSimJournal(dataDir: string, nowMs: number, folder: string = JOURNAL_DIR): string | undefined {
  const dir = journalDir(dataDir, folder);
  if (!existsSync(dir) || readdirSync(dir).length === 0) return undefined;
  const to = join(dataDir, `${folder}.sim-${new Date(nowMs).toISOString().replace(/[:.]/g, '-')}`);
  renameSync(dir, to);
  return to;
}
