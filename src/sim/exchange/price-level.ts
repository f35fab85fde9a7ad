/**
 * One price level of one side of a book: a FIFO queue of resting orders (time priority) as an
 * intrusive doubly linked list, so that appending, taking the head and cancelling from the middle
 * are all O(1). `total` is the level's aggregate unfilled size in size units.
 */

/** What a level needs of an order (sim-order.ts): its links in the queue and its unfilled size. */
export interface QueuedOrder<O extends QueuedOrder<O>> {
  prev: O | undefined;
  next: O | undefined;
  level: PriceLevel<O> | undefined;
  readonly remaining: number;
}

export class PriceLevel<O extends QueuedOrder<O>> {
  head: O | undefined = undefined;
  tail: O | undefined = undefined;
  count = 0;
  total = 0;

  constructor(readonly price: number) {}

  append(order: O): void {
    order.level = this;
    order.prev = this.tail;
    order.next = undefined;
    if (this.tail) this.tail.next = order;
    else this.head = order;
    this.tail = order;
    this.count++;
    this.total += order.remaining;
  }

  /** Unlinks `order` (which must be in this level); its remaining size leaves the total. */
  remove(order: O): void {
    if (order.prev) order.prev.next = order.next;
    else this.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else this.tail = order.prev;
    order.prev = undefined;
    order.next = undefined;
    order.level = undefined;
    this.count--;
    this.total -= order.remaining;
  }
}
