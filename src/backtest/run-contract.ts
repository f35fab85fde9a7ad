/**
 * What one backtest run takes and gives (run-backtest.ts): its settings, the strategy under test,
 * the order flow that drives the market, and the result with its series and figures.
 */
import type { FakeClock } from '../clock/fake-clock.js';
import type { Decimal } from '../money.js';
import type { RiskLimits } from '../risk/index.js';
import type { DiffSettings } from '../execution/order-diff.js';
import type { Strategy } from '../strategy/strategy.js';
import type { GuardSettings } from '../guard/index.js';
import type { RewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import type { RewardTerms, SimCatalog } from '../sim/catalog/index.js';
import type { SimExchange } from '../sim/contracts.js';
import type { MarketEnd } from '../sim/ends/index.js';
import type { FlowParams } from '../sim/flow/index.js';
import type { MarketKind } from '../sim/world/market-kinds.js';
import type { VenueTraitOverrides } from '../sim/world/venue-traits.js';
import type { MarkoutFigure } from './markout.js';
import type { ExecutorCounts } from './sim-executor.js';
import type { MarketFitFigure } from './run-intensity.js';
import type { IntensitySettings } from '../market/intensity/intensity-settings.js';

export interface FeeSettings {
  /** Taker fee = rate x shares x (p(1-p))^exponent (design.md section 3). */
  readonly rate: number;
  readonly exponent: number;
  /** Makers pay nothing and receive rebateRate x the taker fee; false: makers pay the taker formula. */
  readonly takerOnly: boolean;
  readonly rebateRate: number;
}

export interface BacktestSettings {
  readonly hours: number;
  readonly markets: number;
  /** The strategy is evaluated every poll interval of virtual time (and on fills). */
  readonly pollIntervalMs: number;
  /** Books older than this are stale for the risk gate (poller.staleAfterMs). */
  readonly staleAfterMs: number;
  /** The flow model, resolved (src/sim/flow/flow-params.ts; jumpRate per second). */
  readonly flow: FlowParams;
  /** The flow profile the parameters started from (flow-profiles.ts), for reports; default 'default'. */
  readonly flowProfile?: string;
  /**
   * The venue world (src/sim/world) and its kind of market; undefined: the demo world, whose flow
   * is `flow` (src/sim/flow). In the venue world `flow.stepMs` still sets the step.
   */
  readonly venue?: VenueWorldSettings | undefined;
  readonly fee: FeeSettings;
  /** Horizons (s) of the mark-out curve; the main horizon is one of them. */
  readonly markoutHorizonsS: readonly number[];
  readonly risk: RiskLimits;
  readonly diff: DiffSettings;
  /** Points of the PnL and inventory time series (at most). */
  readonly samples: number;
  /**
   * Liquidity-reward terms of every market of the run; undefined: the catalog's, drawn from the
   * seed (about half the markets pay). The simulator's sampler pays them (src/sim/rewards).
   */
  readonly rewards?: RewardTerms | undefined;
  /** How each market's taker-arrival intensity is fitted (intensity.*); undefined: the defaults. */
  readonly intensity?: IntensitySettings | undefined;
  /**
   * Markets that end within the run (`--ends-every`): scheduled as the simulator schedules them
   * (src/sim/ends: one listed market ends every `everySec` from the start, each resolving
   * `resolveAfterSec` later); what the account holds at a resolution is settled at 1 / 0 into
   * its realized PnL. Undefined: the catalog's end dates (months away).
   */
  readonly ends?: { readonly everySec: number; readonly resolveAfterSec: number } | undefined;
  /** quoting.stopBeforeEndSec: quotes are pulled this long before a market's end, as the daemon pulls them. */
  readonly stopBeforeEndSec?: number | undefined;
}

export interface VenueWorldSettings {
  readonly kind: MarketKind;
  /** true: every market charges `fee` (fee flags were given); false: each market its own schedule. */
  readonly feeOverride: boolean;
  /** Flow values for every market instead of the drawn ones (flags given). */
  readonly overrides: VenueTraitOverrides;
}

export interface StrategyRun {
  /** Label in reports (the strategy's name, unless compared with itself). */
  readonly label: string;
  readonly strategy: Strategy;
  /** Parsed parameters (parseQuotingParams). */
  readonly params: unknown;
  /** The adverse-selection guards' settings; undefined: no guards (as `enabled: false`). */
  readonly guards?: GuardSettings | undefined;
  /** The reward-aware quoting stage's settings; undefined: off. */
  readonly rewards?: RewardQuotingSettings | undefined;
}

/** What a flow needs to drive the market; the default is the simulator's synthetic flow. */
export interface FlowContext {
  readonly clock: FakeClock;
  /**
   * The exchange (through the backtest's tracking facade). Its automatic tick rule is off: a flow
   * that wants the fine tick near the bounds sets it (`setTickSize`), as the default flow does.
   */
  readonly exchange: SimExchange;
  readonly catalog: SimCatalog;
  readonly seed: string;
  readonly params: FlowParams;
  /** Markets that end within the run (src/sim/ends): the flow heats up near an end and drifts to the outcome. */
  readonly ends?: ReadonlyMap<string, MarketEnd> | undefined;
}

export interface BacktestFlow {
  /** Advances the flow by `dtMs` of market time (0 once at the start: initial quotes). */
  step(dtMs: number): void;
}

export type FlowFactory = (ctx: FlowContext) => BacktestFlow;

export interface RunInput {
  readonly seed: number | string;
  readonly strategy: StrategyRun;
  readonly settings: BacktestSettings;
  /** Default: the simulator's synthetic order flow (src/sim/flow). */
  readonly flow?: FlowFactory;
  /** A different world from the seed's catalog (tests: markets started near the price bounds). */
  readonly catalog?: (generated: SimCatalog) => SimCatalog;
  /** Keep a digest of the orders the flow submits (RunResult.flowDigest). */
  readonly digestFlow?: boolean;
  /** Called now and then with the share of the run done (0..1). */
  readonly onProgress?: (done: number) => void;
}

export interface SeriesPoint {
  /** Seconds since the start. */
  readonly t: number;
  /** Total PnL (USDC) at the midpoints of that moment; a number, for charts only. */
  readonly pnl: number;
  /** Net exposure in outcome-0 shares summed over the markets; for charts only. */
  readonly inventory: number;
}

export interface RunResult {
  readonly seed: string;
  readonly label: string;
  readonly realizedPnl: Decimal;
  /** At the final midpoints (outcome 1 at 1 - outcome 0's). */
  readonly unrealizedPnl: Decimal;
  /** Trading PnL: realized + unrealized (rewards are apart). */
  readonly totalPnl: Decimal;
  /**
   * The part of realizedPnl (and so of totalPnl) that settled what was held when markets resolved
   * (1 a share of the winner, 0 of the other, less its cost basis); 0 when none resolved.
   */
  readonly settlement: Decimal;
  /** The markets that resolved within the run (`--ends-every`), in order; undefined: none were scheduled. */
  readonly resolved?: readonly RunResolution[];
  /** Orders of the account the venue cancelled at a market's end (0 when quoting stopped in time). */
  readonly ordersAtEnd?: number;
  /**
   * Liquidity rewards the account earned (USDC): days completed as credited at 00:00 UTC, plus the
   * day under way pro rata (its samples so far over 1,440), each market rounded down to micro-USDC.
   */
  readonly rewards: Decimal;
  /** totalPnl + rewards. */
  readonly total: Decimal;
  readonly fills: number;
  readonly volumeShares: Decimal;
  /** USDC: sum of price x shares. */
  readonly volumeNotional: Decimal;
  readonly fees: Decimal;
  readonly rebates: Decimal;
  /** Largest |net exposure| (outcome-0 shares) of any market at any moment. */
  readonly maxInventory: Decimal;
  /** Net exposure summed over markets at the end. */
  readonly finalInventory: Decimal;
  /** Share of the time quoted on both sides, mean over markets (0..1). */
  readonly twoSidedShare: number;
  readonly markouts: readonly MarkoutFigure[];
  readonly series: readonly SeriesPoint[];
  readonly orders: Readonly<ExecutorCounts>;
  readonly evaluations: number;
  readonly strategyErrors: number;
  readonly guardErrors: number;
  /** Orders the flow submitted; and their digest when asked for. */
  readonly flowOrders: number;
  readonly flowDigest: string | undefined;
  readonly marketTimeS: number;
  /** Seconds of market time each side was pulled or widened by the guards, summed over markets. */
  readonly guardSeconds: GuardSeconds;
  /** Each market's taker-arrival intensity fitted over the run's last window (run-intensity.ts); a replay has none. */
  readonly intensity?: readonly MarketFitFigure[];
}

/** A market that resolved within a run, and what its settlement added to realized PnL. */
export interface RunResolution {
  readonly market: string;
  readonly winner: 0 | 1;
  readonly settlement: Decimal;
}

export interface GuardSeconds {
  readonly bid: { pulled: number; widened: number };
  readonly ask: { pulled: number; widened: number };
}
