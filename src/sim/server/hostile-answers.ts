/**
 * The bodies of the hostile-answer faults (faults.ts), as lazy sequences of pieces that
 * `body-stream.ts` writes with backpressure, so that a 400 MB answer never exists whole in the
 * simulator's memory: at most one piece (64 KiB, or a batch of 1,000 levels) is built at a time,
 * and a client that hangs up stops the generation.
 *
 * - hugeBooks: each book of the route's answer with `levels` levels a side. Prices are odd
 *   multiples of 10^-9 (bids 0.499999999 down, asks 0.500000001 up, evenly spread inside
 *   (0.1, 0.9)), so every one is distinct, inside (0, 1) and off every tick grid (ticks are
 *   multiples of 10^-4, an even number of billionths); bids ascending and asks descending, as the
 *   simulator orders them, so the only faults are the count and the grid.
 * - giantAnswers: the books of the answer with the first book's bids padded, with one repeated
 *   level and trailing blanks, to exactly the size asked for: valid JSON of that size.
 * - deepJson: `{"<token>": [[[ ... ]]]}`, arrays nested `depth` deep.
 * - garbage: random bytes from the fault PRNG.
 * - the stream flood's message: one `book` event as a JSON array, padded as giantAnswers is.
 */
import type { OrderBookSnapshot } from '../../venue/types.js';

export type BodyPiece = string | Buffer;

/** An answer written piece by piece; `fault` is the stats key its bytes are counted under. */
export interface StreamedBody {
  readonly fault: string;
  readonly pieces: Iterable<BodyPiece>;
  /** Set when the size is known up front (then sent as Content-Length); else the body is chunked. */
  readonly length?: number;
}

export const MB = 1_048_576;
/** Size of the chunks of the padded bodies. */
export const CHUNK_BYTES = 65_536;
/** Levels per piece of a huge book. */
const LEVELS_PER_PIECE = 1_000;
/** Bytes of the garbage answer. */
export const GARBAGE_BYTES = 65_536;

/** One padding level and its separator: the unit of the padded bodies. */
const PAD_LEVEL = '{"price":"0.01","size":"1"}';
const PAD_UNIT = `${PAD_LEVEL},`;
/** A chunk of whole padding units, shared by every padded body (never written to). */
const PAD_CHUNK = Buffer.from(PAD_UNIT.repeat(Math.floor(CHUNK_BYTES / PAD_UNIT.length)));
const PAD_UNITS_PER_CHUNK = PAD_CHUNK.length / PAD_UNIT.length;

/** `bytes` of padding: whole levels separated by commas (no trailing comma), then blanks. */
function* padding(bytes: number): Generator<BodyPiece> {
  if (bytes <= 0) return;
  // n levels take n units less the last comma.
  const levels = Math.floor((bytes + 1) / PAD_UNIT.length);
  let left = levels;
  while (left > PAD_UNITS_PER_CHUNK) {
    yield PAD_CHUNK;
    left -= PAD_UNITS_PER_CHUNK;
  }
  const tail = levels === 0 ? '' : `${PAD_UNIT.repeat(left - 1)}${PAD_LEVEL}`;
  const blanks = bytes - (levels === 0 ? 0 : levels * PAD_UNIT.length - 1);
  yield tail + ' '.repeat(blanks);
}

/** A book's JSON up to the opening of `side`'s array, the other side written already. */
function bookHead(book: OrderBookSnapshot, open: 'bids' | 'asks'): string {
  const { bids, asks, ...rest } = book;
  const other = open === 'bids' ? 'asks' : 'bids';
  const head = JSON.stringify(rest);
  const otherLevels = open === 'bids' ? asks : bids;
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"${other}":${JSON.stringify(otherLevels)},"${open}":[`;
}

/** Distance between consecutive huge-book prices in billionths: even, so every price stays odd. */
function hugeStep(levels: number): number {
  return Math.max(2, 2 * Math.floor(200_000_000 / levels));
}

/** The price of level `j` (0: the best) of a huge book side, as text. */
export function hugePrice(side: 'bids' | 'asks', j: number, levels: number): string {
  const step = hugeStep(levels);
  const units = side === 'bids' ? 499_999_999 - j * step : 500_000_001 + j * step;
  return `0.${String(units).padStart(9, '0')}`;
}

/** One side of a huge book, worst level first (bids ascending, asks descending), in pieces. */
function* hugeSide(side: 'bids' | 'asks', levels: number): Generator<string> {
  let parts: string[] = [];
  for (let j = levels - 1; j >= 0; j--) {
    parts.push(`{"price":"${hugePrice(side, j, levels)}","size":"10"}`);
    if (parts.length === LEVELS_PER_PIECE || j === 0) {
      yield j === 0 ? parts.join(',') : `${parts.join(',')},`;
      parts = [];
    }
  }
}

function* hugeBook(book: OrderBookSnapshot, levels: number): Generator<BodyPiece> {
  const { bids: _bids, asks: _asks, ...rest } = book;
  const head = JSON.stringify(rest);
  yield `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"bids":[`;
  yield* hugeSide('bids', levels);
  yield '],"asks":[';
  yield* hugeSide('asks', levels);
  yield ']}';
}

/** `POST /books` (an array) or `GET /book` (one book) with `levels` levels a side. */
export function hugeBooksBody(answer: OrderBookSnapshot | readonly OrderBookSnapshot[], levels: number): StreamedBody {
  function* pieces(): Generator<BodyPiece> {
    if (!Array.isArray(answer)) {
      yield* hugeBook(answer as OrderBookSnapshot, levels);
      return;
    }
    yield '[';
    for (const [i, b] of (answer as readonly OrderBookSnapshot[]).entries()) {
      if (i > 0) yield ',';
      yield* hugeBook(b, levels);
    }
    yield ']';
  }
  return { fault: 'huge_books', pieces: pieces() };
}

/**
 * `POST /books` answered with exactly `bytes` bytes of JSON: the books asked for, the first one's
 * bids padded (one repeated level, then blanks).
 */
export function giantBooksBody(books: readonly OrderBookSnapshot[], bytes: number): StreamedBody {
  const [first, ...others] = books;
  const head = first === undefined ? '[{"bids":[' : `[${bookHead(first, 'bids')}`;
  const tail = `]}${others.map((b) => `,${JSON.stringify(b)}`).join('')}]`;
  const size = Math.max(Math.round(bytes), Buffer.byteLength(head) + Buffer.byteLength(tail));
  function* pieces(): Generator<BodyPiece> {
    yield head;
    yield* padding(size - Buffer.byteLength(head) - Buffer.byteLength(tail));
    yield tail;
  }
  // Chunked, not announced: a client must count what it reads to find out how large it is.
  return { fault: 'giant_answer', pieces: pieces() };
}

/** `POST /midpoints` answered `{"<tokenId>": [[[ ... ]]]}`, `depth` arrays deep. */
export function deepMidpointsBody(tokenId: string, depth: number): StreamedBody {
  const head = `{${JSON.stringify(tokenId)}:`;
  function* pieces(): Generator<BodyPiece> {
    yield head;
    for (const bracket of ['[', ']']) {
      const full = bracket.repeat(CHUNK_BYTES);
      let left = depth;
      while (left > 0) {
        const n = Math.min(left, CHUNK_BYTES);
        yield n === CHUNK_BYTES ? full : bracket.repeat(n);
        left -= n;
      }
    }
    yield '}';
  }
  return { fault: 'deep_json', pieces: pieces(), length: Buffer.byteLength(head) + 2 * depth + 1 };
}

/** `GARBAGE_BYTES` random bytes (4 per draw of `random`, uniform in [0, 1)). */
export function garbageBody(random: () => number): StreamedBody {
  const buf = Buffer.allocUnsafe(GARBAGE_BYTES);
  for (let i = 0; i < GARBAGE_BYTES; i += 4) buf.writeUInt32LE(Math.floor(random() * 0x1_0000_0000) >>> 0, i);
  // Never valid JSON, whatever the draws: a byte that cannot start any JSON value or UTF-8 text.
  buf[0] = 0xff;
  return { fault: 'garbage', pieces: [buf], length: GARBAGE_BYTES };
}

/**
 * The stream flood's message: `[{"event_type":"book","asset_id":<tokenId>,...,"bids":[<padding>],
 * "asks":[]}]` of exactly `bytes` bytes, built once and sent to every connection.
 */
export function floodMessage(tokenId: string, market: string, bytes: number): Buffer {
  const head = Buffer.from(
    `[{"event_type":"book","asset_id":${JSON.stringify(tokenId)},"market":${JSON.stringify(market)},"timestamp":"0","hash":"flood","tick_size":"0.01","asks":[],"bids":[`,
  );
  const tail = Buffer.from(']}]');
  const size = Math.max(Math.round(bytes), head.length + tail.length);
  const out = Buffer.allocUnsafe(size);
  head.copy(out, 0);
  let at = head.length;
  for (const piece of padding(size - head.length - tail.length)) {
    at += typeof piece === 'string' ? out.write(piece, at) : piece.copy(out, at);
  }
  tail.copy(out, at);
  return out;
}
