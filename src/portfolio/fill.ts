/**
 * A fill: one execution of one of the ACCOUNT's orders, seen from the account's side. It is what
 * the journal stores and what the portfolio folds. Every amount is a Decimal built from the
 * venue's strings (design.md section 1); `fee` and `rebate` are already rounded the way the venue
 * rounds them (fill-fees.ts), so summing them is exact.
 *
 * Ids: `tradeId` is unique per account fill, not per venue trade. One venue trade can hold several
 * of our fills (a taker order sweeping several resting orders, or several of our resting orders
 * matched by one taker), so the id is `<trade id>:<role>:<maker order id>` (fill-attribution.ts).
 */
import type { Decimal } from '../money.js';

export type FillSide = 'BUY' | 'SELL';
export type FillRole = 'taker' | 'maker';
export type OutcomeIndex = 0 | 1;

export interface Fill {
  /** Unique per account fill (see above); the journal and the deduper key on it. */
  readonly tradeId: string;
  readonly conditionId: string;
  /** `<condition_id>:<outcome_index>` */
  readonly tokenId: string;
  readonly outcomeIndex: OutcomeIndex;
  /** The account's side. */
  readonly side: FillSide;
  /** Execution price (the resting order's price). */
  readonly price: Decimal;
  /** Shares, > 0. */
  readonly size: Decimal;
  readonly role: FillRole;
  /** USDC paid by the account, >= 0. */
  readonly fee: Decimal;
  /** USDC received by the account, >= 0. */
  readonly rebate: Decimal;
  /** The venue's ISO 8601 match time. */
  readonly matchTime: string;
  /** `matchTime` in Unix milliseconds. */
  readonly timestampMs: number;
  /** The account's order that filled. */
  readonly orderId: string;
}

/** price x size, in USDC. */
export function fillNotional(f: Fill): Decimal {
  return f.price.mul(f.size);
}

/** Signed share change of the account's position: +size for a buy, -size for a sell. */
export function signedSize(f: Fill): Decimal {
  return f.side === 'BUY' ? f.size : f.size.neg();
}

export type DedupVerdict = 'new' | 'duplicate' | 'stale';

export interface FillDeduperOptions {
  /**
   * Ids of fills older than (newest fill seen - horizonMs) are forgotten, and a fill that old is
   * answered `stale` instead of `new`. Default 24 h. Memory is the number of fills inside the
   * horizon. The daemon fetches trades from a little before its last fill, so a genuine new fill
   * is never that far behind the newest one; the caller decides what to do with `stale` (count
   * it, log it), the deduper never silently treats it as new.
   */
  readonly horizonMs?: number;
}

export const DEFAULT_DEDUP_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * Remembers the ids of the fills seen, so the same account fill delivered twice (a re-fetch that
 * overlaps, the user stream and the poll both reporting it, a journal replay followed by a fetch)
 * counts once.
 */
export class FillDeduper {
  readonly #horizonMs: number;
  readonly #seen = new Map<string, number>();
  /** Ids in insertion order, for eviction; `#head` is the first not yet evicted. */
  #order: string[] = [];
  #head = 0;
  #newestMs = Number.NEGATIVE_INFINITY;

  constructor(options: FillDeduperOptions = {}) {
    const h = options.horizonMs ?? DEFAULT_DEDUP_HORIZON_MS;
    if (!(h > 0) || !Number.isFinite(h)) throw new RangeError(`FillDeduper: horizonMs must be a positive number (got ${h})`);
    this.#horizonMs = h;
  }

  /** Ids currently remembered. */
  get size(): number {
    return this.#seen.size;
  }

  /** What `fill` is; does not record it. */
  check(fill: Pick<Fill, 'tradeId' | 'timestampMs'>): DedupVerdict {
    if (this.#seen.has(fill.tradeId)) return 'duplicate';
    return fill.timestampMs < this.#newestMs - this.#horizonMs ? 'stale' : 'new';
  }

  /** Records `fill` and answers what it was; only `new` fills are recorded. */
  admit(fill: Pick<Fill, 'tradeId' | 'timestampMs'>): DedupVerdict {
    const verdict = this.check(fill);
    if (verdict !== 'new') return verdict;
    this.#seen.set(fill.tradeId, fill.timestampMs);
    this.#order.push(fill.tradeId);
    if (fill.timestampMs > this.#newestMs) {
      this.#newestMs = fill.timestampMs;
      this.#evict();
    }
    return 'new';
  }

  /** The `new` fills of `fills`, in order, each recorded (duplicates inside `fills` too). */
  filter<F extends Pick<Fill, 'tradeId' | 'timestampMs'>>(fills: readonly F[]): F[] {
    return fills.filter((f) => this.admit(f) === 'new');
  }

  /**
   * Forgets ids older than the horizon, oldest inserted first. An id inserted late with an old
   * time stays until the ids inserted before it go: kept longer, never forgotten early.
   */
  #evict(): void {
    const cutoff = this.#newestMs - this.#horizonMs;
    while (this.#head < this.#order.length) {
      const id = this.#order[this.#head]!;
      const t = this.#seen.get(id);
      if (t !== undefined && t >= cutoff) break;
      this.#seen.delete(id);
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head);
      this.#head = 0;
    }
  }
}
