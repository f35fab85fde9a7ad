/**
 * A stable in-place sort for the few elements of one market's evaluation (its quotes, its
 * intents): Array#sort copies every array into a work array first, an allocation per call that
 * the decision path makes hundreds of times a tick; an insertion sort on a handful of elements,
 * most often already in order, makes none. Same order as Array#sort with the same comparator.
 */
export function sortSmall<T>(xs: T[], compare: (a: T, b: T) => number, n: number = xs.length): T[] {
  // n: only the first n elements (a scratch array reused between calls, longer than what it holds now).
  for (let i = 1; i < n; i++) {
    const x = xs[i]!;
    let j = i - 1;
    while (j >= 0 && compare(xs[j]!, x) > 0) {
      xs[j + 1] = xs[j]!;
      j--;
    }
    xs[j + 1] = x;
  }
  return xs;
}
