/**
 * What makerd estimates it earns, per market, sample after sample (one a minute: the caller's
 * timer): its score (Q_min), its share, and the UTC day's estimate = Σ shares / 1,440 × the daily
 * rate (reward-day.ts), which starts again at 0 at the UTC day boundary. Pure state, no I/O and no
 * timer: the caller passes the time and what it sees, and may save `state()` to restore it after a
 * restart on the same UTC day.
 *
 * Markets that pay nothing, or whose rules are unknown, are not estimated (their score and share
 * read 0). A malformed `rewards` object is counted and reported (`onMalformed`) once per market
 * and reason, however many samples see it; nothing else happens to the market.
 */
import { Decimal, ZERO } from '../money.js';
import { dayReward, sampleSlotOf, utcDayOf } from './reward-day.js';
import { estimateSample, type OwnRestingOrder, type VisibleBook } from './reward-estimate.js';
import type { RewardRulesResult } from './reward-rules.js';

/** What the caller sees of one market at a sample. */
export interface MarketObservation {
  readonly conditionId: string;
  /** The market's parsed `rewards`; undefined while its rules are unknown (no metadata). */
  readonly rewards: RewardRulesResult | undefined;
  /** Visible books of outcome 0 and outcome 1 (undefined: none usable). */
  readonly books: readonly [VisibleBook | undefined, VisibleBook | undefined];
  /** makerd's resting orders in the market. */
  readonly own: readonly OwnRestingOrder[];
  /** What of ours the books may still show (e.g. orders cancelled after the book was taken); default `own`. */
  readonly shown?: readonly OwnRestingOrder[] | undefined;
}

export interface MarketRewardEstimate {
  readonly market: string;
  /** Whether the last sample found the market paying (and so estimated it). */
  readonly paying: boolean;
  /** The daily rate last read (0 before the market was ever seen paying). */
  readonly dailyRate: Decimal;
  /** Our Q_min, the others' pooled Q_min, and our share, at the last sample (0 when not estimated). */
  readonly score: Decimal;
  readonly othersScore: Decimal;
  readonly share: Decimal;
  /** Today's (UTC) share sum and the samples estimated today. */
  readonly shareSum: Decimal;
  readonly samples: number;
  /** Today's estimate, USDC: shareSum / 1,440 × dailyRate. */
  readonly today: Decimal;
  /** Estimated USDC since this estimator began (a restored day's included): for a counter. */
  readonly accrued: Decimal;
}

/** What survives a restart on the same UTC day. Decimals as text. */
export interface EstimateDayState {
  readonly version: 1;
  /** UTC day number (reward-day.ts utcDayOf). */
  readonly day: number;
  /** Last sample slot taken that day (0..1439), -1 for none. */
  readonly lastSlot: number;
  readonly markets: Readonly<Record<string, { readonly shareSum: string; readonly samples: number; readonly dailyRate: string }>>;
}

export interface RewardEstimatorOptions {
  /** Told once per market and reason when its `rewards` object is malformed. */
  readonly onMalformed?: ((market: string, reason: string) => void) | undefined;
}

interface MarketState {
  paying: boolean;
  dailyRate: Decimal;
  score: Decimal;
  othersScore: Decimal;
  share: Decimal;
  shareSum: Decimal;
  samples: number;
  accrued: Decimal;
  malformedReason: string | undefined;
  malformedCount: number;
}

function fresh(): MarketState {
  return {
    paying: false,
    dailyRate: ZERO,
    score: ZERO,
    othersScore: ZERO,
    share: ZERO,
    shareSum: ZERO,
    samples: 0,
    accrued: ZERO,
    malformedReason: undefined,
    malformedCount: 0,
  };
}

export class RewardEstimator {
  readonly #markets = new Map<string, MarketState>();
  readonly #onMalformed: RewardEstimatorOptions['onMalformed'];
  #day = -1;
  #lastSlot = -1;

  constructor(options: RewardEstimatorOptions = {}) {
    this.#onMalformed = options.onMalformed;
  }

  /** The UTC day the figures are of (-1 before the first sample or restore). */
  get day(): number {
    return this.#day;
  }

  #market(id: string): MarketState {
    let m = this.#markets.get(id);
    if (m === undefined) this.#markets.set(id, (m = fresh()));
    return m;
  }

  /**
   * Takes the sample of `nowMs`'s minute. Returns false (nothing changes) when that minute was
   * sampled already, or lies before the last sample (a clock that went back).
   */
  sample(nowMs: number, observations: readonly MarketObservation[]): boolean {
    const day = utcDayOf(nowMs);
    const slot = sampleSlotOf(nowMs);
    if (day < this.#day || (day === this.#day && slot <= this.#lastSlot)) return false;
    if (day !== this.#day) this.#newDay(day);
    this.#lastSlot = slot;
    for (const o of observations) this.#observe(this.#market(o.conditionId), o);
    return true;
  }

  #newDay(day: number): void {
    this.#day = day;
    this.#lastSlot = -1;
    for (const m of this.#markets.values()) {
      m.shareSum = ZERO;
      m.samples = 0;
    }
  }

  #observe(m: MarketState, o: MarketObservation): void {
    m.score = ZERO;
    m.othersScore = ZERO;
    m.share = ZERO;
    m.paying = o.rewards?.kind === 'paying';
    if (o.rewards?.kind === 'malformed') {
      if (m.malformedReason !== o.rewards.reason) {
        m.malformedReason = o.rewards.reason;
        m.malformedCount++;
        this.#onMalformed?.(o.conditionId, o.rewards.reason);
      }
      return;
    }
    if (o.rewards !== undefined) m.malformedReason = undefined;
    if (o.rewards?.kind !== 'paying') return;
    const { rules } = o.rewards;
    const est = estimateSample(rules, o.books, o.own, o.shown);
    m.dailyRate = rules.dailyRate;
    m.score = est.own.qMin;
    m.othersScore = est.others.qMin;
    m.share = est.share;
    m.shareSum = m.shareSum.add(est.share);
    m.samples++;
    m.accrued = m.accrued.add(dayReward(est.share, rules.dailyRate));
  }

  /** Whether the market's last sample found it paying (false for a market never sampled). */
  isPaying(market: string): boolean {
    return this.#markets.get(market)?.paying ?? false;
  }

  /** Every market seen so far, in first-seen order. */
  estimates(): MarketRewardEstimate[] {
    return [...this.#markets].map(([market, m]) => ({
      market,
      paying: m.paying,
      dailyRate: m.dailyRate,
      score: m.score,
      othersScore: m.othersScore,
      share: m.share,
      shareSum: m.shareSum,
      samples: m.samples,
      today: dayReward(m.shareSum, m.dailyRate),
      accrued: m.accrued,
    }));
  }

  /** Today's estimate over every market, USDC. */
  totalToday(): Decimal {
    let total = ZERO;
    for (const m of this.#markets.values()) total = total.add(dayReward(m.shareSum, m.dailyRate));
    return total;
  }

  /** Malformed `rewards` objects seen, per market (a market counts again only with a new reason). */
  malformed(): ReadonlyMap<string, number> {
    const out = new Map<string, number>();
    for (const [market, m] of this.#markets) if (m.malformedCount > 0) out.set(market, m.malformedCount);
    return out;
  }

  state(): EstimateDayState {
    const markets: Record<string, { shareSum: string; samples: number; dailyRate: string }> = {};
    for (const [id, m] of this.#markets)
      if (m.samples > 0) markets[id] = { shareSum: m.shareSum.toFixed(), samples: m.samples, dailyRate: m.dailyRate.toFixed() };
    return { version: 1, day: this.#day, lastSlot: this.#lastSlot, markets };
  }

  /**
   * Takes up a saved day (before the first sample): its share sums count toward today's estimate
   * and the counter. Ignored (returns false) when it is of another day than `nowMs`'s.
   */
  restore(state: EstimateDayState, nowMs: number): boolean {
    if (state.day !== utcDayOf(nowMs) || this.#day !== -1) return false;
    this.#day = state.day;
    this.#lastSlot = state.lastSlot;
    for (const [id, s] of Object.entries(state.markets)) {
      const m = this.#market(id);
      m.shareSum = new Decimal(s.shareSum);
      m.samples = s.samples;
      m.dailyRate = new Decimal(s.dailyRate);
      m.accrued = dayReward(m.shareSum, m.dailyRate);
    }
    return true;
  }
}
