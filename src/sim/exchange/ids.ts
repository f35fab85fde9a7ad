/**
 * Deterministic identifiers from counters (no randomness, no clock): the same sequence of calls
 * gives the same ids. Each id mixes its counter through a 32-bit hash so that ids look like the
 * venue's (random hex), and ends with the counter itself in hex so that ids never collide.
 *
 * Ids are written byte by byte into a scratch buffer and decoded once: the result is one flat
 * string (a rope of string concatenations would be re-flattened at every Map lookup, and
 * Number#toString(16) takes V8's slow double path).
 */
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/** murmur3 fmix32 */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const scratch = Buffer.alloc(128);

function putHex8(at: number, x: number): number {
  for (let shift = 28; shift >= 0; shift -= 4) scratch[at++] = HEX_DIGITS[(x >>> shift) & 15]!;
  return at;
}

/**
 * `prefix` + `words` x 8 hex chars of a hash of (salt, n) + n as 16 hex chars (n < 2^53). Distinct
 * salts give distinct ids for the same n (the hash's first word differs), distinct n distinct
 * tails: the past trades of src/sim/history take their transaction hashes from it, with a salt
 * of their own.
 */
export function mixedHex(salt: number, n: number, words: number, prefix = ''): string {
  // The prefix byte by byte: Buffer#write is a native call, as dear as the rest of the id.
  let at = 0;
  for (; at < prefix.length; at++) scratch[at] = prefix.charCodeAt(at);
  let h = mix(salt ^ mix(n));
  for (let i = 0; i < words; i++) {
    at = putHex8(at, h);
    h = mix(h + 0x9e3779b9 + i);
  }
  // n < 2^53: high and low 32-bit halves.
  at = putHex8(at, Math.floor(n / 4294967296));
  at = putHex8(at, n >>> 0);
  return scratch.toString('latin1', 0, at);
}

const ORDER_SALT = 0x6f726472;
/** `0x`, 48 hex of the hash, 16 hex of the counter. */
const ORDER_ID_LENGTH = 66;

/** The order id of counter `seq` (`0x` + 64 hex). */
export function orderIdOf(seq: number): string {
  return mixedHex(ORDER_SALT, seq, 6, '0x');
}

/**
 * The counter an order id ends with (its last 16 hex), undefined for a text of another form. Only
 * a candidate: the caller compares the id of the order it finds under it (orders are kept by their
 * counter, an integer key, rather than by their 66-character id).
 */
export function orderSeqOf(id: string): number | undefined {
  if (id.length !== ORDER_ID_LENGTH) return undefined;
  const seq = Number.parseInt(id.slice(-16, -8), 16) * 4294967296 + Number.parseInt(id.slice(-8), 16);
  return Number.isSafeInteger(seq) ? seq : undefined;
}

export class IdSource {
  #orders = 0;
  #trades = 0;

  /** The next order's counter (its id: `orderIdOf`). */
  nextOrderSeq(): number {
    return ++this.#orders;
  }

  /** The next trade's counter (its ids: `tradeIdOf`, `transactionHashOf`). */
  nextTradeSeq(): number {
    return ++this.#trades;
  }
}

/** The trade id (uuid layout) of trade counter `n`. */
export function tradeIdOf(n: number): string {
  const h = mixedHex(0x74726164, n, 2);
  return [h.slice(0, 8), h.slice(8, 12), `4${h.slice(13, 16)}`, `8${h.slice(17, 20)}`, h.slice(20, 32)].join('-');
}

/** The transaction hash (`0x` + 64 hex) of trade counter `n`. */
export function transactionHashOf(n: number): string {
  return mixedHex(0x7478686e, n, 6, '0x');
}
