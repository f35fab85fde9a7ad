/**
 * The events of one exchange call, gathered while it changes state and delivered when it has
 * finished, in this order: order events (PLACEMENT of the incoming order, CANCELLATIONs from
 * self-trade prevention, UPDATEs of filled resting orders, CANCELLATION of a FAK's rest,
 * expiries), `trade` per account involved, `last_trade_price` per match — all pushed as they
 * happen — then per token touched: `book` when it traded, else one `price_change` with the new
 * aggregate size of every level that changed (size "0" when the level is gone), then
 * `tick_size_change` per token whose tick changed. Nothing is gathered while nobody listens.
 */
import type { Side } from '../../venue/types.js';
import type { ExchangeEvent } from '../contracts.js';
import type { EventBus } from './event-bus.js';
import type { TokenBook } from './token-book.js';
import { priceText, sizeText } from './units.js';

export class CallEvents {
  readonly #bus: EventBus;
  /** Levels changed during the current call (only while someone listens): book -> side/price. */
  readonly #touched = new Map<TokenBook, Map<number, { side: Side; price: number }>>();
  readonly #traded = new Set<TokenBook>();
  /** tick_size_change events of the current call, sent after its book events. */
  readonly #tickEvents: ExchangeEvent[] = [];

  constructor(bus: EventBus) {
    this.#bus = bus;
  }

  /** True while someone listens: callers build events only then. */
  get listening(): boolean {
    return this.#bus.active;
  }

  /** An order or trade event, queued in call order. */
  push(event: ExchangeEvent): void {
    this.#bus.push(event);
  }

  /** A level of `book` changed (its price_change is built at the end of the call). */
  touch(book: TokenBook, side: Side, price: number): void {
    let levels = this.#touched.get(book);
    if (levels === undefined) {
      levels = new Map();
      this.#touched.set(book, levels);
    }
    levels.set(side === 'BUY' ? price : -price, { side, price });
  }

  /** `book` traded: it gets one `book` event instead of a price_change. */
  traded(book: TokenBook): void {
    this.#traded.add(book);
  }

  tickChanged(event: ExchangeEvent): void {
    this.#tickEvents.push(event);
  }

  /** End of a call: the market events of the books touched, the tick changes, then delivery. */
  deliver(): void {
    if (this.#touched.size > 0 || this.#traded.size > 0) {
      const books = new Set<TokenBook>([...this.#touched.keys(), ...this.#traded]);
      for (const book of books) {
        const tokenId = book.token.tokenId;
        if (this.#traded.has(book)) {
          this.#bus.push({ type: 'book', tokenId });
          continue;
        }
        const changes = [...this.#touched.get(book)!.values()].map(({ side, price }) => ({
          price: priceText(price),
          side,
          size: sizeText((side === 'BUY' ? book.bids : book.asks).find(price)?.total ?? 0),
        }));
        this.#bus.push({ type: 'price_change', tokenId, changes });
      }
      this.#touched.clear();
      this.#traded.clear();
    }
    if (this.#tickEvents.length > 0) {
      for (const e of this.#tickEvents) this.#bus.push(e);
      this.#tickEvents.length = 0;
    }
    this.#bus.flush();
  }
}
