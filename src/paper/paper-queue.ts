/**
 * The virtual orders of paper mode, synchronous: the queue fill model (queue-fill-model.ts) fed as
 * paper mode feeds it — the market stream's `book` and `price_change` events and its public trades,
 * never a polled book — with an order placed before its token's first stream book held until that
 * book comes (its queue is unknown until then, as if in flight to the venue), then placed, or
 * dropped when it would cross that book.
 *
 * The daemon's paper venue (paper-venue.ts) and the replay of recordings (src/backtest/run-replay.ts)
 * both trade through this class, so a replay feeds the model exactly as the paper run it replays.
 * A polled book is not fed: it was taken at some venue time between stream events the model has
 * already seen, so its levels may be older than the stream's (feeding it moved queues back and forth
 * and credited crossings the stream never showed).
 */
import {
  type Level,
  type PlaceRefusal,
  type PublicTrade,
  QueueFillModel,
  type Side,
  type VirtualFill,
  type VirtualOrder,
  type VirtualOrderSpec,
} from './queue-fill-model.js';

/** What a placement came to: resting in the model, waiting for the token's first book, or refused. */
export type QueuePlacement = { readonly status: 'resting'; readonly order: VirtualOrder } | { readonly status: 'waiting' } | PlaceRefusal;

export class PaperQueue {
  readonly model = new QueueFillModel();
  /** Accepted orders waiting for their token's first stream book, in the order they came. */
  readonly #waiting = new Map<string, VirtualOrderSpec>();

  place(spec: VirtualOrderSpec): QueuePlacement {
    if (!this.model.hasBook(spec.tokenId)) {
      this.#waiting.set(spec.id, spec);
      return { status: 'waiting' };
    }
    const placed = this.model.place(spec);
    return placed.accepted ? { status: 'resting', order: placed.order } : placed.reason;
  }

  /** The order as it was when cancelled ('waiting' for one not placed yet), or undefined when unknown. */
  cancel(id: string): VirtualOrder | 'waiting' | undefined {
    if (this.#waiting.delete(id)) return 'waiting';
    return this.model.cancel(id);
  }

  /** Ids of every order, waiting ones included, of the tokens `tokenOf` accepts. */
  ids(accept: (tokenId: string) => boolean): string[] {
    const out = this.model
      .orders()
      .filter((o) => accept(o.tokenId))
      .map((o) => o.id);
    for (const s of this.#waiting.values()) if (accept(s.tokenId)) out.push(s.id);
    return out;
  }

  /**
   * A stream `book`: the fills it causes, then the token's waiting orders placed on it; those that
   * would cross it are dropped (`dropped`), as the venue refuses a crossing post-only order.
   */
  book(
    tokenId: string,
    bids: readonly Level[],
    asks: readonly Level[],
    atMs: number,
  ): { fills: VirtualFill[]; placed: VirtualOrder[]; dropped: VirtualOrderSpec[] } {
    const fills = this.model.setBook(tokenId, bids, asks, atMs);
    const placed: VirtualOrder[] = [];
    const dropped: VirtualOrderSpec[] = [];
    for (const spec of [...this.#waiting.values()]) {
      if (spec.tokenId !== tokenId) continue;
      this.#waiting.delete(spec.id);
      const r = this.model.place(spec);
      if (r.accepted) placed.push(r.order);
      else dropped.push(spec);
    }
    return { fills, placed, dropped };
  }

  /** A stream `price_change`: each changed level in turn; nothing for a token never seen whole. */
  levels(tokenId: string, changes: readonly { readonly side: Side; readonly level: Level }[], atMs: number): VirtualFill[] | undefined {
    if (!this.model.hasBook(tokenId)) return undefined;
    const fills: VirtualFill[] = [];
    for (const c of changes) for (const f of this.model.setLevel(tokenId, c.side, c.level, atMs)) fills.push(f);
    return fills;
  }

  trade(t: PublicTrade): VirtualFill[] {
    return this.model.trade(t);
  }
}
