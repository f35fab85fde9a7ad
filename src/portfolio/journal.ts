/**
 * The fill journal: every fill appended as one JSON line (fill-record.ts; the settlements and
 * redemptions of resolved markets too, journal-record.ts, in their place among the fills) to
 * `<dataDir>/journal/fills-YYYY-MM-DD.jsonl`, the UTC day of the append (by the injected clock),
 * so files rotate by day. A fill counts only once it is on disk: `await journal.append(fills)`
 * resolves after the batch holding them has been written to stable storage (synchronized, see
 * below), and the caller applies them to the portfolio only then.
 *
 * Batching (group commit): one synchronized write per batch. Fills appended while a batch is
 * being written wait and go together in the next batch, so a burst of fills costs one disk flush,
 * not one per fill. Each batch's latency (the durable write, wall-clock ms) is returned and passed
 * to `onBatch`, for a histogram.
 *
 * Failure: when a write (or its sync) fails, the file is cut back to its length before the batch (so no
 * partial line is left), the batch's callers get the error and nothing counts; if even that cut
 * fails, the journal refuses every later append (a torn line in the middle of a file would stop
 * the next start-up). Run the replay (journal-replay.ts) before the first append: it also cuts a
 * torn last line left by a crash.
 *
 * The event loop never waits for the disk: the file is opened with O_DSYNC, so a batch is one
 * write on libuv's thread pool that returns once its bytes (and the file size) are on stable
 * storage, as write + fdatasync would, but as one job instead of two (each job handed to the pool
 * costs the main thread a wake-up of a pool thread). Where O_DSYNC does not exist (Windows), the
 * write is followed by fdatasync.
 */
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ErrorCode, MakerdError } from '../errors.js';
import { encodeEntry, isFill, type JournalEntry } from './journal-record.js';
import { utcDate } from './trading-day.js';

export const JOURNAL_DIR = 'journal';
/** Paper trading's journal folder: virtual fills never mix with the account's (docs/paper-trading.md). */
export const PAPER_JOURNAL_DIR = 'paper-journal';
export const JOURNAL_FILE = /^fills-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/**
 * The code of journal errors (a corrupt journal stops start-up; a failed write stops trading).
 * CONFIG for now, as for every other reason start-up stops; a dedicated code would be one line.
 */
export const JOURNAL_ERROR_CODE = ErrorCode.CONFIG;

/** `<dataDir>/journal` (or the folder named, e.g. PAPER_JOURNAL_DIR) */
export function journalDir(dataDir: string, folder: string = JOURNAL_DIR): string {
  return join(dataDir, folder);
}

/** `fills-YYYY-MM-DD.jsonl` of the UTC day holding `ms`. */
export function journalFileName(ms: number): string {
  return `fills-${utcDate(ms)}.jsonl`;
}

export interface JournalBatch {
  /** Absolute or dataDir-relative path of the file written. */
  readonly file: string;
  /** Fill records in the batch. */
  readonly fills: number;
  /** Every record in the batch (fills, settlements, redemptions). */
  readonly records: number;
  readonly bytes: number;
  /** The durable write (O_DSYNC write, or write + fdatasync), wall-clock milliseconds. */
  readonly latencyMs: number;
}

export interface FillJournalOptions {
  readonly dataDir: string;
  /** The folder under dataDir; default JOURNAL_DIR. */
  readonly folder?: string | undefined;
  /** Decides the file's day and each line's `journaledAtMs`. */
  readonly clock: { now(): number };
  /** Called after every batch is durable (metrics). */
  readonly onBatch?: (batch: JournalBatch) => void;
}

interface Waiter {
  readonly entries: readonly JournalEntry[];
  readonly resolve: (b: JournalBatch) => void;
  readonly reject: (err: unknown) => void;
}

interface OpenFile {
  readonly name: string;
  readonly path: string;
  readonly handle: FileHandle;
  /** Opened with O_DSYNC: a completed write is durable, no separate sync needed. */
  readonly dsync: boolean;
  size: number;
}

/** Append, create, and (where the platform has it) synchronized data writes. */
const APPEND_DSYNC = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | (constants.O_DSYNC ?? 0);

function journalError(message: string, cause?: unknown): MakerdError {
  return new MakerdError(JOURNAL_ERROR_CODE, message, { where: 'journal', ...(cause === undefined ? {} : { cause }) });
}

/** fsync of a directory, so a new file's entry survives a crash; skipped where unsupported. */
async function syncDir(dir: string): Promise<void> {
  let h: FileHandle | undefined;
  try {
    h = await open(dir, constants.O_RDONLY);
    await h.sync();
  } catch {
    // Some platforms cannot fsync a directory; the file's own fsync still holds its data.
  } finally {
    await h?.close().catch(() => {});
  }
}

export class FillJournal {
  readonly #dir: string;
  readonly #clock: { now(): number };
  readonly #onBatch: ((batch: JournalBatch) => void) | undefined;
  #pending: Waiter[] = [];
  #writing: Promise<void> | undefined;
  #file: OpenFile | undefined;
  #broken: MakerdError | undefined;
  #closed = false;
  #batches = 0;
  #fills = 0;

  constructor(options: FillJournalOptions) {
    this.#dir = journalDir(options.dataDir, options.folder);
    this.#clock = options.clock;
    this.#onBatch = options.onBatch;
  }

  /** Batches and fill records made durable so far. */
  get stats(): { batches: number; fills: number } {
    return { batches: this.#batches, fills: this.#fills };
  }

  /**
   * Resolves once `entries` (fills, or settlements and redemptions) are written to stable
   * storage; rejects (and nothing counts) otherwise.
   */
  append(entries: readonly JournalEntry[]): Promise<JournalBatch> {
    if (this.#closed) return Promise.reject(journalError('journal: append after close'));
    if (this.#broken !== undefined) return Promise.reject(this.#broken);
    if (entries.length === 0) return Promise.resolve({ file: this.#file?.path ?? '', fills: 0, records: 0, bytes: 0, latencyMs: 0 });
    return new Promise<JournalBatch>((resolve, reject) => {
      this.#pending.push({ entries, resolve, reject });
      this.#writing ??= this.#drain();
    });
  }

  /** Waits for the batches under way, then closes the file. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#writing;
    const f = this.#file;
    this.#file = undefined;
    await f?.handle.close();
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending;
        this.#pending = [];
        if (this.#broken !== undefined) {
          for (const w of batch) w.reject(this.#broken);
          continue;
        }
        let result: JournalBatch;
        try {
          result = await this.#write(batch.flatMap((w) => w.entries));
        } catch (err) {
          for (const w of batch) w.reject(err);
          continue;
        }
        for (const w of batch) w.resolve(result);
        try {
          this.#onBatch?.(result);
        } catch {
          // A metrics callback never fails a durable batch.
        }
      }
    } finally {
      this.#writing = undefined;
    }
  }

  async #fileFor(nowMs: number): Promise<OpenFile> {
    const name = journalFileName(nowMs);
    if (this.#file?.name === name) return this.#file;
    const previous = this.#file;
    this.#file = undefined;
    await previous?.handle.close();
    const path = join(this.#dir, name);
    try {
      await mkdir(this.#dir, { recursive: true });
      const handle = await open(path, APPEND_DSYNC, 0o666);
      const { size } = await handle.stat();
      if (size === 0) await syncDir(this.#dir);
      this.#file = { name, path, handle, dsync: constants.O_DSYNC !== undefined, size };
      return this.#file;
    } catch (err) {
      throw journalError(`journal: cannot open ${path}: ${(err as Error).message}`, err);
    }
  }

  async #write(entries: readonly JournalEntry[]): Promise<JournalBatch> {
    const nowMs = this.#clock.now();
    const started = performance.now();
    const file = await this.#fileFor(nowMs);
    const buf = Buffer.from(entries.map((e) => `${encodeEntry(e, nowMs)}\n`).join(''), 'utf8');
    const before = file.size;
    try {
      let off = 0;
      while (off < buf.length) {
        const { bytesWritten } = await file.handle.write(buf, off, buf.length - off);
        off += bytesWritten;
      }
      if (!file.dsync) await file.handle.datasync();
    } catch (err) {
      await this.#cutBack(file, before, err);
      throw journalError(`journal: cannot write ${file.path}: ${(err as Error).message}`, err);
    }
    file.size = before + buf.length;
    this.#batches++;
    const fills = entries.filter(isFill).length;
    this.#fills += fills;
    return { file: file.path, fills, records: entries.length, bytes: buf.length, latencyMs: performance.now() - started };
  }

  async #cutBack(file: OpenFile, size: number, cause: unknown): Promise<void> {
    try {
      await file.handle.truncate(size);
      await file.handle.sync();
    } catch (err) {
      this.#broken = journalError(
        `journal: ${file.path} may end in a partial line (a write failed: ${(cause as Error).message}; cutting it back failed: ${(err as Error).message}); restart to repair it`,
        err,
      );
    }
  }
}
