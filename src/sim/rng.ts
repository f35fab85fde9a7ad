/**
 * The simulator's only source of randomness: a small seeded PRNG (sfc32, seeded through the
 * cyrb128 string hash). Every stream is named by a text seed; `fork(label)` derives a new stream
 * from the seed text and the label alone, never from how much the parent has consumed, so adding
 * a consumer (or drawing one more number somewhere) does not shift any other stream.
 * Math.random is never used in the simulator.
 */

/** cyrb128: a fast 128-bit string hash, used only to turn a seed text into sfc32 state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = '0123456789abcdef';

export class SimRng {
  /** The text this stream was seeded from (parent seed + '/' + fork labels). */
  readonly seedText: string;
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** `poisson`'s last mean and exp(−mean): a flow draws with the same mean step after step. */
  #poissonMean = Number.NaN;
  #poissonLimit = 0;

  constructor(seed: string | number) {
    this.seedText = String(seed);
    const [a, b, c, d] = cyrb128(this.seedText);
    this.#a = a | 0;
    this.#b = b | 0;
    this.#c = c | 0;
    this.#d = d | 0;
    // Warm up: the first outputs of sfc32 from a hashed state are still correlated with it.
    for (let i = 0; i < 15; i++) this.#u32();
  }

  // The state words are held as int32 (every step is modulo 2^32: `| 0`, shifts, xor), so no
  // step needs them re-read as unsigned; only the output is.
  #u32(): number {
    let t = (this.#a + this.#b) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#d = (this.#d + 1) | 0;
    t = (t + this.#d) | 0;
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** An independent stream named `label`, derived from this stream's seed only. */
  fork(label: string): SimRng {
    return new SimRng(`${this.seedText}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#u32() / 4294967296;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) throw new RangeError(`SimRng.int: bad range [${lo}, ${hi}]`);
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('SimRng.pick: empty array');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** Standard normal (Box-Muller; one draw per call keeps the stream easy to reason about). */
  normal(): number {
    const u1 = 1 - this.next(); // (0, 1], so log is finite
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** Exponential with the given rate (mean 1/rate). */
  exponential(rate: number): number {
    if (!(rate > 0)) throw new RangeError(`SimRng.exponential: rate must be > 0 (got ${rate})`);
    return -Math.log(1 - this.next()) / rate;
  }

  /** Poisson count with the given mean (Knuth for small means, normal approximation above 30). */
  poisson(mean: number): number {
    if (!(mean > 0)) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    if (mean !== this.#poissonMean) {
      this.#poissonMean = mean;
      this.#poissonLimit = Math.exp(-mean);
    }
    const limit = this.#poissonLimit;
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** `n` lowercase hex characters. */
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += HEX[this.#u32() & 15];
    return s;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.#u32() & 255;
    return out;
  }

  /** A version-4 style uuid (random bits from this stream). */
  uuid(): string {
    const h = this.hex(32);
    const variant = HEX[8 + (this.#u32() & 3)]!;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Convenience: a root stream for a simulator seed. */
export function createRng(seed: string | number): SimRng {
  return new SimRng(seed);
}
