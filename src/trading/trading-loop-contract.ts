/**
 * What the trading loop (trading-loop.ts) is given and reports: the markets it quotes and their
 * strategies, where metadata comes from, its options, and its counters.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import type { MarketMeta, PositionDoubt } from '../market/market-view.js';
import type { Decimal } from '../money.js';
import type { RiskGate } from '../risk/index.js';
import type { Strategy } from '../strategy/strategy.js';
import type { Executor } from '../execution/executor.js';
import type { OwnOrderFootprint } from '../execution/order-tracker.js';
import type { MarketGuard } from '../guard/index.js';
import type { FlowIntensities } from '../market/intensity/flow-intensities.js';
import type { RewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import type { BookStore, StoredBook } from './book-store.js';

export interface MarketBinding {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  strategy: Strategy;
  params: unknown;
  state: unknown;
  /** The market's adverse-selection guards (undefined: none configured). */
  guard?: MarketGuard | undefined;
  /** The reward-aware quoting stage's settings (undefined: off). */
  rewards?: RewardQuotingSettings | undefined;
  /**
   * quoting.stopBeforeEndSec in ms (the market's own, else the default): quotes are pulled from
   * its end less this (MarketView.stopAtMs); undefined: at its end.
   */
  stopBeforeEndMs?: number | undefined;
}

export interface MetadataSource {
  get(conditionId: string): MarketMeta | undefined;
  noteBookTick(conditionId: string, tick: Decimal): void;
  /** The rules are being re-read after a tick change (the market waits; its orders stay). */
  pendingTickChange?(conditionId: string): boolean;
}

export interface TradingLoopOptions {
  readonly clock: Clock;
  readonly markets: readonly MarketBinding[];
  readonly metadata: MetadataSource;
  readonly books: BookStore;
  readonly positions: () => ReadonlyMap<string, Decimal>;
  /** How far a market's position may be from `positions` (MarketView.doubt); undefined: exact. */
  readonly doubt?: ((conditionId: string, tokens: readonly [string, string]) => PositionDoubt | undefined) | undefined;
  /** What the shares held of a token cost (held-cost.ts), for neg-risk events' worst case; undefined: not known. */
  readonly paid?: ((tokenId: string, held: Decimal) => Decimal | undefined) | undefined;
  readonly risk: RiskGate;
  readonly executor: Executor;
  readonly staleAfterMs: number;
  /** false: evaluate and count, but place and cancel nothing (trading.mode monitor). */
  readonly trade: boolean;
  /**
   * executor.overlapReplacements: the risk gate may let replacements go with their cancels
   * (src/risk/overlap.ts); off, it is not asked. Either way it is given every order the market
   * has, and counts them until their cancels are answered.
   */
  readonly overlapReplacements?: boolean;
  /**
   * Adds the account's orders the stored books do not show (paper mode's virtual orders,
   * src/paper/book-overlay.ts), so every reader of the books sees them as on the venue; `own` is
   * what it added, and stands for the account's orders in those books instead of the executor's
   * footprints (the overlaid book does not lag our orders as a venue's does).
   */
  readonly bookOverlay?: ((stored: StoredBook) => { stored: StoredBook; own: readonly OwnOrderFootprint[] }) | undefined;
  /**
   * The fitted taker-arrival intensities (src/market/intensity): each view is observed and carries
   * its market's estimates to the strategy; our orders after each submit, our fills (without the
   * market stream) feed it too. Undefined: no fit (strategies quote with their configured values).
   */
  readonly intensity?: FlowIntensities | undefined;
  /** Told of each evaluation that runs the strategy (with record.dir: recorded for replays). */
  readonly onEvaluate?: ((conditionId: string) => void) | undefined;
  readonly logger?: Logger | undefined;
}

export type SkipReason = 'unchanged' | 'no-metadata' | 'tick-change' | 'strategy-error' | 'guard-error';

export interface TradingLoopStats {
  evaluations: number;
  skipped: Record<SkipReason, number>;
  /** Strategy idle reasons (no quotes), by word. */
  idle: Record<string, number>;
  /** Quotes the strategies wanted and orders the risk gate approved, last evaluation per market. */
  wanted: Map<string, number>;
  approved: Map<string, number>;
  /** Guard actions by `market|guard|action` (makerd_guard_actions_total); guard 'error' = a guard threw. */
  guardActions: Map<string, number>;
}
