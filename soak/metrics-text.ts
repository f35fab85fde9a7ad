/**
 * Reading figures out of Prometheus' text exposition format (what makerd's /metrics serves),
 * pure: the sum of one metric's samples whose labels match.
 */

/** `name{a="x",b="y"} 12` -> name, labels, value; undefined for comments, blanks and other lines. */
export function parseSample(line: string): { name: string; labels: Record<string, string>; value: number } | undefined {
  if (line === '' || line.startsWith('#')) return undefined;
  const m = /^([A-Za-z_:][A-Za-z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
  if (m === null) return undefined;
  const labels: Record<string, string> = {};
  if (m[3] !== undefined) {
    for (const l of m[3].matchAll(/([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  const value = Number(m[4]);
  return { name: m[1]!, labels, value };
}

/** Sum of `name`'s samples whose labels include every pair of `match`; undefined when none is present. */
export function metricSum(text: string, name: string, match: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    const s = parseSample(line);
    if (s === undefined || s.name !== name) continue;
    if (!Object.entries(match).every(([k, v]) => s.labels[k] === v)) continue;
    sum = (sum ?? 0) + s.value;
  }
  return sum;
}
