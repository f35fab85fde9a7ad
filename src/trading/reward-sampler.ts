/**
 * Once a minute of the daemon's clock (at the minute's start), what makerd earns in liquidity
 * rewards: reads the book store (both tokens of every market, fresh books only), the executor's
 * live orders and the market's `rewards` rules, and hands them to the estimator
 * (src/rewards/reward-estimator.ts). Nothing per tick: the trading loop never waits on it.
 */
import type { Clock, TimerHandle } from '../clock/clock.js';
import type { OwnOrderFootprint, TrackedOrder } from '../execution/order-tracker.js';
import { remaining } from '../execution/order-tracker.js';
import { type BookView, bookProblem } from '../market/book-view.js';
import type { MarketMeta } from '../market/market-view.js';
import { SAMPLE_INTERVAL_MS } from '../rewards/reward-day.js';
import type { OwnRestingOrder } from '../rewards/reward-estimate.js';
import type { MarketObservation, RewardEstimator } from '../rewards/reward-estimator.js';
import type { BookStore } from './book-store.js';

type SampledMarkets = readonly { readonly conditionId: string; readonly tokens: readonly [string, string] }[];

export interface RewardSamplerOptions {
  readonly clock: Clock;
  /** The markets sampled; a function when the set changes at runtime (the selector's swaps). */
  readonly markets: SampledMarkets | (() => SampledMarkets);
  readonly books: Pick<BookStore, 'get'>;
  /** The executor's live orders of a market (OrderTracker.liveOf: confirmed by the venue, resting). */
  readonly liveOrders: (conditionId: string) => readonly Pick<TrackedOrder, 'tokenId' | 'side' | 'price' | 'size' | 'matched'>[];
  /**
   * Our orders gone lately (OrderTracker.footprints): a book taken before one went still shows
   * it, and it is not the others'. Absent: only the live orders are taken out of the books.
   */
  readonly footprints?: ((conditionId: string, nowMs: number) => readonly OwnOrderFootprint[]) | undefined;
  /** Fresh market rules (MetadataCache.get); undefined: not estimated this minute. */
  readonly metadata: (conditionId: string) => Pick<MarketMeta, 'rewards'> | undefined;
  readonly estimator: RewardEstimator;
  /** Books older than this are not used (poller.staleAfterMs). */
  readonly staleAfterMs: number;
  /** After each sample taken (e.g. to save the day's state). */
  readonly onSample?: (() => void) | undefined;
}

export class RewardSampler {
  readonly #o: RewardSamplerOptions;
  #timer: TimerHandle | undefined;

  constructor(options: RewardSamplerOptions) {
    this.#o = options;
  }

  /** Samples at the start of every minute from the next one on. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#schedule();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    const now = this.#o.clock.now();
    this.#timer = this.#o.clock.setTimer(
      () => {
        this.sampleNow();
        this.#schedule();
      },
      SAMPLE_INTERVAL_MS - (now % SAMPLE_INTERVAL_MS),
    );
  }

  /** Takes the sample of the current minute (once per minute; returns whether it was taken). */
  sampleNow(): boolean {
    const nowMs = this.#o.clock.now();
    const taken = this.#o.estimator.sample(
      nowMs,
      (typeof this.#o.markets === 'function' ? this.#o.markets() : this.#o.markets).map((m) => this.#observe(m, nowMs)),
    );
    if (taken) this.#o.onSample?.();
    return taken;
  }

  #observe(m: SampledMarkets[number], nowMs: number): MarketObservation {
    const book = (tokenId: string): BookView | undefined => {
      const s = this.#o.books.get(tokenId);
      return s === undefined || bookProblem(s.book, nowMs, this.#o.staleAfterMs) !== undefined ? undefined : s.book;
    };
    const books = [book(m.tokens[0]), book(m.tokens[1])] as const;
    const outcomeOf = (tokenId: string): 0 | 1 | undefined => (tokenId === m.tokens[0] ? 0 : tokenId === m.tokens[1] ? 1 : undefined);
    const own: OwnRestingOrder[] = [];
    for (const o of this.#o.liveOrders(m.conditionId)) {
      const outcome = outcomeOf(o.tokenId);
      if (outcome !== undefined) own.push({ outcome, side: o.side, price: o.price, size: remaining(o) });
    }
    const shown = [...own];
    for (const f of this.#o.footprints?.(m.conditionId, nowMs) ?? []) {
      const outcome = outcomeOf(f.tokenId);
      const bookTime = outcome === undefined ? undefined : books[outcome]?.timestampMs;
      // Gone after the book was taken. No slack for clock skew (unlike the view builder's midpoint):
      // a book that already shows the order gone would give the others less than they have.
      if (f.goneAtMs !== undefined && bookTime !== undefined && f.goneAtMs > bookTime)
        shown.push({ outcome: outcome!, side: f.side, price: f.price, size: f.size });
    }
    return {
      conditionId: m.conditionId,
      rewards: this.#o.metadata(m.conditionId)?.rewards,
      books,
      own,
      shown,
    };
  }
}
