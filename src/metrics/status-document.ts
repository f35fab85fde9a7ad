/** The /status document (status.ts's header says what each part means): its shape only. */
import type { RefreshCost } from '../execution/refresh-cost.js';
import type { IncomePart } from '../portfolio/income.js';
import type { ProblemEvent } from './recent-problems.js';
import type { IntensityStatusPart } from './intensity-status.js';
import type { EventRiskStatus } from './event-status.js';
import type { PaperStatus } from './paper-status.js';
import type { RedeemableStatus } from './redeemable-status.js';
import type { SelectorStatus } from './status-source.js';
import type { VenueStatus } from './venue-status.js';
import type { StreamName } from './stream-metrics.js';

/** A market's estimated liquidity rewards: never part of its PnL. */
export interface MarketRewardStatus {
  readonly paying: boolean;
  /** Q_min and share (0..1) at the last one-minute sample. */
  readonly score: string;
  readonly share: string;
  readonly dailyRate: string;
  /** Estimated USDC of the UTC day so far. */
  readonly estimatedToday: string;
}

export interface PnlStrings {
  readonly realized: string;
  readonly unrealized: string;
  readonly total: string;
}

/** Income by part (src/portfolio/income.ts), money text; `total` is the sum of the other six. */
export type IncomeStrings = Readonly<Record<IncomePart, string>>;

export interface MarketStatus {
  /** The condition id. */
  readonly market: string;
  /** The market's question and slug as the venue lists them; null when not known. */
  readonly question: string | null;
  readonly slug: string | null;
  readonly state: string;
  /** null while no usable book has been held. */
  readonly bookAgeSeconds: number | null;
  readonly quotes: { readonly bid: number; readonly ask: number };
  /** Signed shares of outcome 0 and 1. */
  readonly positions: { readonly '0': string; readonly '1': string };
  readonly pnl: PnlStrings;
  /** Income counted whole: `pnl`'s parts (realized split into trading, settlement, rebates) and the rewards, summed. */
  readonly income: IncomeStrings;
  /** Fills of the account in this market, from the journal (replayed at start-up) and since. */
  readonly fills: number;
  /** Share of time its live orders were what its strategy wanted (makerd_quote_fidelity_ratio); null before its first wish. */
  readonly quoteFidelity: number | null;
  /**
   * Per side, the guard holding it: `{guard, action: pull|widen, ticks, until}` (until: ISO time
   * the cool-down ends, null for toxicity), or null when no guard holds it; absent without guards.
   */
  readonly guards?: Readonly<Record<'bid' | 'ask', GuardHold | null>>;
  /** Estimated liquidity rewards, beside `pnl` and never in it; absent until the first sample. */
  readonly rewards?: MarketRewardStatus;
  /** The taker-arrival intensity fitted on each side (intensity-status.ts); absent until the market's first evaluation. */
  readonly flowIntensity?: IntensityStatusPart;
}

export interface GuardHold {
  readonly guard: string;
  readonly action: 'pull' | 'widen';
  readonly ticks: number;
  readonly until: string | null;
}

/** One limit window: `window` is its length (`10s`, `10m`); `kind` only where a scope has two windows. */
export interface LimitStatus {
  readonly scope: string;
  readonly window: string;
  readonly kind?: 'burst' | 'sustained';
  readonly capacity: number;
  readonly used: number;
  readonly headroom: number;
  readonly pausedSeconds: number;
}

export interface DaemonStatus {
  /** Where orders go: the embedded simulator or the live venue (venue.mode), and its URL; null when not known. */
  readonly venue: VenueStatus | null;
  /** trading.mode: live, paper (virtual orders and fills: every figure below is paper) or monitor. */
  readonly trading: string;
  /** Paper mode only. */
  readonly paper?: PaperStatus;
  /** The worst state of any market (STARTING before the risk gate exists). */
  readonly state: string;
  /** The state the risk gate holds every market in at least (risk.state, kill switch, loss limits); null before it exists. */
  readonly allMarketsState: string | null;
  /** How many markets are in each state (states with none left out). */
  readonly marketsByState: Readonly<Record<string, number>>;
  readonly killSwitch: boolean;
  readonly ready: boolean;
  readonly reason: string | undefined;
  readonly phase: string;
  readonly markets: readonly MarketStatus[];
  /** Neg-risk events makerd quotes in, each counted as one risk (risk.perEvent); [] before the risk gate exists. */
  readonly events: readonly EventRiskStatus[];
  /** Fills of the account in every market, the journal's included. */
  readonly fills: number;
  readonly pnl: PnlStrings & {
    readonly daily: string;
    readonly drawdown: string;
    readonly peak: string;
    readonly fees: string;
    readonly rebates: string;
  };
  /** Income by part over every market (the journal's included); `total` = `pnl.total` + rewards. */
  readonly income: IncomeStrings;
  /** Resolved markets' payouts waiting to be redeemed (their settlement is in `pnl.realized`). */
  readonly redeemable: RedeemableStatus;
  /** Estimated liquidity rewards of the UTC day (`day`, YYYY-MM-DD) over every market; not in `pnl`. */
  readonly rewards: { readonly day: string | null; readonly estimatedToday: string } | null;
  readonly lossLimits:
    | Readonly<Record<'daily_loss' | 'drawdown', { readonly limit: string | null; readonly engaged: boolean }>>
    | undefined;
  readonly limits: readonly LimitStatus[];
  readonly streams: Readonly<Record<StreamName, { readonly enabled: boolean; readonly connected: boolean; readonly reconnects: number }>>;
  readonly lastErrors: readonly ProblemEvent[];
  /** executor.orderTtlSec's re-placements for the orders resting now, against the sustained limit; null when off. */
  readonly orderRefresh: RefreshCost | null;
  /** Share of time the live orders were what the strategies wanted, all markets together (0..1, 4 places); null before any wish. */
  readonly quoteFidelity: number | null;
  /** Only with selector.by = rewards and selector.rerankSec > 0. */
  readonly selector?: SelectorStatus;
  readonly version: string;
  readonly startedAt: string;
  readonly uptimeSeconds: number;
}
