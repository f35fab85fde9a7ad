/**
 * The strategy's view of an exchange book, made straight from the engine's integer levels
 * (MatchingExchange.bookLevels) rather than from the snapshot's texts: the same BookView that the
 * venue client's check (validateBook -> toBookView) makes of `exchange.book(token)`, value for
 * value, without formatting and re-parsing every level or hashing every book.
 *
 * - Prices and sizes become Decimals through caches keyed by their units (Decimals are immutable,
 *   so sharing them is safe); levels come best first from the engine, none of them empty; a side
 *   or a level unchanged since the token's last read is the one made then (side-levels.ts).
 * - `hash` is the snapshot's (sha1 of token id and levels as text), computed only if read: nothing
 *   in the backtest reads it, but a strategy may.
 * - `at(nowMs)` is the same book at a later poll (an unchanged book arrives fresh, as from the
 *   daemon's poll), sharing levels and hash.
 */
import { createHash } from 'node:crypto';
import type { BookLevel, BookView } from '../market/book-view.js';
import type { Decimal } from '../money.js';
import type { BookLevels } from '../sim/exchange/index.js';
import { PRICE_SCALE, SIZE_SCALE, priceText, sizeText } from '../sim/exchange/units.js';
import { Decimal as D } from '../money.js';
import { SideLevels } from './side-levels.js';

/** Decimals by integer units, bounded. */
class UnitDecimals {
  readonly #cache = new Map<number, Decimal>();
  constructor(readonly scale: number) {}

  get(units: number): Decimal {
    let v = this.#cache.get(units);
    if (v === undefined) {
      if (this.#cache.size > 50_000) this.#cache.clear();
      v = new D(units).div(this.scale);
      this.#cache.set(units, v);
    }
    return v;
  }
}

interface Shared {
  readonly src: BookLevels;
  hash: string | undefined;
}

function hashOf(src: BookLevels): string {
  const side = (levels: BookLevels['bids']): string => {
    const texts: string[] = [];
    for (let i = 0; i < levels.length; i += 2) texts.push(`${priceText(levels[i]!)}:${sizeText(levels[i + 1]!)}`);
    return texts.join(',');
  };
  return createHash('sha1')
    .update(`${src.token.tokenId}|${side(src.bids)}|${side(src.asks)}`)
    .digest('hex');
}

/** Price units of the best non-empty level; undefined when there is none. */
function bestPrice(raw: BookLevels['bids']): number | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i + 1] !== 0) return raw[i];
  return undefined;
}

export class UnitsBookView implements BookView {
  readonly tokenId: string;
  readonly market: string;
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  readonly negRisk: boolean;
  readonly timestampMs: number;
  readonly lastTradePrice: Decimal | undefined;
  readonly mid: Decimal | undefined;
  readonly #shared: Shared;

  private constructor(shared: Shared, fields: Omit<BookView, 'hash' | 'timestampMs'>, timestampMs: number) {
    this.#shared = shared;
    this.tokenId = fields.tokenId;
    this.market = fields.market;
    this.bids = fields.bids;
    this.asks = fields.asks;
    this.tickSize = fields.tickSize;
    this.minOrderSize = fields.minOrderSize;
    this.negRisk = fields.negRisk;
    this.timestampMs = timestampMs;
    this.lastTradePrice = fields.lastTradePrice;
    this.mid = fields.mid;
  }

  get hash(): string {
    this.#shared.hash ??= hashOf(this.#shared.src);
    return this.#shared.hash;
  }

  /** The same book with the time of a later poll (its fields read from this one: no copy made). */
  at(nowMs: number): UnitsBookView {
    return nowMs === this.timestampMs ? this : new UnitsBookView(this.#shared, this, nowMs);
  }

  /** Views of books read at `nowMs`; one maker per run (its caches live as long as it). */
  static maker(): (src: BookLevels, nowMs: number) => UnitsBookView {
    const prices = new UnitDecimals(PRICE_SCALE);
    const sizes = new UnitDecimals(SIZE_SCALE);
    // Midpoints by bid + ask (price units): (bid + ask) / 2, exact at 7 decimals.
    const mids = new UnitDecimals(2 * PRICE_SCALE);
    // Each token's sides as last read: an unchanged side or level is not made again.
    const sidesOf = new Map<string, readonly [SideLevels, SideLevels]>();
    return (src, nowMs) => {
      const token = src.token;
      let sides = sidesOf.get(token.tokenId);
      if (sides === undefined) sidesOf.set(token.tokenId, (sides = [new SideLevels(prices, sizes), new SideLevels(prices, sizes)]));
      const bids = sides[0].read(src.bids);
      const asks = sides[1].read(src.asks);
      const bestBid = bestPrice(src.bids);
      const bestAsk = bestPrice(src.asks);
      // The snapshot shows the initial fair value before the first trade; "0" reads as none.
      const last = src.lastTrade > 0 ? prices.get(src.lastTrade) : token.initialFair.isZero() ? undefined : token.initialFair;
      return new UnitsBookView(
        { src, hash: undefined },
        {
          tokenId: token.tokenId,
          market: token.conditionId,
          bids,
          asks,
          tickSize: src.tickSize,
          minOrderSize: token.minOrderSize,
          negRisk: token.negRisk,
          lastTradePrice: last,
          mid: bestBid !== undefined && bestAsk !== undefined ? mids.get(bestBid + bestAsk) : undefined,
        },
        nowMs,
      );
    };
  }
}
