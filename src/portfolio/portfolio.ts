/**
 * The portfolio: the account's positions and PnL, folded from its fills. Pure and synchronous
 * (design.md section 1): it takes fills, midpoints and a clock, and does no I/O.
 *
 * Per token (token-position.ts): signed position, average cost, realized PnL (trading PnL +
 * settlement PnL - fees + rebates, fees and rebates also reported on their own), volume. Unrealized PnL is
 * size x (mark - avgPrice) at the last midpoint given to `mark()`; a token never marked counts 0
 * and is listed in `unmarkedTokens`.
 *
 * Per market: both outcomes are one exposure, net exposure = position(outcome 0) -
 * position(outcome 1) (long outcome 1 is short outcome 0); PnL figures are the sums of the two
 * tokens. Overall: sums over every market.
 *
 * Equity curve: total PnL = realized + unrealized. After every fill and every mark the total is
 * compared with its peak (which starts at 0); drawdown = peak - total (>= 0) and the largest
 * drawdown seen is kept. In memory only: after a restart the curve starts again from the replayed
 * realized PnL.
 *
 * Daily PnL (the risk gate's daily-loss limit reads it): the change of total PnL since the start
 * of the trading day (trading-day.ts, a UTC day starting at `resetHourUtc`). When a new day is
 * first seen (a fill's match time, or the clock's time at a mark or a read) the total at that
 * moment becomes the day's starting point. Fills roll the day by their match time, so a replay of
 * the journal (before any mark or read) ends with the right starting point for the last fill's
 * day; a fill whose match time lies before the current day counts in the current day. One caveat: a token's
 * FIRST mark in this process moves its unrealized PnL from 0 (unknown) to its real value; when
 * that token already holds a position (after a restart), the jump is added to the day's starting
 * point too, so a restart never shows as a daily gain or loss.
 *
 * Settlement (settlement.ts): a resolved market's positions are closed at 1 or 0 (`settle`, once
 * per settlement id); the shares stay on the venue's books, and their payout redeemable, until a
 * redemption record says the venue no longer holds them (`redeem`, redeemable-shares.ts);
 * `redeemable()` lists what waits, per market. The journal's records, fills and these, are folded
 * in their order by `applyEntry`. The figures it reports are in portfolio-figures.ts.
 */
import { badParameter } from '../errors.js';
import { Decimal, ZERO } from '../money.js';
import type { Fill } from './fill.js';
import type { JournalEntry } from './journal-record.js';
import {
  type DailySnapshot,
  type EquitySnapshot,
  type MarketSnapshot,
  marketSnapshot,
  type PnlFigures,
  type PortfolioSnapshot,
  sumFigures,
  type TokenSnapshot,
  tokenSnapshot,
} from './portfolio-figures.js';
import { type RedeemableMarket, RedeemableShares } from './redeemable-shares.js';
import type { Redemption, Settlement } from './settlement.js';
import { TokenPosition, type FillEffect } from './token-position.js';
import { dayStartMs } from './trading-day.js';

export type { FillEffect } from './token-position.js';
export type {
  DailySnapshot,
  EquitySnapshot,
  MarketSnapshot,
  PnlFigures,
  PortfolioSnapshot,
  TokenSnapshot,
} from './portfolio-figures.js';
export type { RedeemableMarket } from './redeemable-shares.js';

export interface PortfolioOptions {
  /** Reads and marks roll the trading day by this clock. */
  readonly clock: { now(): number };
  /** The hour (UTC, 0-23) the trading day starts. Default 0. */
  readonly resetHourUtc?: number;
}

interface MarketEntry {
  readonly conditionId: string;
  readonly tokens: [TokenPosition | undefined, TokenPosition | undefined];
}

const EMPTY_PAIR: readonly [Decimal, Decimal] = [ZERO, ZERO];

export class Portfolio {
  readonly #clock: { now(): number };
  readonly #resetHour: number;
  readonly #tokens = new Map<string, TokenPosition>();
  readonly #markets = new Map<string, MarketEntry>();
  readonly #marks = new Map<string, Decimal>();
  /** Unrealized PnL per token at its last mark (tokens with a mark and a position only). */
  readonly #unrealized = new Map<string, Decimal>();
  /** Settlement ids applied: none counts twice. */
  readonly #settled = new Set<string>();
  /** Settled shares (the winner's and the loser's) the venue still holds, until redeemed. */
  readonly #redeemable = new RedeemableShares();
  // Running overall sums, for the equity curve and the daily PnL (O(1) per fill or mark).
  #realized: Decimal = ZERO;
  #unrealizedSum: Decimal = ZERO;
  #peak: Decimal = ZERO;
  #maxDrawdown: Decimal = ZERO;
  /** No day until the first fill, mark or read: fills replayed first roll through their own days. */
  #dayStart = Number.NEGATIVE_INFINITY;
  #dayStartTotal: Decimal = ZERO;
  #dayStartRealized: Decimal = ZERO;

  constructor(options: PortfolioOptions) {
    this.#clock = options.clock;
    this.#resetHour = options.resetHourUtc ?? 0;
    dayStartMs(0, this.#resetHour); // validates the hour
  }

  /** Folds one fill (the caller deduplicates and journals first); answers what changed. */
  apply(fill: Fill): FillEffect {
    this.#roll(fill.timestampMs);
    const pos = this.#tokenFor(fill);
    const effect = pos.apply(fill);
    this.#realized = this.#realized.add(effect.realizedPnl);
    this.#revalue(pos);
    this.#observe();
    return effect;
  }

  applyAll(fills: Iterable<Fill>): FillEffect[] {
    const out: FillEffect[] = [];
    for (const f of fills) out.push(this.apply(f));
    return out;
  }

  /**
   * Settles the position named by a settlement of a resolved market (the caller journals it
   * first): the position held now is closed at `s.price` into realized PnL, and its payout is
   * redeemable until redeemed. Once per id: a settlement applied before answers undefined and
   * changes nothing. Answers the change of realized PnL.
   */
  settle(s: Settlement): Decimal | undefined {
    if (this.#settled.has(s.id)) return undefined;
    this.#settled.add(s.id);
    this.#roll(s.atMs);
    const pos = this.#tokens.get(s.tokenId);
    if (pos === undefined || pos.size.isZero()) return ZERO;
    const size = pos.size;
    const pnl = pos.settle(s.price);
    this.#realized = this.#realized.add(pnl);
    this.#revalue(pos);
    this.#observe();
    const payout = s.price.isZero() ? ZERO : size.mul(s.price);
    this.#redeemable.add(s.id, { conditionId: pos.conditionId, outcomeIndex: pos.outcomeIndex, size, payout, sinceMs: s.atMs });
    return pnl;
  }

  /** The shares of a settlement were redeemed: no longer redeemable. Once per id; true when it changed anything. */
  redeem(r: Redemption): boolean {
    return this.#redeemable.redeem(r);
  }

  /** Markets where a token's position is not 0 (condition ids, in order of their first fill). */
  heldMarkets(): string[] {
    const out: string[] = [];
    for (const m of this.#markets.values()) if (m.tokens.some((t) => t !== undefined && !t.size.isZero())) out.push(m.conditionId);
    return out;
  }

  /** Whether a settlement id was applied. */
  hasSettled(settlementId: string): boolean {
    return this.#settled.has(settlementId);
  }

  /** Settlements whose shares the venue still holds (a payout or not), with their token, oldest first. */
  unredeemed(): readonly { readonly settlementId: string; readonly tokenId: string; readonly conditionId: string }[] {
    return this.#redeemable.unredeemed();
  }

  /**
   * Shares of `tokenId` the venue still holds as far as the journal knows: the open position plus
   * the settled shares not yet redeemed (what GET /positions shows until the redeem).
   */
  heldOnVenue(tokenId: string): Decimal {
    return this.#redeemable.heldOnVenue(tokenId, this.position(tokenId));
  }

  /**
   * Settled shares waiting to be redeemed, per market whose payout is not 0 (a market where only
   * the loser was held has nothing to redeem), oldest first.
   */
  redeemable(): readonly RedeemableMarket[] {
    return this.#redeemable.redeemable();
  }

  /** Folds one journal record: a fill, a settlement or a redemption. */
  applyEntry(e: JournalEntry): void {
    if (!('kind' in e)) this.apply(e);
    else if (e.kind === 'settlement') this.settle(e);
    else this.redeem(e);
  }

  /** Folds journal records in their order (a replay). */
  applyEntries(entries: Iterable<JournalEntry>): void {
    for (const e of entries) this.applyEntry(e);
  }

  /** Marks `tokenId` at `mid` (its midpoint) for unrealized PnL. */
  mark(tokenId: string, mid: Decimal): void {
    if (!Decimal.isDecimal(mid) || !mid.isFinite() || mid.lt(0) || mid.gt(1)) {
      throw badParameter('portfolio.mark', 'mid', 'must be a Decimal in [0, 1]', String(mid));
    }
    this.#roll(this.#clock.now());
    const first = !this.#marks.has(tokenId);
    this.#marks.set(tokenId, mid);
    const pos = this.#tokens.get(tokenId);
    if (pos === undefined) return;
    const delta = this.#revalue(pos);
    // A first mark of a held position (after a restart) is not the day's gain or loss.
    if (first && !pos.size.isZero()) this.#dayStartTotal = this.#dayStartTotal.add(delta);
    this.#observe();
  }

  /** Signed shares of `tokenId` (0 when never traded). */
  position(tokenId: string): Decimal {
    return this.#tokens.get(tokenId)?.size ?? ZERO;
  }

  /** Cost basis of the open position of `tokenId` (>= 0; 0 when flat or never traded). */
  costBasis(tokenId: string): Decimal {
    return this.#tokens.get(tokenId)?.cost ?? ZERO;
  }

  /** Signed shares of outcome 0 and outcome 1 of a market. */
  positionsOf(conditionId: string): readonly [Decimal, Decimal] {
    const m = this.#markets.get(conditionId);
    if (m === undefined) return EMPTY_PAIR;
    return [m.tokens[0]?.size ?? ZERO, m.tokens[1]?.size ?? ZERO];
  }

  /** position(outcome 0) - position(outcome 1). */
  netExposure(conditionId: string): Decimal {
    const [q0, q1] = this.positionsOf(conditionId);
    return q0.sub(q1);
  }

  token(tokenId: string): TokenSnapshot | undefined {
    const pos = this.#tokens.get(tokenId);
    return pos === undefined ? undefined : this.#tokenSnapshot(pos);
  }

  market(conditionId: string): MarketSnapshot | undefined {
    const m = this.#markets.get(conditionId);
    return m === undefined ? undefined : this.#marketSnapshot(m);
  }

  /** Overall figures, summed exactly over every token. */
  totals(): PnlFigures {
    return sumFigures([...this.#tokens.values()].map((p) => this.#tokenSnapshot(p)));
  }

  equity(): EquitySnapshot {
    const total = this.#realized.add(this.#unrealizedSum);
    return { totalPnl: total, peakPnl: this.#peak, drawdown: this.#peak.sub(total), maxDrawdown: this.#maxDrawdown };
  }

  /** The trading day's PnL as of the clock's now. */
  daily(): DailySnapshot {
    this.#roll(this.#clock.now());
    const total = this.#realized.add(this.#unrealizedSum);
    return {
      dayStartMs: this.#dayStart,
      resetHourUtc: this.#resetHour,
      startTotalPnl: this.#dayStartTotal,
      pnl: total.sub(this.#dayStartTotal),
      realizedPnl: this.#realized.sub(this.#dayStartRealized),
    };
  }

  snapshot(): PortfolioSnapshot {
    const markets = [...this.#markets.values()].map((m) => this.#marketSnapshot(m));
    const totals = sumFigures(markets);
    // Resynchronize the running sums with the exact ones (they can only differ far below 1e-30).
    this.#realized = totals.realizedPnl;
    this.#unrealizedSum = totals.unrealizedPnl;
    const unmarkedTokens = [...this.#tokens.values()].filter((p) => !p.size.isZero() && !this.#marks.has(p.tokenId)).map((p) => p.tokenId);
    return { atMs: this.#clock.now(), totals, markets, equity: this.equity(), daily: this.daily(), unmarkedTokens };
  }

  #tokenFor(fill: Fill): TokenPosition {
    let pos = this.#tokens.get(fill.tokenId);
    if (pos === undefined) {
      pos = new TokenPosition(fill.tokenId, fill.conditionId, fill.outcomeIndex);
      this.#tokens.set(fill.tokenId, pos);
      let m = this.#markets.get(fill.conditionId);
      if (m === undefined) {
        m = { conditionId: fill.conditionId, tokens: [undefined, undefined] };
        this.#markets.set(fill.conditionId, m);
      }
      if (m.tokens[fill.outcomeIndex] !== undefined) {
        throw badParameter(
          'portfolio.apply',
          'tokenId',
          `names outcome ${fill.outcomeIndex} of ${fill.conditionId}, which is already ${m.tokens[fill.outcomeIndex]!.tokenId}`,
          fill.tokenId,
        );
      }
      m.tokens[fill.outcomeIndex] = pos;
    } else if (pos.conditionId !== fill.conditionId || pos.outcomeIndex !== fill.outcomeIndex) {
      throw badParameter(
        'portfolio.apply',
        'conditionId',
        `of token ${fill.tokenId} was ${pos.conditionId} outcome ${pos.outcomeIndex}`,
        `${fill.conditionId} outcome ${fill.outcomeIndex}`,
      );
    }
    return pos;
  }

  /** Recomputes a token's unrealized PnL; returns the change. */
  #revalue(pos: TokenPosition): Decimal {
    const mark = this.#marks.get(pos.tokenId);
    const before = this.#unrealized.get(pos.tokenId) ?? ZERO;
    const after = mark === undefined || pos.size.isZero() ? ZERO : pos.unrealizedAt(mark);
    if (after.isZero()) this.#unrealized.delete(pos.tokenId);
    else this.#unrealized.set(pos.tokenId, after);
    const delta = after.sub(before);
    if (!delta.isZero()) this.#unrealizedSum = this.#unrealizedSum.add(delta);
    return delta;
  }

  #observe(): void {
    const total = this.#realized.add(this.#unrealizedSum);
    if (total.gt(this.#peak)) this.#peak = total;
    const dd = this.#peak.sub(total);
    if (dd.gt(this.#maxDrawdown)) this.#maxDrawdown = dd;
  }

  /** Starts a new trading day when `atMs` lies in a later one than the current. */
  #roll(atMs: number): void {
    const start = dayStartMs(atMs, this.#resetHour);
    if (start <= this.#dayStart) return;
    this.#dayStart = start;
    this.#dayStartTotal = this.#realized.add(this.#unrealizedSum);
    this.#dayStartRealized = this.#realized;
  }

  #tokenSnapshot(p: TokenPosition): TokenSnapshot {
    return tokenSnapshot(p, this.#marks.get(p.tokenId));
  }

  #marketSnapshot(m: MarketEntry): MarketSnapshot {
    return marketSnapshot(m.conditionId, m.tokens, (tokenId) => this.#marks.get(tokenId));
  }
}
