/**
 * A recording file is a run of self-delimiting gzip members ("blocks"), one per flush, so that:
 * - the file stays a standard gzip stream (`zcat file.mkrec.gz` prints every record);
 * - a reader finds each block's end without inflating it: every member carries its own total
 *   length in a gzip FEXTRA subfield `MK` (the idea of BGZF, the blocked gzip of genomics);
 * - a block torn by a crash mid-write (too short for its length, or failing gzip's own CRC-32 and
 *   length trailer) is detected, reported and skipped; every block before it reads intact.
 *
 * Member layout (RFC 1952): 1f 8b 08 04 | mtime 0 (4) | xfl 0 | os ff | XLEN 8 (2) | 'M' 'K' |
 * LEN 4 (2) | block size (4, LE, the whole member) | raw deflate | CRC-32 (4) | ISIZE (4).
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

const HEADER_BYTES = 20;
const TRAILER_BYTES = 8;
/** The fixed first 16 bytes of every block, up to the size field. */
const MAGIC = Buffer.from([0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff, 8, 0, 0x4d, 0x4b, 4, 0]);
const MAGIC_BYTES = MAGIC.length;
/** A block larger than this is not one we wrote: the size field is damaged. */
const MAX_BLOCK_BYTES = 256 * 1024 * 1024;

/** One gzip member holding `text` (UTF-8). */
export function encodeBlock(text: string, level = 6): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const deflated = deflateRawSync(raw, { level });
  const size = HEADER_BYTES + deflated.length + TRAILER_BYTES;
  const out = Buffer.allocUnsafe(size);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(size, MAGIC_BYTES);
  deflated.copy(out, HEADER_BYTES);
  out.writeUInt32LE(crc32(raw), size - TRAILER_BYTES);
  out.writeUInt32LE(raw.length >>> 0, size - 4);
  return out;
}

export type DecodedBlock =
  | { readonly kind: 'block'; readonly offset: number; readonly bytes: number; readonly text: string }
  /** Bytes that are not a whole, intact block: reported and skipped. */
  | { readonly kind: 'damaged'; readonly offset: number; readonly bytes: number; readonly reason: string };

function startsBlock(buf: Buffer, at: number): boolean {
  return at + MAGIC_BYTES <= buf.length && buf.compare(MAGIC, 0, MAGIC_BYTES, at, at + MAGIC_BYTES) === 0;
}

/** The next offset after `from` where a block header starts, or the end of the buffer. */
function nextStart(buf: Buffer, from: number): number {
  let at = buf.indexOf(MAGIC, from);
  while (at !== -1 && !startsBlock(buf, at)) at = buf.indexOf(MAGIC, at + 1);
  return at === -1 ? buf.length : at;
}

/** Decodes one block at `at`, or says why the bytes there are not one. */
function decodeAt(buf: Buffer, at: number): DecodedBlock {
  if (!startsBlock(buf, at)) {
    const end = nextStart(buf, at + 1);
    return {
      kind: 'damaged',
      offset: at,
      bytes: end - at,
      reason: at + MAGIC_BYTES > buf.length ? 'torn block header' : 'no block header',
    };
  }
  if (at + HEADER_BYTES > buf.length) return { kind: 'damaged', offset: at, bytes: buf.length - at, reason: 'torn block header' };
  const size = buf.readUInt32LE(at + MAGIC_BYTES);
  if (size < HEADER_BYTES + TRAILER_BYTES || size > MAX_BLOCK_BYTES) {
    const end = nextStart(buf, at + 1);
    return { kind: 'damaged', offset: at, bytes: end - at, reason: `bad block size ${size}` };
  }
  if (at + size > buf.length) {
    // Torn (the writer died mid-block) unless a later block starts inside it (a damaged size).
    const end = nextStart(buf, at + 1);
    return { kind: 'damaged', offset: at, bytes: end - at, reason: `torn block: ${buf.length - at} of ${size} bytes` };
  }
  let raw: Buffer;
  try {
    raw = inflateRawSync(buf.subarray(at + HEADER_BYTES, at + size - TRAILER_BYTES));
  } catch (err) {
    return { kind: 'damaged', offset: at, bytes: size, reason: `bad deflate data: ${(err as Error).message}` };
  }
  if (crc32(raw) !== buf.readUInt32LE(at + size - TRAILER_BYTES) || raw.length >>> 0 !== buf.readUInt32LE(at + size - 4))
    return { kind: 'damaged', offset: at, bytes: size, reason: 'CRC-32 or length mismatch' };
  return { kind: 'block', offset: at, bytes: size, text: raw.toString('utf8') };
}

/** Every block of a file's bytes, in order, damaged stretches included (and skipped past). */
export function* decodeBlocks(buf: Buffer): Generator<DecodedBlock> {
  let at = 0;
  while (at < buf.length) {
    const b = decodeAt(buf, at);
    yield b;
    at += b.bytes;
  }
}
