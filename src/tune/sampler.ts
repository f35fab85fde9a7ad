/**
 * The settings of a search: setting i (i >= 1) is point i of a Halton sequence (one prime base
 * per dimension) shifted by a random offset per dimension drawn from the search seed (a
 * Cranley-Patterson rotation), mapped onto each dimension's range or choices. The points spread
 * evenly over the space (a parameter's values cover its range with no clumps, unlike independent
 * draws), and setting i is a function of the search seed, the space and i alone: a shard computes
 * its settings without the others, and a longer search begins with a shorter one's settings.
 *
 * Values are rounded to 4 significant digits (decimal rules as decimal text), kept inside the
 * dimension's range; integers take each whole value of the range with equal weight.
 */
import { Decimal } from '../money.js';
import { SimRng } from '../sim/rng.js';
import type { Choice, Dimension, SearchSpace } from './search-space.js';

/** The first `n` primes. */
function primes(n: number): number[] {
  const out: number[] = [];
  for (let k = 2; out.length < n; k++) if (out.every((p) => k % p !== 0)) out.push(k);
  return out;
}

/** The radical inverse of `i` in base `b`: the Halton coordinate, in [0, 1). */
function radicalInverse(i: number, b: number): number {
  let f = 1;
  let r = 0;
  for (let n = i; n > 0; n = Math.floor(n / b)) {
    f /= b;
    r += f * (n % b);
  }
  return r;
}

/** The shift of each dimension, from the search seed. */
export function dimensionShifts(searchSeed: string, count: number): number[] {
  const rng = new SimRng(`tune:${searchSeed}`);
  return Array.from({ length: count }, (_, d) => rng.fork(`shift:${d}`).next());
}

/** The searched values of setting `index` (>= 1), by path. */
export function sampleValues(space: SearchSpace, searchSeed: string, index: number): Record<string, Choice> {
  if (!Number.isInteger(index) || index < 1) throw new Error(`sampleValues: setting index ${index} (sampled settings start at 1)`);
  const bases = primes(space.length);
  const shifts = dimensionShifts(searchSeed, space.length);
  const out: Record<string, Choice> = {};
  space.forEach((dim, d) => {
    const u = (radicalInverse(index, bases[d]!) + shifts[d]!) % 1;
    out[dim.path] = valueAt(dim, u);
  });
  return out;
}

/** The value at `u` in [0, 1) along a dimension. */
export function valueAt(dim: Dimension, u: number): Choice {
  if (dim.kind === 'choice') return dim.values[Math.min(dim.values.length - 1, Math.floor(u * dim.values.length))]!;
  if (dim.type === 'integer') return Math.min(dim.max, dim.min + Math.floor(u * (dim.max - dim.min + 1)));
  const x = dim.log ? Math.exp(Math.log(dim.min) + u * (Math.log(dim.max) - Math.log(dim.min))) : dim.min + u * (dim.max - dim.min);
  const rounded = Math.min(dim.max, Math.max(dim.min, Number(x.toPrecision(4))));
  return dim.type === 'decimal' ? new Decimal(rounded).toSignificantDigits(15).toFixed() : rounded;
}
