import type { Counter } from 'prom-client';

/**
 * Feeds a Counter from a cumulative total that some component keeps (read at scrape time):
 * each call adds what the total grew by since the last call for the same labels. With
 * `exportZero`, a label set seen for the first time is exported at once, at 0 if nothing happened
 * yet, so that rates and alerts over it have a series to read before the first event.
 */
export function cumulative(
  counter: Counter<string>,
  { exportZero = false }: { exportZero?: boolean } = {},
): (labels: Record<string, string>, total: number) => void {
  const last = new Map<string, number>();
  return (labels, total) => {
    const key = JSON.stringify(labels);
    const seen = last.get(key);
    const delta = total - (seen ?? 0);
    if (delta > 0 || (exportZero && seen === undefined)) counter.inc(labels, Math.max(delta, 0));
    last.set(key, total);
  };
}
