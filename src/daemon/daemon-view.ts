/**
 * What the admin server (/readyz, /status, /metrics) reads of a running daemon: filled in by the
 * start-up phases as they create the parts, so that every endpoint answers from the first
 * second (with "starting" and empty lists until the parts exist).
 */
import type { Clock } from '../clock/clock.js';
import type { MakerdConfig } from '../config/schema.js';
import type { Executor } from '../execution/executor.js';
import { quotesByMarket } from '../execution/quote-counts.js';
import type { RateLimiter } from '../limits/index.js';
import type { FlowIntensities } from '../market/intensity/flow-intensities.js';
import type { BookPoller } from '../market/poller.js';
import type { PaperVenue } from '../paper/paper-venue.js';
import { haltedReason, notReadyReason } from '../metrics/readiness.js';
import type { SelectorStatus } from '../metrics/status.js';
import type { StreamName, StreamProbe } from '../metrics/stream-metrics.js';
import type { RewardEstimator } from '../rewards/reward-estimator.js';
import type { LossLimitGuard, RiskGate } from '../risk/index.js';
import type { BookStore } from '../trading/book-store.js';
import type { TradingLoop } from '../trading/trading-loop.js';
import type { MarketSettlements } from './market-settlements.js';

/** The readiness reason until start-up has reconciled the account (crash-only: recover, then trade). */
export const STARTING_REASON = 'starting: selecting markets and reconciling open orders';

export interface DaemonView {
  risk?: RiskGate;
  losses?: LossLimitGuard;
  limiter?: RateLimiter;
  books?: BookStore;
  executor?: Executor;
  poller?: BookPoller;
  loop?: TradingLoop;
  rewards?: RewardEstimator;
  /** The fitted taker-arrival intensities (src/market/intensity), once quoting starts. */
  intensity?: FlowIntensities;
  /** The selector's swaps, for /status (selector.rerankSec). */
  selector?: () => SelectorStatus;
  /** Paper mode's venue of virtual orders. */
  paper?: PaperVenue | undefined;
  /** Resolved markets' settlements (market-settlements.ts), once the account is read. */
  settlements?: MarketSettlements;
  /** The user stream needs credentials as well as stream.user. */
  userStreamOn: boolean;
  markets: readonly WatchedMarket[];
  /** Where venue requests go (the simulator's URL in sim mode); undefined before open-venue. */
  venueBaseUrl?: string;
  streams: Partial<Record<StreamName, StreamProbe>>;
  /** Why the daemon is not ready during start-up; undefined once it trades. */
  startup: string | undefined;
}

/** A market the daemon watches: its id and tokens, and its slug and question for people (/status, log lines). */
export interface WatchedMarket {
  readonly conditionId: string;
  readonly tokens: readonly string[];
  readonly slug?: string | undefined;
  readonly question?: string | undefined;
}

/** A selected market as the view holds it. */
export function watchedMarket(m: WatchedMarket): WatchedMarket {
  return { conditionId: m.conditionId, tokens: [...m.tokens], slug: m.slug, question: m.question };
}

/** How a log line names a market: its slug, else its question, else its condition id. */
export function marketLabel(m: Pick<WatchedMarket, 'conditionId' | 'slug' | 'question'>): string {
  return m.slug || m.question || m.conditionId;
}

export function newDaemonView(): DaemonView {
  return { markets: [], streams: {}, userStreamOn: false, startup: STARTING_REASON };
}

/** /readyz: start-up first, then a HALTED state, then stale market data; undefined when ready. */
export function notReady(view: DaemonView, clock: Clock, poller: MakerdConfig['poller']): string | undefined {
  return (
    view.startup ??
    (view.risk === undefined ? undefined : haltedReason(view.risk.snapshot(clock.now()))) ??
    notReadyReason(view.poller?.stats, clock.now(), poller)
  );
}

/** Resting bid and ask orders per selected market (none before the executor exists). */
export function viewQuotes(view: DaemonView): ReadonlyMap<string, { bid: number; ask: number }> {
  return view.executor === undefined
    ? new Map()
    : quotesByMarket(
        view.executor,
        view.markets.map((m) => m.conditionId),
      );
}
