/**
 * Collects values pushed by callbacks and lets a test wait for the next one that matches, with
 * no sleeps: `await inbox.next((e) => e.kind === 'book')` resolves with the first matching value
 * not taken yet, whether it already arrived or arrives later (vitest's timeout bounds the wait).
 */
export class Inbox<T> {
  readonly all: T[] = [];
  #taken = new Set<number>();
  #waiters: { pred: (v: T) => boolean; resolve: (v: T) => void }[] = [];

  push = (v: T): void => {
    const i = this.all.push(v) - 1;
    const w = this.#waiters.findIndex((x) => x.pred(v));
    if (w >= 0) {
      this.#taken.add(i);
      this.#waiters.splice(w, 1)[0]!.resolve(v);
    }
  };

  next(pred: (v: T) => boolean = () => true): Promise<T> {
    for (let i = 0; i < this.all.length; i++) {
      if (!this.#taken.has(i) && pred(this.all[i]!)) {
        this.#taken.add(i);
        return Promise.resolve(this.all[i]!);
      }
    }
    return new Promise((resolve) => this.#waiters.push({ pred, resolve }));
  }

  /** Marks everything received so far as taken. */
  drain(): void {
    for (let i = 0; i < this.all.length; i++) this.#taken.add(i);
  }
}
