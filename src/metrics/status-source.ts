/** What /status reads from the daemon (buildStatus in status.ts): getters, each called once per request. */
import type { RefreshCost } from '../execution/refresh-cost.js';
import type { LimiterSnapshot } from '../limits/index.js';
import type { Decimal } from '../money.js';
import type { PortfolioSnapshot, RedeemableMarket } from '../portfolio/index.js';
import type { MarketRewardEstimate } from '../rewards/reward-estimator.js';
import type { RiskSnapshot } from '../risk/index.js';
import type { ProblemEvent } from './recent-problems.js';
import type { IntensitySides } from '../market/intensity/intensity-estimate.js';
import type { PaperStatus } from './paper-status.js';
import type { VenueStatus } from './venue-status.js';
import type { StreamName, StreamProbe } from './stream-metrics.js';

/** selector.by = rewards with re-ranking: the set quoted now, the markets leaving it, the next ranking. */
export interface SelectorStatus {
  readonly quoted: readonly { readonly market: string; readonly since: string }[];
  /** reducing: REDUCING until its position is below the minimum order size; cancelling: orders being cancelled and verified. */
  readonly leaving: readonly { readonly market: string; readonly state: string; readonly since: string }[];
  readonly lastRerankAt: string | null;
  readonly nextRerankAt: string | null;
  readonly swaps: { readonly in: number; readonly out: number };
  /** selector.by rewards or income: the last ranking's picks, each with the parts of its value. */
  readonly ranking?: readonly { readonly market: string; readonly place: number; readonly why: Readonly<Record<string, string>> }[];
}

export interface StatusSource {
  readonly version: string;
  /** The selector's swaps (selector.rerankSec); undefined when the set is fixed. */
  readonly selector?: (() => SelectorStatus | undefined) | undefined;
  /** trading.mode: live, paper or monitor (default live). */
  readonly trading?: string | undefined;
  /** The venue makerd reaches (venue.mode); undefined: not known (shown as null). */
  readonly venue?: (() => VenueStatus) | undefined;
  /** A market's slug and question, when the selection read them. */
  readonly marketNames?: ((market: string) => MarketNames | undefined) | undefined;
  /** Paper mode's figures; undefined otherwise (and before the paper venue exists). */
  readonly paper?: (() => PaperStatus | undefined) | undefined;
  readonly startedAtMs: number;
  readonly now: () => number;
  readonly notReady: () => string | undefined;
  /** The start-up or shutdown phase in progress (`trade` while it trades), see src/daemon/phase-runner.ts. */
  readonly phase: () => string;
  /** Undefined during start-up (before the risk gate exists). */
  readonly risk: () => RiskSnapshot | undefined;
  readonly portfolio: () => PortfolioSnapshot;
  readonly limiter: () => LimiterSnapshot | undefined;
  /** The configured markets (condition ids); empty before selection. */
  readonly markets: () => readonly string[];
  readonly bookAgeSeconds: (market: string) => number;
  readonly quotes: () => ReadonlyMap<string, { readonly bid: number; readonly ask: number }>;
  readonly lossLimits: () =>
    | {
        readonly maxDailyLoss: Decimal | undefined;
        readonly maxDrawdown: Decimal | undefined;
        readonly engaged: Readonly<Record<string, boolean>>;
      }
    | undefined;
  /** Which streams are configured on, and their probes once started. */
  readonly streams: () => {
    readonly enabled: Readonly<Record<StreamName, boolean>>;
    readonly probes: Readonly<Partial<Record<StreamName, StreamProbe>>>;
  };
  readonly lastErrors: () => readonly ProblemEvent[];
  /** Dead-man orders' write cost for the orders resting now; undefined when executor.orderTtlSec is 0. */
  readonly orderRefresh?: () => RefreshCost | undefined;
  /** Quote fidelity (src/execution/quote-fidelity.ts): per market, and all markets together. */
  readonly quoteFidelity?: () => { readonly overall: number | undefined; readonly markets: ReadonlyMap<string, number> };
  /** What the adverse-selection guards do to each side of a market; undefined when it has none. */
  readonly guards?: (market: string) => Readonly<Record<'bid' | 'ask', GuardSideStatus | undefined>> | undefined;
  /** The liquidity-reward estimates (src/rewards/reward-estimator.ts); undefined before quoting starts. */
  readonly rewards?: () => RewardsSource | undefined;
  /** Each market's fitted taker-arrival intensity (src/market/intensity); undefined before quoting starts. */
  readonly intensity?: () => ReadonlyMap<string, IntensitySides> | undefined;
  /** Payouts of resolved markets waiting to be redeemed (Portfolio.redeemable); absent: none shown. */
  readonly redeemable?: () => readonly RedeemableMarket[];
}

export interface MarketNames {
  readonly slug?: string | undefined;
  readonly question?: string | undefined;
}

export interface RewardsSource {
  /** UTC day number of the figures (-1 before the first sample). */
  readonly day: number;
  readonly estimates: readonly MarketRewardEstimate[];
  readonly totalToday: Decimal;
}

/** One side held by a guard (src/guard/market-guard.ts SideStatus). */
export interface GuardSideStatus {
  readonly guard: string;
  readonly pulled: boolean;
  readonly ticks: number;
  /** End of the cool-down (Unix ms); 0 when the hold lasts as long as its cause (toxicity). */
  readonly untilMs: number;
}
