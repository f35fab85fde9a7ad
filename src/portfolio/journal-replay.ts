/**
 * Replays the fill journal at start-up: every `fills-YYYY-MM-DD.jsonl` under `<dataDir>/journal`,
 * in date order, line by line.
 *
 * - A torn last line of the LAST file (a crash in the middle of a write: no trailing newline and
 *   not a valid record) is tolerated: it is reported as a warning (file and line number) and, with
 *   `repair` (the default; the daemon's start-up), cut off the file so that later appends start on
 *   a clean line. Its fills never counted (their append never resolved), and the daemon fetches
 *   the venue's trades after the last journaled fill, so they are not lost.
 * - A last line without its newline that IS a valid record (the crash hit between the record and
 *   its newline) is kept, reported, and with `repair` given its newline.
 * - Any other line that is not a valid record stops the replay with a MakerdError naming the file
 *   and the line: a journal is never silently skipped.
 * - Files with other names are ignored. Fills seen twice (same id) count once, and so do the
 *   settlements and redemptions of resolved markets (journal-record.ts: same id).
 *
 * `repair: false` reads without touching any file (the `makerd pnl` command, which may run while
 * the daemon is writing).
 */
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MakerdError } from '../errors.js';
import type { Fill } from './fill.js';
import { decodeEntry, entryId, isFill, type JournalEntry } from './journal-record.js';
import { JOURNAL_ERROR_CODE, JOURNAL_FILE, journalDir } from './journal.js';
import { FillRecordError } from './record-fields.js';

export interface JournalWarning {
  /** Path of the file. */
  readonly file: string;
  /** 1-based line number. */
  readonly line: number;
  readonly message: string;
}

export interface ReplayOptions {
  readonly dataDir: string;
  /** The folder under dataDir; default JOURNAL_DIR. */
  readonly folder?: string | undefined;
  /** Cut a torn last line, complete a valid one. Default true. */
  readonly repair?: boolean;
}

export interface ReplayResult {
  /** Every fill once, in journal order. */
  readonly fills: Fill[];
  /** Every record once (fills, settlements, redemptions), in journal order: what the portfolio folds. */
  readonly entries: JournalEntry[];
  /** Settlement and redemption records among them. */
  readonly settlements: number;
  readonly redemptions: number;
  /** Paths of the journal files read, in date order. */
  readonly files: string[];
  /** Records read (duplicates included). */
  readonly records: number;
  /** Records dropped because their id (a fill's, a settlement's, a redemption's) was seen before. */
  readonly duplicates: number;
  readonly warnings: JournalWarning[];
  /** Match time of the latest fill (by timestampMs); undefined when there is none. */
  readonly lastMatchTime: string | undefined;
  readonly lastTimestampMs: number | undefined;
}

function corrupt(file: string, line: number, reason: string, cause?: unknown): MakerdError {
  return new MakerdError(
    JOURNAL_ERROR_CODE,
    `journal ${file} line ${line}: ${reason}; the journal must be repaired by hand (or the file moved away) before makerd starts`,
    {
      where: 'journal',
      field: `${file}:${line}`,
      ...(cause === undefined ? {} : { cause }),
    },
  );
}

async function listFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new MakerdError(JOURNAL_ERROR_CODE, `journal: cannot list ${dir}: ${(err as Error).message}`, { where: 'journal', cause: err });
  }
  return names.filter((n) => JOURNAL_FILE.test(n)).sort();
}

async function cutTo(path: string, length: number): Promise<void> {
  const h = await open(path, 'r+');
  try {
    await h.truncate(length);
    await h.sync();
  } finally {
    await h.close();
  }
}

async function appendNewline(path: string): Promise<void> {
  const h = await open(path, 'a');
  try {
    await h.write('\n');
    await h.sync();
  } finally {
    await h.close();
  }
}

/** The journal's fills; throws a MakerdError naming the file and line of a corrupt record. */
export async function replayJournal(options: ReplayOptions): Promise<ReplayResult> {
  const repair = options.repair ?? true;
  const dir = journalDir(options.dataDir, options.folder);
  const names = await listFiles(dir);
  // Fills' ids and the others' never share a set: a trade id may look like anything.
  const seen = new Set<string>();
  const seenOther = new Set<string>();
  const fills: Fill[] = [];
  const entries: JournalEntry[] = [];
  let settlements = 0;
  let redemptions = 0;
  const warnings: JournalWarning[] = [];
  const files: string[] = [];
  let records = 0;
  let duplicates = 0;
  let last: Fill | undefined;

  const take = (entry: JournalEntry): void => {
    records++;
    const ids = isFill(entry) ? seen : seenOther;
    const id = entryId(entry);
    if (ids.has(id)) {
      duplicates++;
      return;
    }
    ids.add(id);
    entries.push(entry);
    if (!isFill(entry)) {
      if (entry.kind === 'settlement') settlements++;
      else redemptions++;
      return;
    }
    fills.push(entry);
    if (last === undefined || entry.timestampMs >= last.timestampMs) last = entry;
  };

  for (let fi = 0; fi < names.length; fi++) {
    const path = join(dir, names[fi]!);
    files.push(path);
    let buf: Buffer;
    try {
      buf = await readFile(path);
    } catch (err) {
      throw new MakerdError(JOURNAL_ERROR_CODE, `journal: cannot read ${path}: ${(err as Error).message}`, {
        where: 'journal',
        cause: err,
      });
    }
    // Everything up to the last newline is complete lines; what follows is an unterminated tail.
    const end = buf.lastIndexOf(0x0a) + 1;
    const body = buf.subarray(0, end).toString('utf8');
    const lines = body === '' ? [] : body.slice(0, -1).split('\n');
    lines.forEach((text, i) => {
      try {
        take(decodeEntry(text).entry);
      } catch (err) {
        if (err instanceof FillRecordError) throw corrupt(path, i + 1, err.message, err);
        throw err;
      }
    });
    if (end === buf.length) continue;
    const tailLine = lines.length + 1;
    const tail = buf.subarray(end).toString('utf8');
    let fill: JournalEntry | undefined;
    let reason = '';
    try {
      fill = decodeEntry(tail).entry;
    } catch (err) {
      if (!(err instanceof FillRecordError)) throw err;
      reason = err.message;
    }
    if (fill !== undefined) {
      take(fill);
      warnings.push({
        file: path,
        line: tailLine,
        message: `last line had no newline (a write cut short after the record); kept${repair ? ', newline added' : ''}`,
      });
      if (repair) await appendNewline(path);
    } else if (fi === names.length - 1) {
      warnings.push({
        file: path,
        line: tailLine,
        message: `torn last line (${buf.length - end} bytes, no newline, ${reason}): a write cut short by a crash; ${repair ? 'cut off' : 'ignored'}`,
      });
      if (repair) await cutTo(path, end);
    } else {
      throw corrupt(path, tailLine, `${reason} (an unterminated line in a file that is not the last)`);
    }
  }
  return {
    fills,
    entries,
    settlements,
    redemptions,
    files,
    records,
    duplicates,
    warnings,
    lastMatchTime: last?.matchTime,
    lastTimestampMs: last?.timestampMs,
  };
}

/**
 * The `after` parameter (Unix seconds, strict) to fetch the account's trades from, given the last
 * journaled fill: one second earlier than its own second, so fills sharing that second (or
 * journaled late) are fetched again and the deduper drops the ones already counted.
 */
export function tradesAfterSeconds(lastTimestampMs: number | undefined): number | undefined {
  return lastTimestampMs === undefined ? undefined : Math.max(0, Math.floor(lastTimestampMs / 1000) - 1);
}
