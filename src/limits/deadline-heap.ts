/**
 * A binary min-heap of items by deadline, with lazy deletion: items that left the queue another
 * way (admitted, aborted) stay until they surface and are then dropped, so removal is O(1) and
 * the earliest live deadline is O(log n) amortized.
 */
export interface HasDeadline {
  readonly deadlineMs: number;
}

export class DeadlineHeap<T extends HasDeadline> {
  readonly #items: T[] = [];
  readonly #isLive: (item: T) => boolean;

  constructor(isLive: (item: T) => boolean) {
    this.#isLive = isLive;
  }

  get size(): number {
    return this.#items.length;
  }

  push(item: T): void {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.deadlineMs <= item.deadlineMs) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = item;
  }

  /** The live item with the earliest deadline, dropping dead ones on the way. */
  peek(): T | undefined {
    while (this.#items.length > 0) {
      const top = this.#items[0]!;
      if (this.#isLive(top)) return top;
      this.#popTop();
    }
    return undefined;
  }

  /** Removes and returns the earliest live item if its deadline is before `atMs` (or at it, when `inclusive`). */
  popDue(atMs: number, inclusive: boolean): T | undefined {
    const top = this.peek();
    if (top === undefined || top.deadlineMs > atMs || (!inclusive && top.deadlineMs === atMs)) return undefined;
    this.#popTop();
    return top;
  }

  /** Drops every dead item at once (a sorted array is a valid heap). */
  compact(): void {
    const live = this.#items.filter(this.#isLive).sort((a, b) => a.deadlineMs - b.deadlineMs);
    this.#items.length = 0;
    for (const item of live) this.#items.push(item);
  }

  #popTop(): void {
    const a = this.#items;
    const last = a.pop()!;
    if (a.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && a[r]!.deadlineMs < a[l]!.deadlineMs ? r : l;
      if (a[c]!.deadlineMs >= last.deadlineMs) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
  }
}
