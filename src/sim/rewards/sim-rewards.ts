/**
 * The simulator pays liquidity rewards (design.md §7): at every minute boundary of its clock it
 * samples every account's resting orders on every paying market (background makers included, so
 * an account competes), adds each account's share to the market's UTC day (src/rewards
 * RewardDay), and at the first sample of a new UTC day credits each account the day's reward of
 * each market — rounded down to micro-USDC (src/rewards creditedAmount) — to its balance.
 *
 * A minute whose boundary passed without a sample (a timer late by more than a minute) is not
 * made up: it counts as a share of 0 for everyone, as a missed sample does on the venue. The
 * start counts when it lies exactly on a minute boundary, so a day started at 00:00 has 1,440.
 *
 * Paying markets are those whose `rewards` object src/rewards reads as paying; a malformed one
 * pays nothing and is counted (`malformedMarkets`).
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import { type Decimal, ZERO } from '../../money.js';
import {
  type AccountScore,
  creditedAmount,
  parseRewardRules,
  RewardDay,
  type RewardRules,
  SAMPLE_INTERVAL_MS,
  utcDayOf,
} from '../../rewards/index.js';
import type { Rewards } from '../../venue/types.js';
import type { RestingLevels } from '../exchange/sim-exchange.js';
import { type MarketSample, sampleMarketDecimal, sampleMarketUnits, type UnitTerms, unitTermsOf } from './market-sample.js';

/** What the sampler reads of the exchange (MatchingExchange has it). */
export interface RestingBooks {
  restingLevels(tokenId: string): RestingLevels | undefined;
}

/** A market as the sampler needs it (CatalogMarket has these fields). */
export interface RewardMarket {
  readonly conditionId: string;
  readonly tokenIds: readonly [string, string];
  readonly rewards: Rewards | unknown;
}

export interface SimRewardsOptions {
  readonly clock: Clock;
  readonly exchange: RestingBooks;
  readonly markets: readonly RewardMarket[];
  /**
   * No sample at or after this time (a backtest's run [start, end) then has one sample per minute
   * of it: a 24-hour run started at 00:00 has exactly the day's 1,440).
   */
  readonly untilMs?: number;
}

interface PayingMarket {
  readonly conditionId: string;
  readonly tokenIds: readonly [string, string];
  readonly rules: RewardRules;
  readonly terms: UnitTerms | undefined;
  day: RewardDay;
  /** The last sample of the current day (undefined before the first). */
  last: MarketSample | undefined;
}

/** One account on one market: its last sample and its money. */
export interface RewardRow {
  readonly account: string;
  readonly market: string;
  /** Last sample's side totals and Q_min; undefined when it had no scoring order then. */
  readonly score: AccountScore | undefined;
  readonly share: Decimal;
  /** Σ share over today's samples. */
  readonly shareSum: Decimal;
  /** Today's reward so far (Σshare / 1,440 × rate), rounded down to micro-USDC. */
  readonly accruedToday: Decimal;
  /** Credited for the last completed day, and over every completed day. */
  readonly creditedLastDay: Decimal;
  readonly creditedTotal: Decimal;
}

export interface RewardTotals {
  readonly accruedToday: Decimal;
  readonly creditedTotal: Decimal;
}

const key = (address: string): string => address.toLowerCase();

function addTo(map: Map<string, Map<string, Decimal>>, account: string, market: string, amount: Decimal): void {
  let inner = map.get(account);
  if (inner === undefined) {
    inner = new Map();
    map.set(account, inner);
  }
  inner.set(market, (inner.get(market) ?? ZERO).add(amount));
}

export class SimRewards {
  readonly #clock: Clock;
  readonly #exchange: RestingBooks;
  readonly #untilMs: number;
  readonly #markets: PayingMarket[] = [];
  readonly #byId = new Map<string, PayingMarket>();
  /** Markets whose rewards object could not be read: they pay nothing. */
  readonly malformed: { readonly market: string; readonly reason: string }[] = [];
  #day: number;
  #lastMinute = -1;
  #lastSampleMs: number | undefined;
  #samplesTotal = 0;
  readonly #creditedTotal = new Map<string, Map<string, Decimal>>();
  #creditedLastDay = new Map<string, Map<string, Decimal>>();
  #lastCreditedDay: number | undefined;
  readonly #balances = new Map<string, Decimal>();
  #timer: TimerHandle | undefined;
  /** Wall-clock cost of the last and the slowest sample (all markets), microseconds. */
  lastSampleUs = 0;
  maxSampleUs = 0;

  constructor(options: SimRewardsOptions) {
    this.#clock = options.clock;
    this.#exchange = options.exchange;
    this.#untilMs = options.untilMs ?? Number.POSITIVE_INFINITY;
    this.#day = utcDayOf(options.clock.now());
    for (const m of options.markets) {
      const parsed = parseRewardRules(m.rewards);
      if (parsed.kind === 'malformed') this.malformed.push({ market: m.conditionId, reason: parsed.reason });
      if (parsed.kind !== 'paying') continue;
      const pm: PayingMarket = {
        conditionId: m.conditionId,
        tokenIds: m.tokenIds,
        rules: parsed.rules,
        terms: unitTermsOf(parsed.rules),
        day: new RewardDay(this.#day),
        last: undefined,
      };
      this.#markets.push(pm);
      this.#byId.set(m.conditionId, pm);
    }
  }

  /**
   * New terms for a market from now on (`POST /_sim/rewards/rules`): the samples to come use them,
   * and the day's shares so far are credited at the rate in force when the day ends. A market that
   * stops paying leaves the sampling, and its day so far is not credited; one that starts paying
   * joins it with an empty day. Returns how the new object reads (src/rewards parseRewardRules).
   */
  setRules(conditionId: string, tokenIds: readonly [string, string], rewards: unknown): 'paying' | 'none' | 'malformed' {
    const parsed = parseRewardRules(rewards);
    const known = this.#byId.get(conditionId);
    if (parsed.kind !== 'paying') {
      if (known !== undefined) {
        this.#markets.splice(this.#markets.indexOf(known), 1);
        this.#byId.delete(conditionId);
      }
      return parsed.kind;
    }
    const terms = unitTermsOf(parsed.rules);
    if (known !== undefined) {
      const i = this.#markets.indexOf(known);
      const next: PayingMarket = { ...known, rules: parsed.rules, terms };
      this.#markets[i] = next;
      this.#byId.set(conditionId, next);
    } else {
      const pm: PayingMarket = { conditionId, tokenIds, rules: parsed.rules, terms, day: new RewardDay(this.#day), last: undefined };
      this.#markets.push(pm);
      this.#byId.set(conditionId, pm);
    }
    return 'paying';
  }

  /** Samples at every minute boundary of the clock from now on (now too when on a boundary). */
  start(): void {
    if (this.#timer !== undefined) return;
    const now = this.#clock.now();
    if (now % SAMPLE_INTERVAL_MS === 0) this.sample();
    this.#arm();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  #arm(): void {
    const now = this.#clock.now();
    const next = (Math.floor(now / SAMPLE_INTERVAL_MS) + 1) * SAMPLE_INTERVAL_MS;
    this.#timer = this.#clock.setTimer(() => {
      this.#timer = undefined;
      this.sample();
      this.#arm();
    }, next - now);
  }

  /**
   * Takes the sample of the current minute (once per minute: a second call in the same minute does
   * nothing); first credits the previous day when the clock has entered a new UTC day.
   */
  sample(): void {
    const now = this.#clock.now();
    const minute = Math.floor(now / SAMPLE_INTERVAL_MS);
    if (minute <= this.#lastMinute || now >= this.#untilMs) return;
    this.#lastMinute = minute;
    this.settle();
    const started = performance.now();
    for (const m of this.#markets) {
      const books = [this.#exchange.restingLevels(m.tokenIds[0]), this.#exchange.restingLevels(m.tokenIds[1])] as const;
      const s = m.terms === undefined ? sampleMarketDecimal(m.rules, books) : sampleMarketUnits(m.rules, m.terms, books);
      m.day.add(s.shares);
      m.last = s;
    }
    this.lastSampleUs = Math.round((performance.now() - started) * 1000);
    if (this.lastSampleUs > this.maxSampleUs) this.maxSampleUs = this.lastSampleUs;
    this.#lastSampleMs = now;
    this.#samplesTotal++;
  }

  /** Credits the day that ended, if the clock is past it (the first sample of a day does this). */
  settle(): void {
    const today = utcDayOf(this.#clock.now());
    if (today <= this.#day) return;
    this.#creditedLastDay = new Map();
    for (const m of this.#markets) {
      for (const account of m.day.accounts()) {
        const amount = creditedAmount(m.day.reward(account, m.rules.dailyRate));
        addTo(this.#creditedLastDay, account, m.conditionId, amount);
        addTo(this.#creditedTotal, account, m.conditionId, amount);
        this.#balances.set(account, (this.#balances.get(account) ?? ZERO).add(amount));
      }
      m.day = new RewardDay(today);
      m.last = undefined;
    }
    this.#lastCreditedDay = this.#day;
    this.#day = today;
  }

  // ---- reading --------------------------------------------------------------------------------

  /** The UTC day being accumulated (days since the epoch). */
  get day(): number {
    return this.#day;
  }

  get lastCreditedDay(): number | undefined {
    return this.#lastCreditedDay;
  }

  get lastSampleMs(): number | undefined {
    return this.#lastSampleMs;
  }

  get samplesTotal(): number {
    return this.#samplesTotal;
  }

  /** Condition ids of the paying markets, catalog order. */
  payingMarkets(): readonly string[] {
    return this.#markets.map((m) => m.conditionId);
  }

  rules(conditionId: string): RewardRules | undefined {
    return this.#byId.get(conditionId)?.rules;
  }

  samplesToday(conditionId: string): number {
    return this.#byId.get(conditionId)?.day.samples ?? 0;
  }

  lastSample(conditionId: string): MarketSample | undefined {
    return this.#byId.get(conditionId)?.last;
  }

  /** The rewards credited to an account's balance so far (USDC; 0 for an unknown account). */
  balance(address: string): Decimal {
    return this.#balances.get(key(address)) ?? ZERO;
  }

  /** Accounts with anything to show (a share today or a credit), lowercase. */
  accounts(): string[] {
    const out = new Set<string>(this.#creditedTotal.keys());
    for (const m of this.#markets) for (const a of m.day.accounts()) out.add(a);
    return [...out].sort();
  }

  /** One row per account and market that had a share today or was ever credited. */
  rows(filter: { account?: string; market?: string } = {}): RewardRow[] {
    const wantAccount = filter.account === undefined ? undefined : key(filter.account);
    const out: RewardRow[] = [];
    for (const m of this.#markets) {
      if (filter.market !== undefined && m.conditionId !== filter.market) continue;
      const accounts = new Set<string>(m.day.accounts());
      for (const [a, inner] of this.#creditedTotal) if (inner.has(m.conditionId)) accounts.add(a);
      for (const account of [...accounts].sort()) {
        if (wantAccount !== undefined && account !== wantAccount) continue;
        out.push({
          account,
          market: m.conditionId,
          score: m.last?.scores.get(account),
          share: m.last?.shares.get(account) ?? ZERO,
          shareSum: m.day.shareSum(account),
          accruedToday: creditedAmount(m.day.reward(account, m.rules.dailyRate)),
          creditedLastDay: this.#creditedLastDay.get(account)?.get(m.conditionId) ?? ZERO,
          creditedTotal: this.#creditedTotal.get(account)?.get(m.conditionId) ?? ZERO,
        });
      }
    }
    return out;
  }

  /** An account's rewards over every paying market (or one). */
  totals(address: string, market?: string): RewardTotals {
    let accruedToday = ZERO;
    let creditedTotal = ZERO;
    for (const r of this.rows({ account: address, ...(market === undefined ? {} : { market }) })) {
      accruedToday = accruedToday.add(r.accruedToday);
      creditedTotal = creditedTotal.add(r.creditedTotal);
    }
    return { accruedToday, creditedTotal };
  }
}
