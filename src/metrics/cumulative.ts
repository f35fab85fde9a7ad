import type { Counter } from 'prom-client';

/**
 * Feeds a Counter from a cumulative total that some component keeps (read at scrape time):
 * each call adds what the total grew by since the last call for the same labels.
 */
export function cumulative(counter: Counter<string>): (labels: Record<string, string>, total: number) => void {
  const last = new Map<string, number>();
  return (labels, total) => {
    const key = JSON.stringify(labels);
    const delta = total - (last.get(key) ?? 0);
    if (delta > 0) counter.inc(labels, delta);
    last.set(key, total);
  };
}
