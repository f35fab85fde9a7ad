/**
 * Once a minute of the daemon's clock (at the minute's start), what makerd earns in liquidity
 * rewards: reads the book store (both tokens of every market, fresh books only), the executor's
 * live orders and the market's `rewards` rules, and hands them to the estimator
 * (src/rewards/reward-estimator.ts). Nothing per tick: the trading loop never waits on it.
 *
 * It never falls behind the minute silently. Each minute from start on is either sampled within
 * that minute (a timer a few seconds late still samples its own minute, with that minute's data)
 * or counted missed (src/rewards/missed-samples.ts) for every market it would have estimated:
 * - a minute that passed without a sample (the timer fired in a later minute, or the sample
 *   threw) is missed — its data is gone, so it is never taken late with newer data; a timer
 *   150 s late misses two minutes and samples the third;
 * - at a sample, a paying market with a token's book missing or unusable (stale, crossed, a bad
 *   timestamp), or whose rules are unknown after it was seen paying, or whose reading threw, is
 *   missed alone; the others are sampled.
 * A missed minute counts 0 in the day's estimate, as a minute makerd is down does.
 */
import type { Clock, TimerHandle } from '../clock/clock.js';
import type { OwnOrderFootprint, TrackedOrder } from '../execution/order-tracker.js';
import { remaining } from '../execution/order-tracker.js';
import { type BookView, bookProblem } from '../market/book-view.js';
import type { MarketMeta } from '../market/market-view.js';
import { SAMPLE_INTERVAL_MS } from '../rewards/reward-day.js';
import type { OwnRestingOrder } from '../rewards/reward-estimate.js';
import type { MarketObservation, RewardEstimator } from '../rewards/reward-estimator.js';
import { type MissEpisode, MissedSamples } from '../rewards/missed-samples.js';
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
  /** A market's first missed minute of an episode (consecutive missed minutes): log it. */
  readonly onMissStart?: ((episode: MissEpisode) => void) | undefined;
  /** A market sampled again after an episode, with the minutes it missed: log it. */
  readonly onResume?: ((episode: MissEpisode) => void) | undefined;
}

/** Why a market is not sampled this minute, or its observation. */
type Observed = MarketObservation | { readonly missed: string };

function errorReason(err: unknown): string {
  return `error: ${err instanceof Error ? err.message : String(err)}`;
}

export class RewardSampler {
  readonly #o: RewardSamplerOptions;
  readonly #missed = new MissedSamples();
  #timer: TimerHandle | undefined;
  /** The minute (ms since epoch / 60 000) whose sample is due next; undefined before the first. */
  #nextMinute: number | undefined;
  /** The markets of the last sample: the ones a minute missed as a whole counts, if `markets` throws. */
  #lastMarkets: SampledMarkets = [];

  constructor(options: RewardSamplerOptions) {
    this.#o = options;
  }

  /** Samples at the start of every minute from the next one on. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#nextMinute ??= Math.floor(this.#o.clock.now() / SAMPLE_INTERVAL_MS) + 1;
    this.#schedule();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    // A stopped sampler owes no minute: started again, it samples from the next one on.
    this.#nextMinute = undefined;
  }

  #schedule(): void {
    const now = this.#o.clock.now();
    // The due minute's start; a timer that fired early (or a clock that went back) waits for it.
    const due = (this.#nextMinute ?? 0) * SAMPLE_INTERVAL_MS;
    this.#timer = this.#o.clock.setTimer(
      () => {
        // Rescheduled whatever happens: a callback that throws must not stop the sampling.
        try {
          this.sampleNow();
        } finally {
          if (this.#timer !== undefined) this.#schedule();
        }
      },
      due > now ? due - now : SAMPLE_INTERVAL_MS - (now % SAMPLE_INTERVAL_MS),
    );
  }

  /**
   * Takes the sample of the current minute, first counting missed every minute since the last
   * one that passed without its sample. Returns whether a sample was taken (false: this minute's
   * is taken already, or the clock is before the due minute).
   */
  sampleNow(): boolean {
    const nowMs = this.#o.clock.now();
    const minute = Math.floor(nowMs / SAMPLE_INTERVAL_MS);
    if (this.#nextMinute !== undefined) {
      if (minute < this.#nextMinute) return false;
      if (minute > this.#nextMinute) this.#missAll(minute - this.#nextMinute, this.#nextMinute * SAMPLE_INTERVAL_MS, 'late');
    }
    this.#nextMinute = minute + 1;
    return this.#take(nowMs, minute * SAMPLE_INTERVAL_MS);
  }

  /** Minutes missed since start, per market that missed any (makerd_reward_samples_missed_total). */
  missed(): ReadonlyMap<string, number> {
    return this.#missed.totals();
  }

  #marketsNow(): SampledMarkets {
    const markets = typeof this.#o.markets === 'function' ? this.#o.markets() : this.#o.markets;
    this.#lastMarkets = markets;
    return markets;
  }

  #take(nowMs: number, minuteMs: number): boolean {
    let markets: SampledMarkets;
    try {
      markets = this.#marketsNow();
    } catch (err) {
      this.#missAll(1, minuteMs, errorReason(err));
      return false;
    }
    const observations: MarketObservation[] = [];
    const missed: [string, string][] = [];
    for (const m of markets) {
      let o: Observed | undefined;
      try {
        o = this.#observe(m, nowMs);
      } catch (err) {
        o = { missed: errorReason(err) };
      }
      if ('missed' in o) missed.push([m.conditionId, o.missed]);
      else observations.push(o);
    }
    let taken: boolean;
    try {
      taken = this.#o.estimator.sample(nowMs, observations);
    } catch (err) {
      const reason = errorReason(err);
      for (const m of markets) this.#miss(m.conditionId, 1, minuteMs, reason);
      return false;
    }
    // Already sampled (a day restored within this minute): nothing was missed.
    if (!taken) return false;
    for (const [market, reason] of missed) this.#miss(market, 1, minuteMs, reason);
    for (const o of observations) {
      const ended = this.#missed.sampled(o.conditionId);
      if (ended !== undefined) this.#o.onResume?.(ended);
    }
    this.#o.onSample?.();
    return true;
  }

  /** Minutes missed as a whole: counted for every market the sampler would have estimated. */
  #missAll(minutes: number, sinceMs: number, reason: string): void {
    let markets: SampledMarkets;
    try {
      markets = this.#marketsNow();
    } catch {
      markets = this.#lastMarkets;
    }
    for (const m of markets) if (this.#estimated(m.conditionId)) this.#miss(m.conditionId, minutes, sinceMs, reason);
  }

  /** Whether the market pays (its rules now, or when unknown, its last sample); true if that cannot be read. */
  #estimated(market: string): boolean {
    try {
      const rewards = this.#o.metadata(market)?.rewards;
      return rewards === undefined ? this.#o.estimator.isPaying(market) : rewards.kind === 'paying';
    } catch {
      return true;
    }
  }

  #miss(market: string, minutes: number, sinceMs: number, reason: string): void {
    const started = this.#missed.miss(market, minutes, sinceMs, reason);
    if (started !== undefined) this.#o.onMissStart?.(started);
  }

  #observe(m: SampledMarkets[number], nowMs: number): Observed {
    const rewards = this.#o.metadata(m.conditionId)?.rewards;
    // Rules unknown for a market seen paying: its minute cannot be estimated.
    if (rewards === undefined && this.#o.estimator.isPaying(m.conditionId)) return { missed: 'no rules' };
    const problems: string[] = [];
    const book = (tokenId: string): BookView | undefined => {
      const s = this.#o.books.get(tokenId);
      const problem = s === undefined ? 'missing' : bookProblem(s.book, nowMs, this.#o.staleAfterMs);
      if (problem !== undefined) problems.push(problem);
      return problem === undefined ? s?.book : undefined;
    };
    const books = [book(m.tokens[0]), book(m.tokens[1])] as const;
    // A paying market sampled without a book would count the minute at a share of 0, silently.
    if (rewards?.kind === 'paying' && problems.length > 0) return { missed: `book ${problems[0]}` };
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
      rewards,
      books,
      own,
      shown,
    };
  }
}
