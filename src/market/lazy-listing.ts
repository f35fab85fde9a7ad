/**
 * A paged venue listing (markets, sampling markets) read page by page only as far as the
 * selection asks, at most `maxPages`, then kept: so choosing the first N reads as few pages as it can.
 */
import type { Paged, SimplifiedMarket } from '../venue/types.js';

/** A listing read page by page only as far as someone asks, at most `maxPages`, then kept. */
export class LazyListing {
  readonly #items: SimplifiedMarket[] = [];
  readonly #open: () => AsyncIterator<Paged<SimplifiedMarket>>;
  readonly #maxPages: number;
  #iter: AsyncIterator<Paged<SimplifiedMarket>> | undefined;
  #done = false;
  pagesRead = 0;
  /** The walk stopped at maxPages with more pages left. */
  truncated = false;

  constructor(open: () => AsyncIterator<Paged<SimplifiedMarket>>, maxPages: number) {
    this.#open = open;
    this.#maxPages = maxPages;
  }

  async *items(): AsyncGenerator<SimplifiedMarket, void, undefined> {
    for (let i = 0; ; ) {
      while (i < this.#items.length) yield this.#items[i++]!;
      if (!(await this.#more())) return;
    }
  }

  async find(pred: (m: SimplifiedMarket) => boolean): Promise<SimplifiedMarket | undefined> {
    for await (const m of this.items()) if (pred(m)) return m;
    return undefined;
  }

  async #more(): Promise<boolean> {
    if (this.#done) return false;
    if (this.pagesRead >= this.#maxPages) {
      this.truncated = true;
      this.#done = true;
      await this.#iter?.return?.();
      return false;
    }
    this.#iter ??= this.#open();
    const r = await this.#iter.next();
    if (r.done === true) {
      this.#done = true;
      return false;
    }
    this.pagesRead++;
    for (const item of r.value.data) this.#items.push(item);
    return true;
  }

  describe(route: string): string {
    return this.truncated ? `the first ${this.pagesRead} pages of ${route}` : `${route} (${this.pagesRead} pages)`;
  }
}
