/**
 * Writes one market group's records into `DIR/<group>/`: append-only segment files of blocks
 * (block-codec.ts), each opened with a header block.
 *
 * - A new segment (the next number of its UTC day) is opened at start — so a restart never
 *   appends to a file a killed process may have torn — at every UTC midnight, and when the file
 *   reaches `maxBytes / 8` (so the disk bound deletes in small steps).
 * - Records are buffered and written as one block every `flushMs` (and when the buffer reaches
 *   `maxBlockBytes`, and at close): a process killed between flushes loses at most the records of
 *   the last `flushMs`; every block written before stays readable.
 * - Disk bound: after each flush and each new segment, the group's oldest segments are deleted
 *   until its files take at most `maxBytes` (the one being written is never deleted).
 * - One writer per group directory: `makerd.lock` in it (src/data-dir/data-dir-lock.ts).
 */
import { closeSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { lockDataDir, type DataDirLock } from '../data-dir/data-dir-lock.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { encodeBlock } from './block-codec.js';
import {
  GROUP_NAME,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type RecordBody,
  type RecordingHeader,
  nextUtcMidnight,
  parseSegmentFileName,
  segmentFileName,
  utcDay,
} from './recording-format.js';

export interface SegmentWriterOptions {
  readonly dir: string;
  readonly group: string;
  readonly clock: Clock;
  readonly flushMs: number;
  /** The group's files are kept at most this large in total (oldest segments deleted). */
  readonly maxBytes: number;
  readonly maxBlockBytes?: number;
  readonly source: string;
  /** The tokens recorded, for the header of each segment (a function: they change with the selector's swaps). */
  readonly tokens: readonly string[] | (() => readonly string[]);
  readonly logger?: Logger | undefined;
  /** Called after each new segment's header is written (the recorder writes the markets' rules again). */
  readonly onSegment?: (() => void) | undefined;
}

export interface WriterStats {
  records: number;
  blocks: number;
  /** Bytes written to files by this writer. */
  bytesWritten: number;
  segments: number;
  deletedFiles: number;
}

interface SegmentFile {
  readonly name: string;
  size: number;
}

export class SegmentWriter {
  readonly #o: SegmentWriterOptions;
  readonly #groupDir: string;
  readonly #lock: DataDirLock;
  readonly #maxBlockBytes: number;
  readonly #maxFileBytes: number;
  /** The group's segment files, oldest first; the last one is being written. */
  #files: SegmentFile[] = [];
  #fd: number | undefined;
  #day = '';
  #dayEndsAt = 0;
  #seq = 0;
  #lines: string[] = [];
  #bufferedBytes = 0;
  #timer: TimerHandle | undefined;
  #closed = false;
  readonly stats: WriterStats = { records: 0, blocks: 0, bytesWritten: 0, segments: 0, deletedFiles: 0 };

  constructor(options: SegmentWriterOptions) {
    if (!GROUP_NAME.test(options.group))
      throw new MakerdError(ErrorCode.CONFIG, `record.group: '${options.group}' is not a group name (letters, digits, '.', '_', '-')`, {
        where: 'config',
        field: 'record.group',
      });
    this.#o = options;
    this.#groupDir = join(options.dir, options.group);
    this.#maxBlockBytes = options.maxBlockBytes ?? 1 << 20;
    this.#maxFileBytes = Math.max(16 * 1024, Math.floor(options.maxBytes / 8));
    try {
      mkdirSync(this.#groupDir, { recursive: true });
    } catch (err) {
      throw new MakerdError(ErrorCode.CONFIG, `record.dir: cannot create ${this.#groupDir} (${(err as NodeJS.ErrnoException).code})`, {
        where: 'config',
        field: 'record.dir',
      });
    }
    try {
      this.#lock = lockDataDir(this.#groupDir, options.clock.now());
    } catch (err) {
      throw new MakerdError(ErrorCode.CONFIG, `record.dir: group ${options.group} is being recorded already: ${(err as Error).message}`, {
        where: 'config',
        field: 'record.dir',
      });
    }
    this.#files = readdirSync(this.#groupDir)
      .map((name) => ({ name, parsed: parseSegmentFileName(name) }))
      .filter((f) => f.parsed !== undefined)
      .sort((a, b) => a.parsed!.day.localeCompare(b.parsed!.day) || a.parsed!.segment - b.parsed!.segment)
      .map((f) => ({ name: f.name, size: statSync(join(this.#groupDir, f.name)).size }));
    this.#open();
    this.#arm();
  }

  get groupDir(): string {
    return this.#groupDir;
  }

  /** The file being written. */
  get currentFile(): string {
    return join(this.#groupDir, this.#files[this.#files.length - 1]!.name);
  }

  /** Adds a record (stamped with the next sequence number and the clock's time). */
  append(body: RecordBody): void {
    if (this.#closed) return;
    const now = this.#o.clock.now();
    if (now >= this.#dayEndsAt) {
      this.#writeBuffered();
      this.#open();
    }
    const line = JSON.stringify({ s: ++this.#seq, t: now, ...body });
    this.#lines.push(line);
    this.#bufferedBytes += line.length + 1;
    this.stats.records++;
    if (this.#bufferedBytes >= this.#maxBlockBytes) this.flush();
  }

  /** Writes the buffered records as one block now. */
  flush(): void {
    if (!this.#writeBuffered()) return;
    const current = this.#files[this.#files.length - 1]!;
    if (current.size >= this.#maxFileBytes) this.#open();
    this.#enforceBound();
  }

  /** Flushes, closes the file and releases the group's lock. */
  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#lock.release();
  }

  #arm(): void {
    this.#timer = this.#o.clock.setTimer(() => {
      if (this.#closed) return;
      try {
        this.flush();
      } catch (err) {
        this.#o.logger?.error({ err: (err as Error).message, file: this.currentFile }, 'recording flush failed');
      }
      this.#arm();
    }, this.#o.flushMs);
  }

  /** Writes the buffer as one block; false when there was nothing to write. */
  #writeBuffered(): boolean {
    if (this.#fd === undefined || this.#lines.length === 0) return false;
    const block = encodeBlock(`${this.#lines.join('\n')}\n`);
    this.#lines = [];
    this.#bufferedBytes = 0;
    this.#write(block);
    this.stats.blocks++;
    return true;
  }

  #write(buf: Buffer): void {
    let off = 0;
    while (off < buf.length) off += writeSync(this.#fd!, buf, off, buf.length - off);
    this.#files[this.#files.length - 1]!.size += buf.length;
    this.stats.bytesWritten += buf.length;
  }

  #open(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    const now = this.#o.clock.now();
    this.#day = utcDay(now);
    this.#dayEndsAt = nextUtcMidnight(now);
    let segment = 1;
    for (const f of this.#files) {
      const p = parseSegmentFileName(f.name)!;
      if (p.day === this.#day && p.segment >= segment) segment = p.segment + 1;
    }
    const name = segmentFileName(this.#day, segment);
    // 'wx': a segment is never appended to once closed (a torn tail stays the file's last block).
    this.#fd = openSync(join(this.#groupDir, name), 'wx');
    this.#files.push({ name, size: 0 });
    this.#seq = 0;
    const header: RecordingHeader = {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      group: this.#o.group,
      day: this.#day,
      segment,
      segmentId: randomUUID(),
      openedAtMs: now,
      source: this.#o.source,
      tokens: typeof this.#o.tokens === 'function' ? this.#o.tokens() : this.#o.tokens,
    };
    this.#write(encodeBlock(`${JSON.stringify(header)}\n`));
    this.stats.segments++;
    this.#o.logger?.info({ file: join(this.#groupDir, name) }, 'recording segment opened');
    this.#o.onSegment?.();
    this.#enforceBound();
  }

  #enforceBound(): void {
    let total = 0;
    for (const f of this.#files) total += f.size;
    while (total > this.#o.maxBytes && this.#files.length > 1) {
      const oldest = this.#files.shift()!;
      try {
        unlinkSync(join(this.#groupDir, oldest.name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      total -= oldest.size;
      this.stats.deletedFiles++;
      this.#o.logger?.info({ file: oldest.name, bytes: oldest.size, maxBytes: this.#o.maxBytes }, 'recording segment deleted (disk bound)');
    }
  }
}
