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
import { windowLength } from '../limits/index.js';
import { drawdownText, moneyText } from '../money.js';
import { INCOME_PARTS, type Income } from '../portfolio/income.js';
import { incomeByMarket } from './income-metrics.js';
import type { MarketRewardEstimate } from '../rewards/reward-estimator.js';
import { isTradingState, worstState } from '../risk/index.js';
import { intensityStatus } from './intensity-status.js';
import { eventsStatus } from './event-status.js';
import { redeemableStatus } from './redeemable-status.js';
import { STREAMS } from './stream-metrics.js';
import type { DaemonStatus, GuardHold, IncomeStrings, MarketRewardStatus, MarketStatus, PnlStrings } from './status-document.js';
import type { GuardSideStatus, SelectorStatus, StatusSource } from './status-source.js';

export type {
  DaemonStatus,
  GuardHold,
  IncomeStrings,
  MarketRewardStatus,
  MarketStatus,
  PnlStrings,
} from './status-document.js';
export type { GuardSideStatus, MarketNames, RewardsSource, SelectorStatus, StatusSource } from './status-source.js';
export { type PaperStatus, paperStatus } from './paper-status.js';

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
