/**
 * What the book endpoints serve: the exchange's live books, or, while the `frozenBooks` fault is
 * on, the snapshot first served after freezing (same levels, same timestamp and hash), as a venue
 * whose book feed has stalled would.
 */
import { Decimal, toPlainString } from '../../money.js';
import type { OrderBookSnapshot } from '../../venue/types.js';
import type { SimExchange } from '../contracts.js';

export class BookView {
  readonly #exchange: SimExchange;
  #frozen = false;
  readonly #books = new Map<string, OrderBookSnapshot | undefined>();

  constructor(exchange: SimExchange) {
    this.#exchange = exchange;
  }

  get frozen(): boolean {
    return this.#frozen;
  }

  setFrozen(frozen: boolean): void {
    this.#frozen = frozen;
    this.#books.clear();
  }

  book(tokenId: string): OrderBookSnapshot | undefined {
    if (!this.#frozen) return this.#exchange.book(tokenId);
    if (!this.#books.has(tokenId)) this.#books.set(tokenId, this.#exchange.book(tokenId));
    return this.#books.get(tokenId);
  }

  /** While frozen, the midpoint of the frozen snapshot, so books and midpoints agree. */
  midpoint(tokenId: string): string | undefined {
    if (!this.#frozen) return this.#exchange.midpoint(tokenId);
    const book = this.book(tokenId);
    if (!book || book.bids.length === 0 || book.asks.length === 0) return undefined;
    const bestBid = extreme(book.bids, 1);
    const bestAsk = extreme(book.asks, -1);
    return toPlainString(bestBid.plus(bestAsk).div(2));
  }
}

/** The highest (`sign` 1) or lowest (-1) price of a non-empty side; a loop, not Decimal.max(...prices). */
function extreme(levels: readonly { price: string }[], sign: 1 | -1): Decimal {
  let best = new Decimal(levels[0]!.price);
  for (let i = 1; i < levels.length; i++) {
    const p = new Decimal(levels[i]!.price);
    if (p.cmp(best) === sign) best = p;
  }
  return best;
}
