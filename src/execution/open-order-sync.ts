/**
 * The executor's alignment with the venue's open orders: GET /data/orders (every page), its
 * reconciliation with the order tracker, and what the listing's outcome does (listing-outcome.ts).
 * Two rules keep a listing from losing an order that rests or bringing back one that is gone:
 * - a listing shows the orders as they were at its request: while listings are in flight the
 *   tracker remembers forgotten ids back to the request of the earliest one still unanswered, so
 *   an earlier listing answered after a later one does not adopt again an order cancelled since;
 * - the venue pages by offset, so a listing of the whole account over several pages is not one
 *   snapshot (an order that goes while a later page is on its way moves the orders after it
 *   forward, and that page starts past some it never shows): an order it does not show is
 *   forgotten only when a listing of its market alone (one page) does not show it either.
 */
import type { Logger } from 'pino';
import { everyPage } from '../venue/pagination.js';
import type { OpenOrder } from '../venue/types.js';
import type { CallOptions, ExecutionVenue } from './executor-contract.js';
import type { ExecutorStats } from './executor-stats.js';
import { applyListingOutcome } from './listing-outcome.js';
import type { OrderTracker } from './order-tracker.js';
import { addReconciled, type ReconcileResult } from './tracked-order.js';

const MAX_LISTING_PAGES = 1_000;

/** A listing of the open orders and how many pages it took. */
export interface OpenOrderListing {
  readonly orders: OpenOrder[];
  /** Pages read: more than one is not one snapshot (see above). */
  readonly pages: number;
}

/** Every page of GET /data/orders (of one market, or of the whole account). */
export async function listOpenOrders(venue: ExecutionVenue, market: string | undefined, call: CallOptions): Promise<OpenOrderListing> {
  const { items, pages } = await everyPage(
    (cursor) =>
      venue.getOpenOrders({ ...(market === undefined ? {} : { market }), ...(cursor === undefined ? {} : { next_cursor: cursor }) }, call),
    MAX_LISTING_PAGES,
  );
  return { orders: items, pages };
}

export interface OpenOrderSyncDeps {
  readonly venue: ExecutionVenue;
  readonly now: () => number;
  readonly tracker: OrderTracker;
  readonly stats: ExecutorStats;
  readonly logger: Logger | undefined;
  readonly owns: ((clientOrderId: string) => boolean) | undefined;
  readonly onForeignOrders: ((market: string, orders: readonly OpenOrder[]) => void) | undefined;
}

export class OpenOrderSync {
  readonly #d: OpenOrderSyncDeps;
  /** Markets whose last listing showed orders not ours: never cancelled by market there. */
  readonly shared = new Set<string>();
  readonly #listeners: ((orders: readonly OpenOrder[], market: string | undefined) => void)[] = [];
  /** When each listing now unanswered was requested (several may overlap). */
  readonly #inFlight: number[] = [];

  constructor(deps: OpenOrderSyncDeps) {
    this.#d = deps;
    // Only a listing in flight can show an order forgotten after its request.
    deps.tracker.rememberDropsWhile(() => this.#inFlight.length > 0);
  }

  /** Hears every listing (all of the account's orders when `market` is undefined). */
  onListing(listener: (orders: readonly OpenOrder[], market: string | undefined) => void): void {
    this.#listeners.push(listener);
  }

  /** Lists `market`'s open orders (the whole account's when undefined) and aligns the tracker's markets in `scope` with them. */
  async sync(scope: ReadonlySet<string>, market: string | undefined, call: CallOptions): Promise<ReconcileResult> {
    const d = this.#d;
    const listedAtMs = d.now();
    this.#inFlight.push(listedAtMs);
    let listing: OpenOrderListing;
    try {
      listing = await listOpenOrders(d.venue, market, call);
    } finally {
      this.#inFlight.splice(this.#inFlight.indexOf(listedAtMs), 1);
    }
    for (const l of this.#listeners) l(listing.orders, market);
    let keepDroppedFromMs = listedAtMs;
    for (const t of this.#inFlight) if (t < keepDroppedFromMs) keepDroppedFromMs = t;
    const keepAbsent = market === undefined && listing.pages > 1;
    const r = d.tracker.reconcile(scope, listing.orders, listedAtMs, d.owns, keepDroppedFromMs, keepAbsent);
    applyListingOutcome(
      { shared: this.shared, stats: d.stats, logger: d.logger, onForeignOrders: d.onForeignOrders },
      r,
      market === undefined ? scope : [market],
      market,
    );
    if (r.unconfirmed.length === 0) return r;
    d.logger?.debug(
      { markets: r.unconfirmed.length, pages: listing.pages },
      'orders missing from a paged listing; listing their markets alone',
    );
    // The markets' own listings report their foreign orders again: counted once, from them.
    const again = new Set(r.unconfirmed);
    let out: ReconcileResult = { ...r, foreign: r.foreign.filter((o) => !again.has(o.market)), unconfirmed: [] };
    for (const m of again) out = addReconciled(out, await this.sync(new Set([m]), m, call));
    return out;
  }
}
