/**
 * What a SIGHUP cannot apply: every setting whose value in the re-read configuration differs from
 * the one the daemon started with, outside the settings a reload applies (`risk.*`, `strategy.*`,
 * the `markets` entries' strategies, parameters, states and stops, `quoting.stopBeforeEndSec`, and
 * the selector's swap hysteresis `selector.swapMargin`, `selector.minHoldSec`). Those keep their start-up value
 * until a restart, and the reload says so by name (names only: a value may be a secret).
 */
import type { MakerdConfig } from '../config/schema.js';

/** Settings a reload applies; anything else changed needs a restart. */
const RELOADABLE = ['risk', 'strategy', 'markets', 'quoting.stopBeforeEndSec', 'selector.swapMargin', 'selector.minHoldSec'];

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Dotted key -> JSON of the value, for every leaf (arrays are one leaf). */
function leaves(v: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) leaves(x, prefix === '' ? k : `${prefix}.${k}`, out);
  else out.set(prefix, JSON.stringify(v) ?? 'undefined');
  return out;
}

/** The changed settings a reload does not apply, sorted. */
export function ignoredOnReload(running: MakerdConfig, next: MakerdConfig): string[] {
  const a = leaves(running, '', new Map());
  const b = leaves(next, '', new Map());
  const out: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (RELOADABLE.some((r) => key === r || key.startsWith(`${r}.`))) continue;
    if (a.get(key) !== b.get(key)) out.push(key);
  }
  return out.sort();
}
