/**
 * The daemon's garbage-collection policy. At 500 tokens the daemon allocates tens of MB a second
 * (parsed books, views, requests) and only 25-30 MB of it is live after a full collection, but V8
 * lets the old generation grow to up to four times what survived the last full collection while
 * collections look cheap: the heap swung between 30 and 130 MB and the resident size reached
 * 210-240 MB (docs/measured-results.md). `--heap-growing-percent=100` makes V8 collect once the
 * heap has doubled instead: not a cap (the heap still grows with what is live), just an earlier
 * full collection, which on this load costs a few per cent of CPU. Set from the program, so that
 * `makerd run` behaves the same however it is started; a value given on the command line or in
 * NODE_OPTIONS wins.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 100;

/** Applies the policy unless `--heap-growing-percent` was given to Node; returns whether it did. */
export function applyHeapPolicy(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--heap[-_]growing[-_]percent\b/.test(a));
  if (given) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
