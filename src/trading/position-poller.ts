/**
 * The account's token balances, read from GET /positions (every page, no size threshold; pages
 * overlapped so that none is skipped or counted twice: positions-listing.ts) every `intervalMs`
 * and on demand (after a fill). Sizes arrive as JSON numbers (venue-api.md 2.2);
 * they become Decimals through their shortest text, which is exact for the venue's 2-decimal
 * share sizes. A failed read keeps the last known balances and is counted.
 *
 * Fills the executor hears of (`heardFill`) count on top of the last read until a read that began
 * after them completes (that read holds them). Without them a filled order is gone from the live
 * orders before its shares reach the positions, and for that moment the risk gate sees neither and
 * approves new orders into the room the fill used: limits overshot by the fill's size.
 *
 * What no read holds yet is also doubt (`doubt`, MarketView.doubt): a heard fill may be in the last
 * read already (it began before we heard the fill, but the venue answered after the fill), so it
 * may count twice; and an order forgotten without all its fills heard (`heardGone`: a cancel's
 * answer, a listing without it, a stream's cancellation say nothing of what matched before) may
 * have filled by its whole remainder. Both last until a read that began after them completes.
 *
 * The last read's redeemable positions (their market resolved; token -> the price a share pays)
 * are `redeemable`, and every completed read is told to the `onRead` listeners.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import { Decimal, ZERO } from '../money.js';
import type { PositionDoubt } from '../market/market-view.js';
import { marketOf } from '../market/token-id.js';
import { type PositionsVenue, readPositions } from './positions-listing.js';

export type { PositionsVenue } from './positions-listing.js';

/** A change of a token's balance that the last read may or may not hold: `reads` is #started when heard. */
interface Unread {
  readonly token: string;
  readonly shares: Decimal;
  readonly reads: number;
}

export class PositionPoller {
  readonly #venue: PositionsVenue;
  readonly #user: string;
  readonly #clock: Clock;
  readonly #intervalMs: number;
  readonly #logger: Logger | undefined;
  #positions: ReadonlyMap<string, Decimal> = new Map();
  #redeemable: ReadonlyMap<string, Decimal> = new Map();
  readonly #readListeners: (() => void)[] = [];
  /** Fills heard since the read that will hold them began (counted in `positions`, and doubt). */
  #pending: Unread[] = [];
  /** Remainders of orders forgotten with fills perhaps unheard (doubt only), by market. */
  readonly #gone = new Map<string, Unread[]>();
  /** Each market's doubt, computed when asked and kept until its pending fills or gone orders change. */
  readonly #doubts = new Map<string, PositionDoubt | undefined>();
  /** The last read plus the pending fills (rebuilt when either changes). */
  #merged: ReadonlyMap<string, Decimal> | undefined;
  /** Reads begun so far. */
  #started = 0;
  #timer: TimerHandle | undefined;
  #inFlight: Promise<void> | undefined;
  #again = false;
  #running = false;
  readonly #listeners: ((changedMarkets: ReadonlySet<string>) => void)[] = [];
  failures = 0;
  /** Failed reads by error code (MAKERD_ERR_*, `unknown`), for makerd_position_reads_failed_total. */
  readonly failuresByCode: Record<string, number> = {};
  lastReadMs: number | undefined;

  constructor(o: { venue: PositionsVenue; user: string; clock: Clock; intervalMs: number; logger?: Logger | undefined }) {
    this.#venue = o.venue;
    this.#user = o.user;
    this.#clock = o.clock;
    this.#intervalMs = o.intervalMs;
    this.#logger = o.logger;
  }

  get positions(): ReadonlyMap<string, Decimal> {
    if (this.#pending.length === 0) return this.#positions;
    if (this.#merged === undefined) {
      const m = new Map(this.#positions);
      for (const f of this.#pending) m.set(f.token, (m.get(f.token) ?? new Decimal(0)).plus(f.shares));
      this.#merged = m;
    }
    return this.#merged;
  }

  /** The last read's redeemable positions: token -> `curPrice` (1 or 0 in a resolved market). */
  get redeemable(): ReadonlyMap<string, Decimal> {
    return this.#redeemable;
  }

  /** Called after every read that completed (`positions` and `redeemable` are then that read's). */
  onRead(listener: () => void): void {
    this.#readListeners.push(listener);
  }

  /** A fill of ours the executor heard of (`shares` negative for a sale): counted until a read holds it, and read for. */
  heardFill(token: string, shares: Decimal): void {
    this.#pending.push({ token, shares, reads: this.#started });
    this.#merged = undefined;
    const market = marketOf(token);
    this.#doubts.delete(market);
    const changed = new Set([market]);
    for (const l of this.#listeners) l(changed);
    if (this.#running) void this.refresh();
  }

  /**
   * An order of ours was forgotten with `shares` unmatched as far as we heard (negative for a
   * sale): it may have filled by all of them. Doubt until a read that begins after now completes.
   * (No read is asked for: one comes within the interval; `refresh` when a decision waits on it.)
   */
  heardGone(token: string, shares: Decimal): void {
    if (shares.isZero()) return;
    const market = marketOf(token);
    const list = this.#gone.get(market);
    const entry = { token, shares, reads: this.#started };
    if (list === undefined) this.#gone.set(market, [entry]);
    else list.push(entry);
    this.#doubts.delete(market);
  }

  /** How far the market's true position may be from `positions` (undefined: not at all). */
  doubt(conditionId: string, tokens: readonly [string, string]): PositionDoubt | undefined {
    if (this.#doubts.has(conditionId)) return this.#doubts.get(conditionId);
    let up = ZERO;
    let down = ZERO;
    const more: [Decimal, Decimal] = [ZERO, ZERO];
    // A balance that may be `d` higher than counted (d < 0: lower).
    const add = (token: string, d: Decimal): void => {
      const outcome = token === tokens[0] ? 0 : token === tokens[1] ? 1 : undefined;
      if (outcome === undefined) return;
      if (d.gt(ZERO)) more[outcome] = more[outcome].plus(d);
      // Outcome-0 exposure is outcome 0's balance less outcome 1's.
      const q = outcome === 0 ? d : d.neg();
      if (q.gt(ZERO)) up = up.plus(q);
      else down = down.minus(q);
    };
    for (const f of this.#pending) if (marketOf(f.token) === conditionId) add(f.token, f.shares.neg());
    for (const g of this.#gone.get(conditionId) ?? []) add(g.token, g.shares);
    const doubt = up.isZero() && down.isZero() && more[0].isZero() && more[1].isZero() ? undefined : { up, down, more };
    this.#doubts.set(conditionId, doubt);
    return doubt;
  }

  /** Called with the markets (condition ids) whose balances changed. */
  onChange(listener: (changedMarkets: ReadonlySet<string>) => void): void {
    this.#listeners.push(listener);
  }

  start(): void {
    this.#running = true;
    void this.refresh();
  }

  stop(): Promise<void> {
    this.#running = false;
    // A read asked for during the one in flight must not start after stop (e.g. on a closed client).
    this.#again = false;
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    return this.#inFlight ?? Promise.resolve();
  }

  /** Reads now (coalesced: a read asked for during one runs once right after it). */
  refresh(): Promise<void> {
    if (this.#inFlight !== undefined) {
      this.#again = true;
      return this.#inFlight;
    }
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#inFlight = this.#read().finally(() => {
      this.#inFlight = undefined;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      } else if (this.#running) this.#timer = this.#clock.setTimer(() => void this.refresh(), this.#intervalMs);
    });
    return this.#inFlight;
  }

  async #read(): Promise<void> {
    const read = ++this.#started;
    let next: Map<string, Decimal>;
    let redeemable: Map<string, Decimal>;
    try {
      ({ sizes: next, redeemable } = await readPositions(this.#venue, this.#user));
    } catch (err) {
      const code = isMakerdError(err) ? err.code : 'unknown';
      this.failures++;
      this.failuresByCode[code] = (this.failuresByCode[code] ?? 0) + 1;
      this.#logger?.warn({ code, err: (err as Error).message }, 'could not read positions; keeping the last known');
      return;
    }
    const changed = new Set<string>();
    for (const [token, size] of next) if (!(this.#positions.get(token)?.eq(size) ?? size.isZero())) changed.add(marketOf(token));
    for (const [token, size] of this.#positions) if (!next.has(token) && !size.isZero()) changed.add(marketOf(token));
    this.#positions = next;
    this.#redeemable = redeemable;
    // Fills heard, and orders forgotten, before this read began are in it.
    if (this.#pending.length > 0) {
      for (const f of this.#pending) if (f.reads < read) this.#settled(marketOf(f.token), changed);
      this.#pending = this.#pending.filter((f) => f.reads >= read);
    }
    for (const [market, list] of this.#gone) {
      const left = list.filter((g) => g.reads >= read);
      if (left.length === list.length) continue;
      this.#settled(market, changed);
      if (left.length === 0) this.#gone.delete(market);
      else this.#gone.set(market, left);
    }
    this.#merged = undefined;
    this.lastReadMs = this.#clock.now();
    if (changed.size > 0) for (const l of this.#listeners) l(changed);
    for (const l of this.#readListeners) l();
  }

  /** The market's doubt shrank: computed afresh, and its listeners told (its room grew). */
  #settled(market: string, changed: Set<string>): void {
    this.#doubts.delete(market);
    changed.add(market);
  }
}
