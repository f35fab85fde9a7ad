/**
 * Reads a recording directory (recording-format.ts) without the venue: every group's segments in
 * order, block by block, merged across groups by receive time.
 *
 * - Damage (a block torn by a crash, bytes that are no block, a line that is no record) is reported
 *   through `onDamage` with file, offset and reason, and skipped; every intact block is read.
 * - Dedup: a segment whose id was read already (a copy of a file beside the original) is skipped
 *   and reported, and within a segment a record whose sequence number is not above the last one
 *   read is dropped; so a restart, which opens a new segment, never yields a record twice.
 * - A header of an unknown format, or of a newer version, is an error naming the file.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, MakerdError } from '../errors.js';
import { decodeBlocks } from './block-codec.js';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type RecordingHeader,
  type SameBook,
  type StoredRecord,
  parseSegmentFileName,
} from './recording-format.js';

export interface Damage {
  readonly file: string;
  readonly offset: number;
  readonly bytes: number;
  readonly reason: string;
}

/** A record with the group and segment it came from. */
export type ReadRecord = StoredRecord & { readonly group: string };

export interface SegmentRef {
  readonly group: string;
  readonly file: string;
  readonly day: string;
  readonly segment: number;
  readonly bytes: number;
}

function badRecording(message: string, file: string): MakerdError {
  return new MakerdError(ErrorCode.BAD_PARAMETER, message, { where: 'recording', field: file });
}

/** The segment files of `dir` (every group, or those named), oldest first within each group. */
export function listSegments(dir: string, groups?: readonly string[]): SegmentRef[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    throw badRecording(`recording: cannot read ${dir} (${(err as NodeJS.ErrnoException).code})`, dir);
  }
  const out: SegmentRef[] = [];
  for (const group of names.sort()) {
    if (groups !== undefined && !groups.includes(group)) continue;
    const gdir = join(dir, group);
    if (!statSync(gdir).isDirectory()) continue;
    for (const name of readdirSync(gdir)) {
      const p = parseSegmentFileName(name);
      if (p === undefined) continue;
      const file = join(gdir, name);
      out.push({ group, file, day: p.day, segment: p.segment, bytes: statSync(file).size });
    }
  }
  out.sort((a, b) => a.group.localeCompare(b.group) || a.day.localeCompare(b.day) || a.segment - b.segment);
  if (out.length === 0)
    throw badRecording(
      `recording: no segment files (*.mkrec.gz) in ${dir}${groups === undefined ? '' : ` for group ${groups.join(', ')}`}`,
      dir,
    );
  return out;
}

function checkHeader(raw: unknown, file: string): RecordingHeader {
  const h = raw as Partial<RecordingHeader> | null;
  if (h === null || typeof h !== 'object' || h.format !== RECORDING_FORMAT)
    throw badRecording(`recording: ${file} does not start with a ${RECORDING_FORMAT} header`, file);
  if (typeof h.version !== 'number' || h.version > RECORDING_VERSION)
    throw badRecording(`recording: ${file} is format version ${String(h.version)}; this makerd reads up to ${RECORDING_VERSION}`, file);
  return h as RecordingHeader;
}

export interface ReadOptions {
  readonly onDamage?: (d: Damage) => void;
  /** Segment ids already read (shared across calls to dedup copies). */
  readonly seen?: Set<string>;
  /** Each segment file's bytes as read (e.g. to digest them). */
  readonly onBytes?: (file: string, bytes: Buffer) => void;
}

/** One segment file: its header, then its records, in order. */
export function readSegment(file: string, group: string, o: ReadOptions = {}): Generator<ReadRecord, RecordingHeader | undefined> {
  const buf = readFileSync(file);
  o.onBytes?.(file, buf);
  return readSegmentBytes(buf, file, group, o);
}

/** The records of a segment's bytes (`file` names it in reports). */
export function* readSegmentBytes(
  buf: Buffer,
  file: string,
  group: string,
  o: ReadOptions = {},
): Generator<ReadRecord, RecordingHeader | undefined> {
  let header: RecordingHeader | undefined;
  let lastSeq = 0;
  let damaged = false;
  /** Per token: the last whole snapshot of this segment (what a `same` reference repeats). */
  const lastBook = new Map<string, { hash?: unknown }>();
  for (const block of decodeBlocks(buf)) {
    if (block.kind === 'damaged') {
      damaged = true;
      o.onDamage?.({ file, offset: block.offset, bytes: block.bytes, reason: block.reason });
      continue;
    }
    for (const parsed of blockRecords(block.text)) {
      if (parsed.bad !== undefined) {
        o.onDamage?.({ file, offset: block.offset, bytes: block.bytes, reason: `line ${parsed.bad} of the block is not JSON` });
        continue;
      }
      const rec = parsed.rec;
      if (header === undefined) {
        header = checkHeader(rec, file);
        if (o.seen?.has(header.segmentId) === true) {
          o.onDamage?.({ file, offset: 0, bytes: buf.length, reason: `duplicate of segment ${header.segmentId}, skipped` });
          return header;
        }
        o.seen?.add(header.segmentId);
        continue;
      }
      const r = rec as StoredRecord;
      if (typeof r.s !== 'number' || typeof r.t !== 'number' || typeof r.k !== 'string') {
        o.onDamage?.({ file, offset: block.offset, bytes: block.bytes, reason: 'a line of the block is not a record' });
        continue;
      }
      if (r.s <= lastSeq) continue;
      lastSeq = r.s;
      if (r.k === 'books') {
        const b = expandBooks(r.b, lastBook);
        if (b.lost > 0)
          o.onDamage?.({
            file,
            offset: block.offset,
            bytes: block.bytes,
            reason: `record ${r.s}: ${b.lost} book references to a snapshot not read, dropped`,
          });
        (r as unknown as { b: unknown[] }).b = b.books;
      }
      (r as { group?: string }).group = group;
      yield r as ReadRecord;
    }
  }
  if (header === undefined && !damaged && buf.length > 0)
    o.onDamage?.({ file, offset: 0, bytes: buf.length, reason: 'no readable header: segment skipped' });
  return header;
}

/** A block's lines parsed: in one JSON.parse when they all are JSON (the usual case), else line by line. */
function blockRecords(text: string): { rec?: unknown; bad?: number }[] {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (body.length === 0) return [];
  try {
    // JSON text holds no raw newline (inside strings it is escaped): the lines are the array's elements.
    return (JSON.parse(`[${body.replaceAll('\n', ',')}]`) as unknown[]).map((rec) => ({ rec }));
  } catch {
    return body.split('\n').map((line, i) => {
      try {
        return { rec: JSON.parse(line) as unknown };
      } catch {
        return { bad: i + 1 };
      }
    });
  }
}

/** Whole snapshots for `same` references (recording-format.ts), and how many could not be resolved. */
function expandBooks(stored: readonly unknown[], lastBook: Map<string, { hash?: unknown }>): { books: unknown[]; lost: number } {
  const books: unknown[] = [];
  let lost = 0;
  for (const x of stored) {
    const e = x as Partial<SameBook> & { hash?: unknown };
    if (typeof e.asset_id !== 'string') continue;
    if (e.same === undefined) {
      lastBook.set(e.asset_id, e);
      books.push(e);
      continue;
    }
    const prev = lastBook.get(e.asset_id);
    if (prev === undefined || prev.hash !== e.same) lost++;
    else books.push({ ...prev, timestamp: e.timestamp });
  }
  return { books, lost };
}

/** A group's segments one after the other. */
function* readGroup(refs: readonly SegmentRef[], o: ReadOptions): Generator<ReadRecord> {
  for (const ref of refs) yield* readSegment(ref.file, ref.group, o);
}

/**
 * Every record of the recording, ordered by receive time across groups (within a group, in the
 * order written). Lazy: one segment file is in memory per group at a time.
 */
export function* readRecording(dir: string, o: ReadOptions & { groups?: readonly string[] } = {}): Generator<ReadRecord> {
  const refs = listSegments(dir, o.groups);
  const opts: ReadOptions = { ...o, seen: o.seen ?? new Set() };
  const byGroup = new Map<string, SegmentRef[]>();
  for (const r of refs) {
    let list = byGroup.get(r.group);
    if (list === undefined) byGroup.set(r.group, (list = []));
    list.push(r);
  }
  const heads: { it: Generator<ReadRecord>; rec: ReadRecord }[] = [];
  for (const list of byGroup.values()) {
    const it = readGroup(list, opts);
    const first = it.next();
    if (first.done !== true) heads.push({ it, rec: first.value });
  }
  // Few groups: a linear scan for the earliest head is cheaper than a heap.
  while (heads.length > 0) {
    let best = 0;
    for (let i = 1; i < heads.length; i++) if (heads[i]!.rec.t < heads[best]!.rec.t) best = i;
    const h = heads[best]!;
    yield h.rec;
    const next = h.it.next();
    if (next.done === true) heads.splice(best, 1);
    else h.rec = next.value;
  }
}
