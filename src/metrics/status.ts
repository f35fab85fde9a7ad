/**
 * GET /status: one JSON document for an operator. Shares are decimal strings (exact, from the
 * portfolio's Decimals); money is a decimal string at the venue's USDC precision (6 places at
 * most, money.ts's moneyText; a drawdown of rounding dust is 0); times are ISO strings or seconds. Never a secret: nothing here
 * reads credentials, the venue's URL is shown without user info, query or fragment, and
 * `lastErrors` holds scrubbed log messages only (recent-problems.ts).
 *
 * - `venue` is where the orders go (`embedded-simulator` or `live`: venue.mode sim / live) and
 *   `trading` what makerd does there (`live`, `paper`, `monitor`: trading.mode): two settings,
 *   never one word for both.
 * - `state` is the worst state of any market (or `allMarketsState` when no market is listed), so
 *   it never reads ACTIVE while a market is REDUCING or HALTED; `marketsByState` counts them, and
 *   `allMarketsState` is the state the risk gate holds every market in at least.
 * - `events` lists each neg-risk event makerd quotes in: its worst-case loss over the ways it can
 *   resolve, the limit (risk.perEvent.maxWorstLossUsdc, null while off) and the market whose Yes
 *   gives that loss (null: an outcome makerd does not quote).
 * - `income` (per market and overall) is the income counted whole, one figure beside its parts
 *   (src/portfolio/income.ts): trading + settlement + rebates = `pnl.realized`, plus unrealized and
 *   the rewards (estimated today, credited for completed days); `total` sums them.
 * - `redeemable` is what resolved markets left to redeem (redeemable-status.ts): settled at 1 / 0
 *   into realized PnL, the payout waits until the venue no longer holds the shares.
 * - Each limit names its window by length (`window`: `10s`, `10m`); `kind` (`burst`, `sustained`)
 *   tells a scope's two windows apart where it has two.
 */
import type { RefreshCost } from '../execution/refresh-cost.js';
import { type LimiterSnapshot, windowLength } from '../limits/index.js';
import { type Decimal, drawdownText, moneyText } from '../money.js';
import type { PortfolioSnapshot, RedeemableMarket } from '../portfolio/index.js';
import { INCOME_PARTS, type Income, type IncomePart } from '../portfolio/income.js';
import { incomeByMarket } from './income-metrics.js';
import type { MarketRewardEstimate } from '../rewards/reward-estimator.js';
import type { PaperStats } from '../paper/paper-venue.js';
import { isTradingState, type RiskSnapshot, worstState } from '../risk/index.js';
import type { ProblemEvent } from './recent-problems.js';
import type { IntensitySides } from '../market/intensity/intensity-estimate.js';
import { type IntensityStatusPart, intensityStatus } from './intensity-status.js';
import { type EventRiskStatus, eventsStatus } from './event-status.js';
import { type RedeemableStatus, redeemableStatus } from './redeemable-status.js';
import type { VenueStatus } from './venue-status.js';
import type { StreamName, StreamProbe } from './stream-metrics.js';
import { STREAMS } from './stream-metrics.js';

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

/** One side held by a guard (src/guard/market-guard.ts SideStatus). */
export interface GuardSideStatus {
  readonly guard: string;
  readonly pulled: boolean;
  readonly ticks: number;
  /** End of the cool-down (Unix ms); 0 when the hold lasts as long as its cause (toxicity). */
  readonly untilMs: number;
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

/** Paper mode's own part of /status (docs/paper-trading.md). */
export interface PaperStatus {
  /** Where its virtual fills are journaled (never the live journal). */
  readonly journal: string;
  readonly virtualOrders: number;
  readonly virtualFills: number;
  readonly filledShares: string;
  readonly refused: number;
  readonly expired: number;
  readonly publicTrades: number;
  readonly bookEvents: number;
}

export function paperStatus(p: { readonly stats: Readonly<PaperStats>; readonly openCount: number }, journal: string): PaperStatus {
  const s = p.stats;
  return {
    journal,
    virtualOrders: p.openCount,
    virtualFills: s.fills,
    filledShares: s.filledShares.toFixed(),
    refused: s.refused,
    expired: s.expired,
    publicTrades: s.publicTrades,
    bookEvents: s.bookEvents,
  };
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

export function buildStatus(src: StatusSource): DaemonStatus {
  const now = src.now();
  const reason = src.notReady();
  const risk = src.risk();
  const snap = src.portfolio();
  const byMarket = new Map(snap.markets.map((m) => [m.conditionId, m]));
  const quotes = src.quotes();
  const rewards = src.rewards?.();
  const rewardOf = new Map(rewards?.estimates.map((e) => [e.market, e]));
  const fidelity = src.quoteFidelity?.();
  const intensities = src.intensity?.();
  const income = incomeByMarket(snap, rewards?.estimates, src.markets());
  const markets = src.markets().map((market): MarketStatus => {
    const f = fidelity?.markets.get(market);
    const m = byMarket.get(market);
    const age = src.bookAgeSeconds(market);
    const guards = src.guards?.(market);
    const reward = rewardOf.get(market);
    const intensity = intensities?.get(market);
    const names = src.marketNames?.(market);
    return {
      market,
      question: nonEmpty(names?.question),
      slug: nonEmpty(names?.slug),
      state: risk?.markets[market] ?? risk?.overall ?? 'UNKNOWN',
      bookAgeSeconds: Number.isFinite(age) ? age : null,
      quotes: { bid: quotes.get(market)?.bid ?? 0, ask: quotes.get(market)?.ask ?? 0 },
      positions: { '0': (m?.positions[0] ?? ZERO_TEXT).toFixed(), '1': (m?.positions[1] ?? ZERO_TEXT).toFixed() },
      pnl:
        m === undefined
          ? ZERO_PNL
          : {
              realized: moneyText(m.realizedPnl),
              unrealized: moneyText(m.unrealizedPnl),
              total: moneyText(m.realizedPnl.add(m.unrealizedPnl)),
            },
      income: incomeStrings(income.markets.get(market)),
      fills: m?.fills ?? 0,
      quoteFidelity: f === undefined ? null : round4(f),
      ...(guards === undefined ? {} : { guards: { bid: guardHold(guards.bid), ask: guardHold(guards.ask) } }),
      ...(reward === undefined ? {} : { rewards: rewardStatus(reward) }),
      ...(intensity === undefined ? {} : { flowIntensity: intensityStatus(intensity) }),
    };
  });
  const t = snap.totals;
  const loss = src.lossLimits();
  const streams = src.streams();
  const paper = src.paper?.();
  const byState: Record<string, number> = {};
  for (const m of markets) byState[m.state] = (byState[m.state] ?? 0) + 1;
  return {
    venue: src.venue?.() ?? null,
    trading: src.trading ?? 'live',
    ...(paper === undefined ? {} : { paper }),
    state:
      risk === undefined
        ? 'STARTING'
        : markets.reduce((s, m) => worstState(s, isTradingState(m.state) ? m.state : undefined), risk.overall),
    allMarketsState: risk?.overall ?? null,
    marketsByState: byState,
    killSwitch: risk?.killSwitch ?? false,
    ready: reason === undefined,
    reason,
    phase: src.phase(),
    markets,
    events: eventsStatus(risk),
    fills: t.fills,
    pnl: {
      realized: moneyText(t.realizedPnl),
      unrealized: moneyText(t.unrealizedPnl),
      total: moneyText(t.realizedPnl.add(t.unrealizedPnl)),
      daily: moneyText(snap.daily.pnl),
      drawdown: drawdownText(snap.equity.drawdown),
      peak: moneyText(snap.equity.peakPnl),
      fees: moneyText(t.feesPaid),
      rebates: moneyText(t.rebatesReceived),
    },
    income: incomeStrings(income.all),
    redeemable: redeemableStatus(src.redeemable?.() ?? [], now, (market) => byMarket.get(market)?.realizedPnl),
    rewards:
      rewards === undefined
        ? null
        : {
            day: rewards.day < 0 ? null : new Date(rewards.day * 86_400_000).toISOString().slice(0, 10),
            estimatedToday: moneyText(rewards.totalToday),
          },
    lossLimits:
      loss === undefined
        ? undefined
        : {
            daily_loss: {
              limit: loss.maxDailyLoss === undefined ? null : moneyText(loss.maxDailyLoss),
              engaged: loss.engaged.daily_loss === true,
            },
            drawdown: {
              limit: loss.maxDrawdown === undefined ? null : moneyText(loss.maxDrawdown),
              engaged: loss.engaged.drawdown === true,
            },
          },
    limits: (src.limiter()?.windows ?? []).map((w) => ({
      scope: w.scope,
      window: windowLength(w.windowMs),
      ...(w.window === 'window' ? {} : { kind: w.window }),
      capacity: w.capacity,
      used: w.used,
      headroom: w.headroom,
      pausedSeconds: w.pausedForMs / 1000,
    })),
    streams: Object.fromEntries(
      STREAMS.map((s) => {
        const p = streams.probes[s];
        return [s, { enabled: streams.enabled[s], connected: p?.subscribed === true, reconnects: p?.socketCounters.reconnects ?? 0 }];
      }),
    ) as DaemonStatus['streams'],
    lastErrors: src.lastErrors(),
    orderRefresh: src.orderRefresh?.() ?? null,
    quoteFidelity: fidelity?.overall === undefined ? null : round4(fidelity.overall),
    ...selectorPart(src.selector?.()),
    version: src.version,
    startedAt: new Date(src.startedAtMs).toISOString(),
    uptimeSeconds: Math.max(0, (now - src.startedAtMs) / 1000),
  };
}

function selectorPart(selector: SelectorStatus | undefined): { selector?: SelectorStatus } {
  return selector === undefined ? {} : { selector };
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

const nonEmpty = (text: string | undefined): string | null => (text === undefined || text.trim() === '' ? null : text);

const ZERO_TEXT = { toFixed: (): string => '0' };
const ZERO_PNL: PnlStrings = { realized: '0', unrealized: '0', total: '0' };

function incomeStrings(income: Income | undefined): IncomeStrings {
  return Object.fromEntries(INCOME_PARTS.map((p) => [p, income === undefined ? '0' : moneyText(income[p])])) as IncomeStrings;
}

function rewardStatus(e: MarketRewardEstimate): MarketRewardStatus {
  return {
    paying: e.paying,
    score: e.score.toFixed(6),
    share: e.share.toFixed(6),
    dailyRate: e.dailyRate.toFixed(),
    estimatedToday: moneyText(e.today),
  };
}

function guardHold(s: GuardSideStatus | undefined): GuardHold | null {
  if (s === undefined) return null;
  return {
    guard: s.guard,
    action: s.pulled ? 'pull' : 'widen',
    ticks: s.ticks,
    until: s.untilMs > 0 ? new Date(s.untilMs).toISOString() : null,
  };
}
