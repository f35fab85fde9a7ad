/**
 * A recording directory holds one venue's markets: a replay reads every group of it, merged by
 * receive time (recording-reader.ts), so a group of another venue would be replayed among them.
 * `<record.dir>/venue.json` (src/data-dir/venue-identity.ts, without an account: recordings hold
 * the venue's public data) is written by the first recording session and compared by every later
 * one, of any group; a session of another venue is refused, naming both. A directory of an older
 * makerd (segments, no venue.json) is adopted by the first session (its segments' headers still
 * name their `source`). Two sessions starting at once: the first to create the file decides.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { claimedAt, IDENTITY_FILE, readIdentity, writeIdentity } from '../data-dir/venue-identity.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { parseSegmentFileName } from './recording-format.js';

function configError(message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `record.dir: ${message}`, { where: 'config', field: 'record.dir' });
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Whether any group of `dir` holds a segment file. */
function holdsSegments(dir: string): boolean {
  return names(dir).some((group) => names(join(dir, group)).some((n) => parseSegmentFileName(n) !== undefined));
}

/** Checks (and on first use writes) the recording directory's venue; throws when it is another venue's. */
export function claimRecordDir(dir: string, venue: string, nowMs: number, logger?: Pick<Logger, 'info'>): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw configError(`cannot create ${dir} (${(err as NodeJS.ErrnoException).code})`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const held = readIdentity(dir, 'record.dir');
    if (held === undefined) {
      const older = holdsSegments(dir);
      // Exclusive: another session that wrote first is compared with on the next turn.
      if (!writeIdentity(dir, claimedAt({ venue, account: null }, nowMs), 'record.dir', true)) continue;
      if (older)
        logger?.info(
          { dir, venue },
          `recording directory of an older makerd adopted: its recordings are taken as venue ${venue}'s (${IDENTITY_FILE} written)`,
        );
      return;
    }
    if (held.venue === venue) return;
    throw configError(
      `${dir} holds recordings of venue ${held.venue} (since ${held.since}), and this session records venue ${venue}: ` +
        'a replay reads every group of a recording directory together, so it holds one venue. ' +
        `To record, use another record.dir for this session (--record-dir or MAKERD_RECORD_DIR), or move ${dir} away`,
    );
  }
  throw configError(`${join(dir, IDENTITY_FILE)} keeps changing: another recorder is writing it`);
}
