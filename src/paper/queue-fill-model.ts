/**
 * The queue-aware fill model of paper trading and of replay: virtual orders that rest in the
 * venue's public book without being there, filled only by what the public data proves would have
 * reached them. Pure and synchronous: it takes events (books, level changes, public trades, each
 * with its time) in the order they happened and returns the virtual fills they cause.
 *
 * The rules (docs/paper-trading.md explains them and where they differ from real matching):
 *
 * - **Joining.** A virtual order joins the back of its level: its queue ahead is the visible size
 *   at its price on its side when it is placed (0 inside the spread). A post-only order that would
 *   cross the visible book is refused, as the venue refuses it. Virtual orders of one token keep
 *   time priority among themselves (placement order) after price priority.
 * - **Public trades.** A taker trade of `size` at `price` reaches our orders on the other side at
 *   that price or better for the taker's counterparty (asks at or below a taker buy's price, bids
 *   at or above a taker sell's). Orders are served in price, then time, priority. At the trade's
 *   own price, the trade first eats the queue ahead: an order there gets
 *   `size - queueAhead - (already given to better virtual orders by this trade)`. An order at a
 *   strictly better price was traded through (the taker went past it), so its queue ahead is gone
 *   and it gets `size - given`. One trade never fills more virtual size than its own size. After
 *   the trade, the queue ahead of every order at its price shrinks by `size` (not below 0).
 * - **Book updates.** A level shrinking below an order's queue ahead moves the order up (the
 *   shrink came from ahead of it, at least partly); growth joins behind it and changes nothing.
 *   When the opposite side's book reaches through an order's price (a bid at or above our ask, an
 *   ask at or below our bid), those public orders would have matched ours: the order fills from
 *   the crossing volume, in priority order, each crossing episode's volume credited once (a
 *   crossing bid still in the next update fills nothing again). The episode ends when no virtual
 *   order of that side is crossed any more.
 *
 * Every fill is a maker fill at the order's own price, timed at the event that caused it.
 * Money is Decimal throughout; sizes are never rounded here.
 */
import { compareDecimals, type Decimal, isValidPrice, ZERO } from '../money.js';

export type Side = 'BUY' | 'SELL';

export interface Level {
  readonly price: Decimal;
  readonly size: Decimal;
}

/** A virtual order to place. */
export interface VirtualOrderSpec {
  readonly id: string;
  readonly tokenId: string;
  readonly side: Side;
  readonly price: Decimal;
  readonly size: Decimal;
  /** Placement time (Unix ms). */
  readonly atMs: number;
}

/** A resting virtual order as the model holds it. */
export interface VirtualOrder extends VirtualOrderSpec {
  /** Visible size ahead of the order at its level (public orders only). */
  readonly queueAhead: Decimal;
  readonly filled: Decimal;
  readonly remaining: Decimal;
}

/** A taker trade seen on the public feed (`last_trade_price`, GET /trades). */
export interface PublicTrade {
  readonly tokenId: string;
  /** The taker's side: BUY trades against asks, SELL against bids. */
  readonly takerSide: Side;
  readonly price: Decimal;
  readonly size: Decimal;
  readonly atMs: number;
}

/** Why a virtual order filled. */
export type FillCause = 'queue' | 'trade-through' | 'book-cross';

export interface VirtualFill {
  readonly orderId: string;
  readonly tokenId: string;
  readonly side: Side;
  /** The order's own price (a resting order fills at its price). */
  readonly price: Decimal;
  readonly size: Decimal;
  readonly atMs: number;
  /** Always true: virtual orders are post-only and fill only while resting. */
  readonly maker: true;
  readonly cause: FillCause;
  /** What is left of the order after this fill (0: the order is gone). */
  readonly remaining: Decimal;
}

export type PlaceRefusal = 'duplicate-id' | 'no-book' | 'crosses-book';
export type PlaceResult =
  | { readonly accepted: true; readonly order: VirtualOrder }
  | { readonly accepted: false; readonly reason: PlaceRefusal };

interface Resting {
  readonly spec: VirtualOrderSpec;
  readonly seq: number;
  queueAhead: Decimal;
  filled: Decimal;
  remaining: Decimal;
}

interface TokenState {
  /** Price text (normalized) -> level, per book side (BUY = bids, SELL = asks). */
  readonly levels: { BUY: Map<string, Level>; SELL: Map<string, Level> };
  /** Resting orders in placement order. */
  readonly orders: Resting[];
  /** Crossing volume already credited in the current crossing episode, per order side. */
  readonly crossCredit: { BUY: Decimal; SELL: Decimal };
}

export class QueueFillModel {
  readonly #tokens = new Map<string, TokenState>();
  readonly #byId = new Map<string, Resting>();
  #seq = 0;

  /** Replaces a token's whole book (a snapshot or a stream `book` event). */
  setBook(tokenId: string, bids: readonly Level[], asks: readonly Level[], atMs: number): VirtualFill[] {
    const t = this.#token(tokenId);
    t.levels.BUY.clear();
    t.levels.SELL.clear();
    for (const l of bids) setLevelIn(t.levels.BUY, checkLevel(l, 'bids'));
    for (const l of asks) setLevelIn(t.levels.SELL, checkLevel(l, 'asks'));
    return this.#settle(t, atMs);
  }

  /** Sets one level's aggregate size (a `price_change`); size 0 removes it. `side` BUY = bids. */
  setLevel(tokenId: string, side: Side, level: Level, atMs: number): VirtualFill[] {
    const t = this.#token(tokenId);
    setLevelIn(t.levels[side], checkLevel(level, side === 'BUY' ? 'bids' : 'asks', true));
    return this.#settle(t, atMs);
  }

  /** True when a book (snapshot or stream) has been seen for the token. */
  hasBook(tokenId: string): boolean {
    return this.#tokens.has(tokenId);
  }

  /** Places a virtual order at the back of its level's visible queue. */
  place(spec: VirtualOrderSpec): PlaceResult {
    if (!isValidPrice(spec.price)) throw new RangeError(`virtual order ${spec.id}: price ${spec.price.toFixed()} is not inside (0, 1)`);
    if (!spec.size.gt(ZERO)) throw new RangeError(`virtual order ${spec.id}: size ${spec.size.toFixed()} must be greater than 0`);
    if (this.#byId.has(spec.id)) return { accepted: false, reason: 'duplicate-id' };
    const t = this.#tokens.get(spec.tokenId);
    if (t === undefined) return { accepted: false, reason: 'no-book' };
    if (crossedBy(t, spec.side, spec.price)) return { accepted: false, reason: 'crosses-book' };
    const r: Resting = {
      spec,
      seq: ++this.#seq,
      queueAhead: t.levels[spec.side].get(spec.price.toFixed())?.size ?? ZERO,
      filled: ZERO,
      remaining: spec.size,
    };
    t.orders.push(r);
    this.#byId.set(spec.id, r);
    return { accepted: true, order: view(r) };
  }

  /** Cancels a resting virtual order; returns it as it was, or undefined when not resting. */
  cancel(orderId: string): VirtualOrder | undefined {
    const r = this.#byId.get(orderId);
    if (r === undefined) return undefined;
    this.#remove(r);
    return view(r);
  }

  order(orderId: string): VirtualOrder | undefined {
    const r = this.#byId.get(orderId);
    return r === undefined ? undefined : view(r);
  }

  /** Resting virtual orders, of one token or all, in placement order. */
  orders(tokenId?: string): VirtualOrder[] {
    if (tokenId !== undefined) return (this.#tokens.get(tokenId)?.orders ?? []).map(view);
    return [...this.#byId.values()].sort((a, b) => a.seq - b.seq).map(view);
  }

  /** A public taker trade: fills the virtual orders it reached. */
  trade(tr: PublicTrade): VirtualFill[] {
    if (!isValidPrice(tr.price)) throw new RangeError(`public trade in ${tr.tokenId}: price ${tr.price.toFixed()} is not inside (0, 1)`);
    if (!tr.size.gt(ZERO)) throw new RangeError(`public trade in ${tr.tokenId}: size ${tr.size.toFixed()} must be greater than 0`);
    const t = this.#tokens.get(tr.tokenId);
    if (t === undefined || t.orders.length === 0) return [];
    const makerSide: Side = tr.takerSide === 'BUY' ? 'SELL' : 'BUY';
    const fills: VirtualFill[] = [];
    let given = ZERO;
    for (const r of byPriority(t.orders, makerSide)) {
      const c = compareDecimals(r.spec.price, tr.price);
      // Reached: at the trade's price, or better for the taker (a lower ask, a higher bid).
      const at = c === 0;
      const through = makerSide === 'SELL' ? c < 0 : c > 0;
      if (!at && !through) continue;
      const available = at ? tr.size.minus(r.queueAhead).minus(given) : tr.size.minus(given);
      if (through) r.queueAhead = ZERO;
      if (available.gt(ZERO)) {
        const size = minOf(available, r.remaining);
        given = given.plus(size);
        fills.push(this.#fill(r, size, tr.atMs, at ? 'queue' : 'trade-through'));
      }
    }
    // The trade consumed the public queue at its price (for every order there, filled or not).
    for (const r of t.orders)
      if (r.spec.side === makerSide && compareDecimals(r.spec.price, tr.price) === 0) r.queueAhead = clampZero(r.queueAhead.minus(tr.size));
    this.#dropFilled(t);
    return fills;
  }

  #token(tokenId: string): TokenState {
    let t = this.#tokens.get(tokenId);
    if (t === undefined) {
      t = { levels: { BUY: new Map(), SELL: new Map() }, orders: [], crossCredit: { BUY: ZERO, SELL: ZERO } };
      this.#tokens.set(tokenId, t);
    }
    return t;
  }

  /** After a book change: queues shrink to their level, then crossed orders fill. */
  #settle(t: TokenState, atMs: number): VirtualFill[] {
    for (const r of t.orders) {
      const level = t.levels[r.spec.side].get(r.spec.price.toFixed())?.size ?? ZERO;
      if (level.lt(r.queueAhead)) r.queueAhead = level;
    }
    const fills = [...this.#crossFills(t, 'BUY', atMs), ...this.#crossFills(t, 'SELL', atMs)];
    this.#dropFilled(t);
    return fills;
  }

  #crossFills(t: TokenState, side: Side, atMs: number): VirtualFill[] {
    const fills: VirtualFill[] = [];
    let crossed = false;
    for (const r of byPriority(t.orders, side)) {
      if (r.remaining.lte(ZERO) || !crossedBy(t, side, r.spec.price)) continue;
      crossed = true;
      const volume = crossingVolume(t, side, r.spec.price);
      const available = volume.minus(r.queueAhead).minus(t.crossCredit[side]);
      if (available.gt(ZERO)) {
        const size = minOf(available, r.remaining);
        t.crossCredit[side] = t.crossCredit[side].plus(size);
        fills.push(this.#fill(r, size, atMs, 'book-cross'));
      }
    }
    if (!crossed) t.crossCredit[side] = ZERO;
    return fills;
  }

  #fill(r: Resting, size: Decimal, atMs: number, cause: FillCause): VirtualFill {
    r.filled = r.filled.plus(size);
    r.remaining = r.remaining.minus(size);
    const s = r.spec;
    return { orderId: s.id, tokenId: s.tokenId, side: s.side, price: s.price, size, atMs, maker: true, cause, remaining: r.remaining };
  }

  #dropFilled(t: TokenState): void {
    for (const r of [...t.orders]) if (r.remaining.lte(ZERO)) this.#remove(r);
  }

  #remove(r: Resting): void {
    this.#byId.delete(r.spec.id);
    const t = this.#tokens.get(r.spec.tokenId);
    if (t === undefined) return;
    const i = t.orders.indexOf(r);
    if (i >= 0) t.orders.splice(i, 1);
  }
}

function view(r: Resting): VirtualOrder {
  // Field by field, not a spread of the spec: a replay makes one per resting order and evaluation.
  const s = r.spec;
  return {
    id: s.id,
    tokenId: s.tokenId,
    side: s.side,
    price: s.price,
    size: s.size,
    atMs: s.atMs,
    queueAhead: r.queueAhead,
    filled: r.filled,
    remaining: r.remaining,
  };
}

function minOf(a: Decimal, b: Decimal): Decimal {
  return a.lt(b) ? a : b;
}

function clampZero(d: Decimal): Decimal {
  return d.lt(ZERO) ? ZERO : d;
}

function checkLevel(l: Level, where: string, zeroAllowed = false): Level {
  if (!isValidPrice(l.price)) throw new RangeError(`book ${where}: price ${l.price.toFixed()} is not inside (0, 1)`);
  if (l.size.lt(ZERO) || (!zeroAllowed && l.size.isZero()))
    throw new RangeError(
      `book ${where}: size ${l.size.toFixed()} at ${l.price.toFixed()} must be ${zeroAllowed ? 'at least 0' : 'greater than 0'}`,
    );
  return l;
}

function setLevelIn(levels: Map<string, Level>, l: Level): void {
  const key = l.price.toFixed();
  if (l.size.isZero()) levels.delete(key);
  else levels.set(key, l);
}

/** An order of `side` at `price`: does the opposite side of the visible book reach it? */
function crossedBy(t: TokenState, side: Side, price: Decimal): boolean {
  for (const l of t.levels[side === 'BUY' ? 'SELL' : 'BUY'].values()) if (reaches(side, price, l.price)) return true;
  return false;
}

/** Whether an opposite level at `other` trades with an order of `side` at `price`. */
function reaches(side: Side, price: Decimal, other: Decimal): boolean {
  const c = compareDecimals(other, price);
  return side === 'BUY' ? c <= 0 : c >= 0;
}

function crossingVolume(t: TokenState, side: Side, price: Decimal): Decimal {
  let v = ZERO;
  for (const l of t.levels[side === 'BUY' ? 'SELL' : 'BUY'].values()) if (reaches(side, price, l.price)) v = v.plus(l.size);
  return v;
}

/** Orders of `side`, best price first (highest bid, lowest ask), then placement order. */
function byPriority(orders: readonly Resting[], side: Side): Resting[] {
  const own = orders.filter((r) => r.spec.side === side);
  return own.sort((a, b) => {
    const c = compareDecimals(a.spec.price, b.spec.price);
    if (c !== 0) return side === 'BUY' ? -c : c;
    return a.seq - b.seq;
  });
}
