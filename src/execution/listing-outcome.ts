/**
 * What the executor does with a reconciled listing of the venue's open orders: which markets are
 * shared with orders not ours (never cancelled by market there), who hears about those orders, and
 * what is counted and logged. Apart from the executor so that its shell stays the I/O around the diff.
 */
import type { Logger } from 'pino';
import type { OpenOrder } from '../venue/types.js';
import type { ExecutorStats } from './executor-stats.js';
import type { ReconcileResult } from './order-tracker.js';

export interface ListingOutcomeDeps {
  /** Markets whose last listing showed orders not ours; updated for the markets listed. */
  readonly shared: Set<string>;
  readonly stats: ExecutorStats;
  readonly logger?: Logger | undefined;
  readonly onForeignOrders?: ((market: string, orders: readonly OpenOrder[]) => void) | undefined;
}

/** `listed`: the markets the listing covered (one market, or the whole scope). */
export function applyListingOutcome(d: ListingOutcomeDeps, r: ReconcileResult, listed: Iterable<string>, market: string | undefined): void {
  const foreignBy = new Map<string, OpenOrder[]>();
  for (const o of r.foreign) {
    const list = foreignBy.get(o.market);
    if (list === undefined) foreignBy.set(o.market, [o]);
    else list.push(o);
  }
  for (const m of listed) {
    if (foreignBy.has(m)) d.shared.add(m);
    else d.shared.delete(m);
  }
  for (const [m, orders] of foreignBy) d.onForeignOrders?.(m, orders);
  if (r.adopted > 0) d.stats.count('adopted', r.adopted);
  if (r.vanished > 0) d.stats.count('vanished', r.vanished);
  if (r.adopted > 0 || r.settledLive + r.settledAbsent > 0) {
    const { foreign, ...counts } = r;
    d.logger?.info({ market, ...counts, foreign: foreign.length }, 'open orders reconciled with the venue');
  }
}
