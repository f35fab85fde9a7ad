/**
 * The account's live orders as the executor knows them, by market: what it placed (pending while
 * the post is in flight, uncertain when the post's outcome is unknown), what the venue confirmed,
 * and what the venue reports (GET /data/orders, /ws/user `order` events). It is the one source of
 * the open-order count the rate limiter's cancel reserve covers: pending and uncertain posts count
 * as open, so the reserve never undercounts between a post's answer and its bookkeeping.
 *
 * Pure bookkeeping: no I/O, time passed in. Listeners hear which market changed.
 */
import { compareDecimals, Decimal, ZERO } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { OpenOrder } from '../venue/types.js';
import { filledUp, type OwnOrderFootprint, type ReconcileResult, remaining, type TrackedOrder } from './tracked-order.js';

export type { OwnOrderFootprint, ReconcileResult, TrackedOrder, TrackedState } from './tracked-order.js';
export { remaining } from './tracked-order.js';

const NONE: ReadonlySet<TrackedOrder> = new Set();

/** How long a removed order is remembered for books that may still show it. */
const FOOTPRINT_MS = 15_000;

export class OrderTracker {
  readonly #byClient = new Map<string, TrackedOrder>();
  /** By the venue's order id, once known. */
  readonly #byVenueId = new Map<string, TrackedOrder>();
  /** Each market's orders, in placement order. */
  readonly #byMarket = new Map<string, Set<TrackedOrder>>();
  readonly #listeners: ((conditionId: string) => void)[] = [];
  readonly #fillListeners: ((order: Readonly<TrackedOrder>, shares: Decimal) => void)[] = [];
  readonly #forgetListeners: ((order: Readonly<TrackedOrder>, unmatched: Decimal) => void)[] = [];
  /** When each order id was last forgotten, so that an older listing does not bring it back. */
  readonly #droppedAt = new Map<string, number>();
  /** Whether a listing requested before now may still be reconciled (see rememberDropsWhile). */
  #listingPending: () => boolean = () => true;
  /** Footprints of the orders forgotten in the last FOOTPRINT_MS, by market. */
  readonly #gone = new Map<string, OwnOrderFootprint[]>();
  /** Orders ever added per market (posted or adopted): a wish's risk check is valid while this stays. */
  readonly #additions = new Map<string, number>();
  /** Fills heard per market (the executor's check that a wish was made against the position now). */
  readonly #fills = new Map<string, number>();
  #clock: () => number = () => 0;

  /**
   * Forgotten ids are remembered only while `pending()` says a listing requested before now may
   * still be reconciled: a listing requested after an order was forgotten cannot show it, so with
   * none in flight there is nothing to remember (the executor knows its listings in flight; by
   * default every id is remembered until pruned).
   */
  rememberDropsWhile(pending: () => boolean): void {
    this.#listingPending = pending;
  }

  /** The time source for `#droppedAt` (the executor's clock). */
  useClock(now: () => number): void {
    this.#clock = now;
  }

  onChange(listener: (conditionId: string) => void): void {
    this.#listeners.push(listener);
  }

  /** Hears every increase of an order's matched size (a fill of `shares`). */
  onFill(listener: (order: Readonly<TrackedOrder>, shares: Decimal) => void): void {
    this.#fillListeners.push(listener);
  }

  /**
   * Hears every order forgotten with shares unmatched as far as it knows (cancelled, gone from a
   * listing, reported gone): nobody said what matched before it went, so it may have filled by all
   * of its remainder. Not a post refused (it never rested), nor an order filled whole.
   */
  onForget(listener: (order: Readonly<TrackedOrder>, unmatched: Decimal) => void): void {
    this.#forgetListeners.push(listener);
  }

  /** Orders that count against the cancel reserve: live, pending and uncertain. */
  openCount(): number {
    return this.#byClient.size;
  }

  /** Every tracked order of a market, in placement order. */
  ordersOf(conditionId: string): TrackedOrder[] {
    const set = this.#byMarket.get(conditionId);
    return set === undefined ? [] : [...set];
  }

  liveOf(conditionId: string): TrackedOrder[] {
    const out: TrackedOrder[] = [];
    for (const o of this.#byMarket.get(conditionId) ?? NONE) if (o.state === 'live') out.push(o);
    return out;
  }

  /** The orders known to be live or on their way: venue ids, else (posts unanswered) client order ids. */
  liveOrderIds(): string[] {
    return this.markets().flatMap((m) => this.ordersOf(m).map((o) => o.id || o.clientOrderId));
  }

  /**
   * What the account has, or recently had, in a market's books: what to take out of a book to
   * see the rest of the market (see src/trading/view-builder.ts).
   */
  footprints(conditionId: string, nowMs: number): OwnOrderFootprint[] {
    // A tracked order is its own footprint (goneAtMs undefined).
    const out: OwnOrderFootprint[] = [];
    for (const o of this.#byMarket.get(conditionId) ?? NONE) out.push(o);
    const gone = this.#gone.get(conditionId);
    if (gone === undefined) return out;
    // The ones still within FOOTPRINT_MS, in order, compacted in place (no array per call).
    const since = nowMs - FOOTPRINT_MS;
    let kept = 0;
    for (const f of gone) {
      if (f.goneAtMs! <= since) continue;
      gone[kept++] = f;
      out.push(f);
    }
    if (kept === 0) this.#gone.delete(conditionId);
    else gone.length = kept;
    return out;
  }

  /** How many fills of the market's orders were heard so far. */
  fills(conditionId: string): number {
    return this.#fills.get(conditionId) ?? 0;
  }

  /** How many orders were ever added to the market (posted or adopted). */
  additions(conditionId: string): number {
    return this.#additions.get(conditionId) ?? 0;
  }

  /** Marks the orders with these ids as being cancelled, or (on: false) no longer. */
  markCancelling(ids: readonly string[], on: boolean): void {
    for (const id of ids) {
      const o = this.byId(id);
      if (o !== undefined) o.cancelling = on;
    }
  }

  hasUncertain(conditionId: string): boolean {
    for (const o of this.#byMarket.get(conditionId) ?? NONE) if (o.state === 'uncertain') return true;
    return false;
  }

  markets(): string[] {
    return [...this.#byMarket.keys()];
  }

  byId(id: string): TrackedOrder | undefined {
    return this.#byVenueId.get(id);
  }

  addPending(intent: OrderIntent, clientOrderId: string, nowMs: number, expiresAtMs?: number): TrackedOrder {
    const o: TrackedOrder = {
      expiresAtMs,
      id: '',
      clientOrderId,
      conditionId: intent.conditionId,
      tokenId: intent.tokenId,
      side: intent.side,
      price: intent.price,
      size: intent.size,
      matched: ZERO,
      state: 'pending',
      sinceMs: nowMs,
      goneAtMs: undefined,
    };
    this.#put(o);
    return o;
  }

  /** The post was accepted: live with `matched` already filled, or gone when fully filled. */
  confirm(clientOrderId: string, orderId: string, matched: Decimal, nowMs: number): void {
    const o = this.#byClient.get(clientOrderId);
    if (o === undefined) return;
    o.id = orderId;
    // A listing may have reported fills already: only an increase is a new fill.
    if (!matched.isZero() && compareDecimals(matched, o.matched) > 0) {
      this.#filled(o, matched.minus(o.matched));
      o.matched = matched;
    }
    o.state = 'live';
    o.sinceMs = nowMs;
    if (orderId !== '') this.#byVenueId.set(orderId, o);
    if (filledUp(o)) this.#delete(o);
    else this.#changed(o.conditionId);
  }

  /** Tells the listeners that a market needs another look (e.g. a cancel failed), changing nothing. */
  touch(conditionId: string): void {
    this.#changed(conditionId);
  }

  markUncertain(clientOrderId: string): void {
    const o = this.#byClient.get(clientOrderId);
    if (o === undefined) return;
    o.state = 'uncertain';
    this.#changed(o.conditionId);
  }

  /** Forgets a post the venue refused (it never rested). */
  dropClient(clientOrderId: string): void {
    const o = this.#byClient.get(clientOrderId);
    if (o !== undefined) this.#delete(o, true, false);
  }

  dropId(id: string): boolean {
    const o = this.byId(id);
    if (o === undefined) return false;
    this.#delete(o);
    return true;
  }

  /**
   * dropId for each of `ids` (a cancel's answer): the listeners hear each market once, when all
   * are gone, instead of once per order. Returns how many were tracked.
   */
  dropIds(ids: Iterable<string>): number {
    let n = 0;
    let first: string | undefined;
    let others: Set<string> | undefined;
    for (const id of ids) {
      const o = this.byId(id);
      if (o === undefined) continue;
      this.#delete(o, false);
      n++;
      if (first === undefined) first = o.conditionId;
      else if (o.conditionId !== first) (others ??= new Set()).add(o.conditionId);
    }
    if (first !== undefined) this.#changed(first);
    if (others !== undefined) for (const m of others) this.#changed(m);
    return n;
  }

  /**
   * The venue named order `id` with our client order id before its post was answered (a user
   * stream event can overtake the POST's reply): bind the id now, so the event is not lost.
   */
  bindVenueId(clientOrderId: string, id: string): boolean {
    const o = this.#byClient.get(clientOrderId);
    if (o === undefined || id === '' || (o.id !== '' && o.id !== id)) return false;
    o.id = id;
    this.#byVenueId.set(id, o);
    return true;
  }

  /** The venue says `size_matched` of order `id` is now `matched` (a fill). */
  setMatched(id: string, matched: Decimal): void {
    const o = this.byId(id);
    if (o === undefined || compareDecimals(matched, o.matched) <= 0) return;
    this.#filled(o, matched.minus(o.matched));
    o.matched = matched;
    if (filledUp(o)) this.#delete(o);
    else this.#changed(o.conditionId);
  }

  /**
   * Aligns the markets in `scope` with a listing of the venue's open orders requested at
   * `listedAtMs`. Orders confirmed or posted after that moment are left alone: the listing may
   * predate them. Orders forgotten before `keepDroppedFromMs` are forgotten for good: no listing
   * requested from then on can show them, and the caller gives the request time of the earliest
   * listing still unanswered when several overlap (an earlier one shows what was live at its
   * request, orders cancelled since included). With `keepAbsent` (a listing that may have skipped
   * orders: several pages) an order it does not show is kept, and its market named in
   * `unconfirmed`, instead of being forgotten.
   */
  reconcile(
    scope: ReadonlySet<string>,
    listing: readonly OpenOrder[],
    listedAtMs: number,
    owns: (clientOrderId: string) => boolean = () => true,
    keepDroppedFromMs: number = listedAtMs,
    keepAbsent = false,
  ): ReconcileResult {
    const foreign: OpenOrder[] = [];
    let adopted = 0;
    let vanished = 0;
    let settledLive = 0;
    let settledAbsent = 0;
    const seen = new Set<string>();
    for (const r of listing) {
      if (!scope.has(r.market)) continue;
      if ((this.#droppedAt.get(r.id) ?? -Infinity) >= listedAtMs) continue;
      const matched = new Decimal(r.size_matched);
      const known = this.byId(r.id) ?? (r.client_order_id === '' ? undefined : this.#byClient.get(r.client_order_id));
      if (known !== undefined) {
        seen.add(known.clientOrderId);
        if (known.state === 'uncertain' || known.state === 'pending') {
          if (known.state === 'uncertain') settledLive++;
          known.id = r.id;
          known.state = 'live';
          known.sinceMs = listedAtMs;
          this.#byVenueId.set(r.id, known);
          this.#changed(known.conditionId);
        }
        this.setMatched(r.id, matched);
        continue;
      }
      // Another daemon's (or a person's) order on this account: taking it over starts a cancel war.
      if (!owns(r.client_order_id)) {
        foreign.push(r);
        continue;
      }
      const clientOrderId = r.client_order_id !== '' && !this.#byClient.has(r.client_order_id) ? r.client_order_id : `venue:${r.id}`;
      const o: TrackedOrder = {
        id: r.id,
        clientOrderId,
        conditionId: r.market,
        tokenId: r.asset_id,
        side: r.side,
        price: new Decimal(r.price),
        size: new Decimal(r.original_size),
        matched,
        state: 'live',
        sinceMs: listedAtMs,
        expiresAtMs: r.expiration === '0' || r.expiration === '' ? undefined : Number(r.expiration) * 1000,
        goneAtMs: undefined,
      };
      seen.add(clientOrderId);
      this.#put(o);
      this.#byVenueId.set(r.id, o);
      adopted++;
    }
    this.#pruneDropped(Math.min(listedAtMs, keepDroppedFromMs));
    const unconfirmed: string[] = [];
    for (const market of scope) {
      for (const o of this.ordersOf(market)) {
        // Confirmed at or after the listing's request: the listing may predate it.
        if (seen.has(o.clientOrderId) || o.sinceMs >= listedAtMs || o.state === 'pending') continue;
        if (keepAbsent) {
          if (unconfirmed.at(-1) !== market) unconfirmed.push(market);
          continue;
        }
        if (o.state === 'uncertain') settledAbsent++;
        else vanished++;
        this.#delete(o);
      }
    }
    return { adopted, vanished, settledLive, settledAbsent, foreign, unconfirmed };
  }

  #put(o: TrackedOrder): void {
    this.#byClient.set(o.clientOrderId, o);
    this.#additions.set(o.conditionId, (this.#additions.get(o.conditionId) ?? 0) + 1);
    let set = this.#byMarket.get(o.conditionId);
    if (set === undefined) this.#byMarket.set(o.conditionId, (set = new Set()));
    set.add(o);
    this.#changed(o.conditionId);
  }

  #filled(o: TrackedOrder, shares: Decimal): void {
    this.#fills.set(o.conditionId, (this.#fills.get(o.conditionId) ?? 0) + 1);
    for (const l of this.#fillListeners) l(o, shares);
  }

  #pruneDropped(olderThanMs: number): void {
    for (const [id, at] of this.#droppedAt) if (at < olderThanMs) this.#droppedAt.delete(id);
  }

  #delete(o: TrackedOrder, notify = true, rested = true): void {
    if (rested && this.#forgetListeners.length > 0) {
      const left = remaining(o);
      if (compareDecimals(left, ZERO) > 0) for (const l of this.#forgetListeners) l(o, left);
    }
    let gone = this.#gone.get(o.conditionId);
    if (gone === undefined) this.#gone.set(o.conditionId, (gone = []));
    // A footprint of its own (not the order: that would keep the order's strings for FOOTPRINT_MS).
    gone.push({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.size, goneAtMs: this.#clock() });
    this.#byClient.delete(o.clientOrderId);
    if (o.id !== '') {
      this.#byVenueId.delete(o.id);
      if (this.#listingPending()) this.#droppedAt.set(o.id, this.#clock());
    }
    const set = this.#byMarket.get(o.conditionId);
    set?.delete(o);
    if (set !== undefined && set.size === 0) this.#byMarket.delete(o.conditionId);
    if (notify) this.#changed(o.conditionId);
  }

  #changed(conditionId: string): void {
    for (const l of this.#listeners) l(conditionId);
  }
}
