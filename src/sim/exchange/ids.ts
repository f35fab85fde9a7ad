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
  let at = scratch.write(prefix, 0, 'latin1');
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

export class IdSource {
  #orders = 0;
  #trades = 0;

  /** `0x` + 64 hex */
  nextOrderId(): string {
    return mixedHex(0x6f726472, ++this.#orders, 6, '0x');
  }

  /** A trade id (uuid layout) and its transaction hash (`0x` + 64 hex). */
  nextTrade(): { tradeId: string; transactionHash: string } {
    const n = ++this.#trades;
    const h = mixedHex(0x74726164, n, 2);
    return {
      tradeId: [h.slice(0, 8), h.slice(8, 12), `4${h.slice(13, 16)}`, `8${h.slice(17, 20)}`, h.slice(20, 32)].join('-'),
      transactionHash: mixedHex(0x7478686e, n, 6, '0x'),
    };
  }
}
