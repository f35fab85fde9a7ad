/**
 * GTD orders by expiry time: a binary min-heap keyed by the order's expiration (Unix seconds),
 * ties in insertion order. Entries of orders that ended earlier are skipped when popped, so a
 * cancel never has to search the heap.
 */
import type { SimOrder } from './sim-order.js';

interface Entry {
  readonly at: number;
  readonly seq: number;
  readonly order: SimOrder;
}

export class ExpiryQueue {
  #heap: Entry[] = [];
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  /** Earliest expiry in Unix seconds, or Infinity when empty. */
  peekAt(): number {
    return this.#heap[0]?.at ?? Infinity;
  }

  push(order: SimOrder): void {
    const heap = this.#heap;
    heap.push({ at: order.expiration, seq: this.#seq++, order });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** Removes and returns the orders due at or before `nowSec`, earliest first (live or not). */
  popDue(nowSec: number): SimOrder[] {
    const out: SimOrder[] = [];
    while (this.#heap.length > 0 && this.#heap[0]!.at <= nowSec) out.push(this.#pop().order);
    return out;
  }

  #pop(): Entry {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
