/**
 * The survey's figures (docs/survey.md): per market from its observations, and across the markets
 * (medians and the 90th percentile over the markets that have the figure; the makers' edge summed
 * over every counted trade of every market, weighted by USDC). The JSON document `makerd survey
 * --json` prints is `SurveyReport`, its keys snake_case.
 */
import type { FeeModel } from '../market/market-view.js';
import { bookFigures, MID_BUCKETS, type MidBucketKey, midMoves } from './book-stats.js';
import { addSums, type EdgeSums, edgeCents, makerEdges, NO_EDGE } from './maker-edge.js';
import { MAX_HISTORY_GAP_MS, maxMidGapMs, type MarketObservations, type SurveyData, type Unread } from './run-survey.js';
import { mean, median, quantile, range, round } from './stats.js';
import { tapeFigures, tapeSpan } from './tape.js';

/** The mark-out horizons (seconds); 0 is the effective half-spread. */
export const HORIZONS_S = [0, 60, 300] as const;

type BucketMedians = { [K in MidBucketKey as `spread_bps_mid_${K}_median`]: number | null };

export interface FeeSchedule {
  readonly rate: number;
  readonly exponent: number;
  readonly taker_only: boolean;
  readonly rebate_rate: number;
}

export interface HorizonCounts {
  readonly '0s': number;
  readonly '60s': number;
  readonly '300s': number;
}

export interface MarketRow {
  readonly market: string;
  readonly slug: string;
  readonly trades_per_day: number | null;
  readonly usdc_per_day: number | null;
  readonly trade_usdc_mean: number | null;
  readonly trade_usdc_median: number | null;
  /** The tape the trade figures come from: trades counted, the span, why reading stopped. */
  readonly tape: {
    readonly trades: number;
    readonly from: string | null;
    readonly to: string;
    readonly span_s: number;
    readonly bound: string;
    readonly pages: number;
    /** Trades whose numbers could not be read (left out). */
    readonly unparsed: number;
  } | null;
  /** Polls of outcome 0's book with levels, with both sides, and unusable (by reason). */
  readonly book_polls: number;
  readonly two_sided_polls: number;
  readonly unusable_books: Readonly<Record<string, number>>;
  readonly spread_cents_median: number | null;
  readonly spread_bps_median: number | null;
  readonly spread_bps_by_mid: Readonly<Record<string, number | null>>;
  readonly depth_l1_top10: number | null;
  readonly mid_polls: number;
  readonly mid_moves_per_hour: number | null;
  readonly mid_move_cents_median: number | null;
  readonly maker_half_spread_cents_0s: number | null;
  readonly maker_markout_cents_60s: number | null;
  readonly maker_markout_cents_300s: number | null;
  /** Trades each of the three figures above rests on. */
  readonly maker_trades: HorizonCounts;
  /** Of those, the trades whose midpoint came from the price history (the others' from the polls). */
  readonly maker_trades_history: HorizonCounts;
  /** `paying`, `none` (pays nothing) or `malformed` (unreadable: pays nothing). */
  readonly rewards: string;
  readonly pool_usdc_day: number | null;
  readonly max_spread_cents: number | null;
  readonly min_size: number | null;
  readonly fees: FeeSchedule | null;
}

export type SurveyReport = {
  readonly survey: {
    readonly venue: string;
    readonly started: string;
    readonly ended: string;
    readonly window_s: number;
    readonly interval_ms: number;
    readonly polls: number;
    readonly lookback_s: number;
    readonly markets: number;
    /** Markets of the listing left out for not being binary. */
    readonly not_binary: number;
    /** Markets with a readable tape, with usable book polls, with polled midpoints, with a price history read. */
    readonly tapes_read: number;
    readonly books_read: number;
    readonly mids_read: number;
    readonly histories_read: number;
  };
  readonly trades_per_day_median: number | null;
  readonly trades_per_day_p90: number | null;
  readonly usdc_per_day_median: number | null;
  /** Median over markets of each market's mean trade (USDC). */
  readonly trade_usdc_median: number | null;
  readonly spread_cents_median: number | null;
  readonly spread_bps_median: number | null;
} & BucketMedians & {
    readonly depth_l1_top10_median: number | null;
    readonly depth_l1_top10_p10: number | null;
    readonly depth_l1_top10_p90: number | null;
    readonly mid_moves_per_hour_median: number | null;
    readonly mid_move_cents_median: number | null;
    readonly maker_half_spread_cents_0s: number | null;
    readonly maker_markout_cents_60s: number | null;
    readonly maker_markout_cents_300s: number | null;
    readonly maker_trades_0s: number;
    readonly maker_trades_60s: number;
    readonly maker_trades_300s: number;
    /** Of the trades above, those whose midpoint came from the price history. */
    readonly maker_trades_history_0s: number;
    readonly maker_trades_history_60s: number;
    readonly maker_trades_history_300s: number;
    /** Over the paying markets. */
    readonly pool_usdc_day_median: number | null;
    readonly pool_usdc_day_mean: number | null;
    /** Share of the surveyed markets whose pool is above 0. */
    readonly paying_share: number | null;
    readonly max_spread_cents_range: [number, number] | null;
    readonly min_size_range: [number, number] | null;
    /** Share of the markets (whose fee schedule was read) with a fee rate above 0. */
    readonly fee_paying_share: number | null;
    /** Fee rate and rebate rate, lowest and highest, over the markets with a fee rate above 0. */
    readonly fee_rate_range: [number, number] | null;
    readonly fee_rebate_rate_range: [number, number] | null;
    readonly fee_schedules: readonly (FeeSchedule & { readonly markets: number })[];
    readonly markets: readonly MarketRow[];
    readonly unread: readonly Unread[];
  };

function feeSchedule(f: FeeModel | undefined): FeeSchedule | null {
  if (f === undefined) return null;
  return { rate: f.rate.toNumber(), exponent: f.exponent, taker_only: f.takerOnly, rebate_rate: f.rebateRate.toNumber() };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A market's figures unrounded, for the figures across markets. */
interface RawFigures {
  readonly tradesPerDay: number | null;
  readonly usdcPerDay: number | null;
  readonly tradeUsdcMean: number | null;
  readonly spreadCents: number | null;
  readonly spreadBps: number | null;
  readonly spreadBpsByBucket: readonly (number | null)[];
  readonly depth: number | null;
  readonly movesPerHour: number | null;
  readonly moveCents: number | null;
}

interface MarketResult {
  readonly row: MarketRow;
  readonly raw: RawFigures;
  readonly edges: readonly EdgeSums[];
  /** A price history of either token was read. */
  readonly historyRead: boolean;
}

function marketResult(m: MarketObservations, data: SurveyData): MarketResult {
  const { market } = m;
  const endS = Math.floor(data.endMs / 1000);
  const startS = Math.floor(data.startMs / 1000);
  let tape: MarketRow['tape'] = null;
  let figures: ReturnType<typeof tapeFigures> | undefined;
  if (m.tape !== undefined && !(m.tape.read.bound === 'failed' && m.tape.trades.length === 0)) {
    const oldest = m.tape.trades.reduce<number | undefined>((o, t) => (o === undefined || t.ts < o ? t.ts : o), undefined);
    const fromS = tapeSpan({ bound: m.tape.read.bound, oldestS: oldest }, endS, data.lookbackS, startS);
    figures = tapeFigures(m.tape.trades, fromS, endS);
    tape = {
      trades: figures.trades,
      from: fromS < endS ? iso(fromS * 1000) : null,
      to: iso(endS * 1000),
      span_s: endS - fromS,
      bound: m.tape.read.bound,
      pages: m.tape.read.pages,
      unparsed: m.tape.unparsed,
    };
  }
  const books = bookFigures(m.books);
  const moves = midMoves(m.mids[0]);
  const series = new Map([
    [market.tokens[0], m.mids[0]],
    [market.tokens[1], m.mids[1]],
  ]);
  const history = new Map([
    [market.tokens[0], m.history[0]],
    [market.tokens[1], m.history[1]],
  ]);
  const edges =
    m.tape === undefined
      ? HORIZONS_S.map(() => NO_EDGE)
      : makerEdges(m.tape.trades, (t) => series.get(t), HORIZONS_S, maxMidGapMs(data.intervalMs), {
          seriesOf: (t) => history.get(t),
          maxGapMs: MAX_HISTORY_GAP_MS,
        });
  const rules = market.rewards.kind === 'paying' ? market.rewards.rules : undefined;
  const row: MarketRow = {
    market: market.conditionId,
    slug: market.slug,
    trades_per_day: round(figures?.tradesPerDay, 2),
    usdc_per_day: round(figures?.usdcPerDay, 2),
    trade_usdc_mean: round(figures?.tradeUsdcMean, 4),
    trade_usdc_median: round(figures?.tradeUsdcMedian, 4),
    tape,
    book_polls: books.samples,
    two_sided_polls: books.twoSided,
    unusable_books: Object.fromEntries(m.unusableBooks),
    spread_cents_median: round(books.spreadCentsMedian, 4),
    spread_bps_median: round(books.spreadBpsMedian, 1),
    spread_bps_by_mid: Object.fromEntries(MID_BUCKETS.map((b, i) => [b.label, round(books.spreadBpsByBucket[i]!.median, 1)])),
    depth_l1_top10: round(books.depthL1Top10, 4),
    mid_polls: m.mids[0].t.length,
    mid_moves_per_hour: round(moves.perHour, 2),
    mid_move_cents_median: round(moves.medianCents, 4),
    maker_half_spread_cents_0s: round(edgeCents(edges[0]!), 4),
    maker_markout_cents_60s: round(edgeCents(edges[1]!), 4),
    maker_markout_cents_300s: round(edgeCents(edges[2]!), 4),
    maker_trades: { '0s': edges[0]!.trades, '60s': edges[1]!.trades, '300s': edges[2]!.trades },
    maker_trades_history: { '0s': edges[0]!.fromHistory, '60s': edges[1]!.fromHistory, '300s': edges[2]!.fromHistory },
    rewards: market.rewards.kind,
    pool_usdc_day: market.rewards.kind === 'malformed' ? null : (rules?.dailyRate.toNumber() ?? 0),
    max_spread_cents: rules === undefined ? null : rules.maxSpreadCents.toNumber(),
    min_size: rules === undefined ? null : rules.minSize.toNumber(),
    fees: feeSchedule(market.fees),
  };
  const raw: RawFigures = {
    tradesPerDay: figures?.tradesPerDay ?? null,
    usdcPerDay: figures?.usdcPerDay ?? null,
    tradeUsdcMean: figures?.tradeUsdcMean ?? null,
    spreadCents: books.spreadCentsMedian,
    spreadBps: books.spreadBpsMedian,
    spreadBpsByBucket: books.spreadBpsByBucket.map((b) => b.median),
    depth: books.depthL1Top10,
    movesPerHour: moves.perHour,
    moveCents: moves.medianCents,
  };
  return { row, raw, edges, historyRead: m.history[0] !== undefined || m.history[1] !== undefined };
}

const values = <T>(items: readonly T[], f: (x: T) => number | null): number[] => items.map(f).filter((x): x is number => x !== null);

/** The survey's figures from what it read. `venue` names where (embedded-simulator or a URL). */
export function summarize(data: SurveyData, venue: string): SurveyReport {
  const results = data.markets.map((m) => marketResult(m, data));
  const rows = results.map((r) => r.row);
  const raw = results.map((r) => r.raw);
  const edges = HORIZONS_S.map((_, i) => results.reduce((s, r) => addSums(s, r.edges[i]!), NO_EDGE));
  const byBucket = Object.fromEntries(
    MID_BUCKETS.map((b, i) => [`spread_bps_mid_${b.key}_median`, round(median(values(raw, (r) => r.spreadBpsByBucket[i] ?? null)), 1)]),
  ) as BucketMedians;
  const paying = rows.filter((r) => r.rewards === 'paying');
  const feesRead = rows.filter((r) => r.fees !== null);
  const feesPaying = feesRead.filter((r) => r.fees!.rate > 0);
  const schedules = new Map<string, FeeSchedule & { markets: number }>();
  for (const r of feesRead) {
    const key = JSON.stringify(r.fees);
    const s = schedules.get(key);
    if (s === undefined) schedules.set(key, { ...r.fees!, markets: 1 });
    else s.markets++;
  }
  const depth = values(raw, (r) => r.depth);
  const tradesPerDay = values(raw, (r) => r.tradesPerDay);
  return {
    survey: {
      venue,
      started: iso(data.startMs),
      ended: iso(data.endMs),
      window_s: round((data.endMs - data.startMs) / 1000, 3)!,
      interval_ms: data.intervalMs,
      polls: data.polls,
      lookback_s: data.lookbackS,
      markets: rows.length,
      not_binary: data.skippedMarkets,
      tapes_read: rows.filter((r) => r.tape !== null).length,
      books_read: rows.filter((r) => r.book_polls > 0).length,
      mids_read: rows.filter((r) => r.mid_polls > 0).length,
      histories_read: results.filter((r) => r.historyRead).length,
    },
    trades_per_day_median: round(median(tradesPerDay), 2),
    trades_per_day_p90: round(quantile(tradesPerDay, 0.9), 2),
    usdc_per_day_median: round(median(values(raw, (r) => r.usdcPerDay)), 2),
    trade_usdc_median: round(median(values(raw, (r) => r.tradeUsdcMean)), 4),
    spread_cents_median: round(median(values(raw, (r) => r.spreadCents)), 4),
    spread_bps_median: round(median(values(raw, (r) => r.spreadBps)), 1),
    ...byBucket,
    depth_l1_top10_median: round(median(depth), 4),
    depth_l1_top10_p10: round(quantile(depth, 0.1), 4),
    depth_l1_top10_p90: round(quantile(depth, 0.9), 4),
    mid_moves_per_hour_median: round(median(values(raw, (r) => r.movesPerHour)), 2),
    mid_move_cents_median: round(median(values(raw, (r) => r.moveCents)), 4),
    maker_half_spread_cents_0s: round(edgeCents(edges[0]!), 4),
    maker_markout_cents_60s: round(edgeCents(edges[1]!), 4),
    maker_markout_cents_300s: round(edgeCents(edges[2]!), 4),
    maker_trades_0s: edges[0]!.trades,
    maker_trades_60s: edges[1]!.trades,
    maker_trades_300s: edges[2]!.trades,
    maker_trades_history_0s: edges[0]!.fromHistory,
    maker_trades_history_60s: edges[1]!.fromHistory,
    maker_trades_history_300s: edges[2]!.fromHistory,
    pool_usdc_day_median: round(median(values(paying, (r) => r.pool_usdc_day)), 4),
    pool_usdc_day_mean: round(mean(values(paying, (r) => r.pool_usdc_day)), 4),
    paying_share: rows.length === 0 ? null : round(paying.length / rows.length, 4),
    max_spread_cents_range: range(values(paying, (r) => r.max_spread_cents)),
    min_size_range: range(values(paying, (r) => r.min_size)),
    fee_paying_share: feesRead.length === 0 ? null : round(feesPaying.length / feesRead.length, 4),
    fee_rate_range: range(feesPaying.map((r) => r.fees!.rate)),
    fee_rebate_rate_range: range(feesPaying.map((r) => r.fees!.rebate_rate)),
    fee_schedules: [...schedules.values()].sort((a, b) => b.markets - a.markets),
    markets: rows,
    unread: data.unread,
  };
}
