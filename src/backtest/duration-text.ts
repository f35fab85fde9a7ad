/**
 * A length of time for people, in the largest units that fit: `0.5 s`, `42 s`, `1 min 0 s`,
 * `59 min 59 s`, `3 h 2 min`, `49 h 0 min`.
 *
 * - under a minute: seconds, to the millisecond (trailing zeros dropped);
 * - under an hour: minutes and whole seconds (rounded);
 * - from an hour: hours and whole minutes (rounded).
 *
 * Rounding happens first, so 59.9996 s reads `1 min 0 s`, never `60 s`, and 59 min 59.6 s reads
 * `1 h 0 min`. Not finite or negative: `-`.
 */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  const ms = Math.round(seconds * 1000);
  if (ms < 60_000) return `${ms / 1000} s`;
  const wholeSeconds = Math.round(ms / 1000);
  if (wholeSeconds < 3600) return `${Math.floor(wholeSeconds / 60)} min ${wholeSeconds % 60} s`;
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
