/**
 * What one market looks like to a strategy and to the risk gate: both outcome tokens' books, the
 * midpoint of outcome 0, the market's trading rules (tick, minimum size, fees, end date), the
 * account's position in both outcomes and its live orders there. Built in one place
 * (src/trading/view-builder.ts), keyed by market, so no stage regroups tokens.
 *
 * Outcome-0 space: a binary market is one exposure. A position of q shares of outcome 1 counts as
 * -q of outcome 0, and buying outcome 1 at p is selling outcome 0 at 1 - p.
 */
import { type Decimal, ZERO } from '../money.js';
import type { RewardRulesResult } from '../rewards/reward-rules.js';
import type { Side } from '../venue/types.js';
import type { BookView } from './book-view.js';
import type { IntensitySides } from './intensity/intensity-estimate.js';
import type { EndDateProblem } from './market-end.js';

/** The venue's fee schedule for a market (design.md section 3). */
export interface FeeModel {
  /** Taker fee = rate x shares x (p x (1 - p))^exponent. */
  readonly rate: Decimal;
  readonly exponent: number;
  /** Makers pay nothing when true. */
  readonly takerOnly: boolean;
  /** Makers receive rebateRate x the taker's fee. */
  readonly rebateRate: Decimal;
}

/** A market's trading rules, from /clob-markets/{id}, /markets/{id} and /fee-rate. */
export interface MarketMeta {
  readonly conditionId: string;
  readonly slug: string;
  /** Token ids of outcome 0 and outcome 1. */
  readonly tokens: readonly [string, string];
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  /** Sizes are multiples of this (the venue takes 2 decimal places). */
  readonly sizeStep: Decimal;
  /** Neg-risk (`nr`): exactly one market of its event resolves Yes (risk.perEvent, src/risk/event-loss.ts). */
  readonly negRisk: boolean;
  /**
   * The event the market belongs to (the listing's `event.id`); undefined when the listing names
   * none (a neg-risk market always names one, market-metadata.ts).
   */
  readonly eventId?: string | undefined;
  readonly fees: FeeModel;
  /** The market's end (Unix ms), when known (`end_date_iso`, read by market-end.ts). */
  readonly endDateMs: number | undefined;
  /** Why endDateMs is undefined (missing, malformed); undefined: known, or not read from a listing. */
  readonly endDateProblem?: EndDateProblem | undefined;
  /** The listing says the market takes no more orders (`closed`, `accepting_orders: false`); undefined: it does. */
  readonly venueClosed?: 'closed' | 'not-accepting-orders' | undefined;
  /** When this was read from the venue (Unix ms). */
  readonly fetchedAtMs: number;
  /** The market's liquidity-reward terms (`rewards`, src/rewards/reward-rules.ts); undefined: not read. */
  readonly rewards?: RewardRulesResult | undefined;
}

/** Shares held of each outcome (may be 0; never negative on the real venue). */
export interface MarketPosition {
  readonly outcome0: Decimal;
  readonly outcome1: Decimal;
}

/** One of the account's orders resting in this market, as the executor knows it. */
export interface LiveOrderView {
  readonly id: string;
  readonly tokenId: string;
  readonly side: Side;
  readonly price: Decimal;
  /** Original size minus what has matched. */
  readonly remaining: Decimal;
}

/**
 * How far the account's true position in a market may be from the view's, in shares (never
 * negative): fills that may have happened unheard (an order forgotten on a cancel's answer or a
 * listing, whose last fills nobody reported), and heard fills that the last GET /positions read may
 * already hold (counted twice). It lasts until a read that began after them completes
 * (src/trading/position-poller.ts). The risk gate counts it in its worst cases; strategies ignore it.
 */
export interface PositionDoubt {
  /** Outcome-0 exposure may be this much higher than the view's. */
  readonly up: Decimal;
  /** ... or this much lower. */
  readonly down: Decimal;
  /** Each outcome's balance may be this much higher. */
  readonly more: readonly [Decimal, Decimal];
}

export interface MarketView {
  readonly meta: MarketMeta;
  /** Books of outcome 0 and outcome 1; undefined when missing, stale, crossed or malformed. */
  readonly books: readonly [BookView | undefined, BookView | undefined];
  /** Midpoint of outcome 0 (POST /midpoints; 1 - outcome 1's when only that one is known). */
  readonly mid: Decimal | undefined;
  readonly position: MarketPosition;
  /** Undefined: the position is known exactly (or nobody tracks the difference). */
  readonly doubt?: PositionDoubt | undefined;
  /**
   * USDC paid for the shares held of outcome 0 and outcome 1, their cost basis (negative: received
   * for a short); undefined (either): not known. Given for neg-risk markets only, for the risk
   * gate's event worst case (src/risk/event-loss.ts), which counts an unknown one at 1 a share.
   */
  readonly paid?: readonly [Decimal | undefined, Decimal | undefined] | undefined;
  readonly liveOrders: readonly LiveOrderView[];
  /** Clock time of the evaluation (Unix ms). */
  readonly nowMs: number;
  /**
   * When quoting this market stops (Unix ms): its end less its quoting.stopBeforeEndSec
   * (market-end.ts). The risk gate pulls every quote from then on; a strategy's horizon ends
   * there (avellaneda's tau), and the guards may read the time left. Undefined: no stop set (a
   * backtest, a test), when the end date itself (meta.endDateMs) is the stop.
   */
  readonly stopAtMs?: number | undefined;
  /**
   * The taker-arrival intensity fitted on each side from the flow seen (src/market/intensity), with
   * whether each fit is to be trusted; undefined where nothing fits it (a strategy then uses its
   * configured values).
   */
  readonly intensity?: IntensitySides | undefined;
}

/**
 * Net exposure in outcome-0 shares: outcome0 - outcome1. A view of nothing held holds ZERO itself
 * for both (view-builder.ts), asked several times per market evaluation: ZERO - ZERO is ZERO's
 * value, returned without a new Decimal.
 */
export function netExposure(p: MarketPosition): Decimal {
  return p.outcome0 === ZERO && p.outcome1 === ZERO ? ZERO : p.outcome0.minus(p.outcome1);
}
