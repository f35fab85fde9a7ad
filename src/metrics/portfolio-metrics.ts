/**
 * The portfolio's figures: fills and volume by market and side, fees and rebates, PnL, positions
 * and net exposure per market, the equity curve (peak, drawdown) and the day's PnL, the loss
 * limits, journal write latency and reconciliation mismatches. Read from snapshots at scrape
 * time (trading-metrics.ts is the pattern); the journal latency is observed per batch.
 *
 * Units are base units: USDC, shares, seconds. Money stays a Decimal up to here and becomes a
 * number only at this boundary (`Number(d.toFixed())`).
 *
 * Labels: `market` is a condition id of a configured market (`source.markets`), `other` for the
 * sum of the markets the journal holds but the configuration no longer quotes, and `all` for the
 * overall PnL; `side` BUY|SELL (the account's side), `outcome` 0|1, `kind`, `limit`. Never order
 * ids, token ids or prices, so the series count is bounded by the configured markets.
 *
 * The fill, volume, fee and rebate counters count the fills the portfolio holds, journal replay
 * included: after a restart they start again from the journal's totals, which are never below
 * what they were, so Prometheus sees no reset and `increase()` stays right across restarts. (When
 * a market leaves the configuration, its totals move to `other` while its own series keeps its
 * last value.)
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { drawdownText, moneyNumber, ZERO, type Decimal } from '../money.js';
import type { Fill, FillSide, PortfolioSnapshot } from '../portfolio/index.js';
import { LOSS_LIMIT_NAMES, type LossLimitName } from '../risk/index.js';
import { cumulative } from './cumulative.js';

export interface FillTotals {
  readonly count: number;
  /** Shares, summed exactly. */
  readonly shares: Decimal;
}

export type FillTotalsByMarket = ReadonlyMap<string, Readonly<Record<FillSide, FillTotals>>>;

/**
 * Cumulative fill counts and shares by market and side. Feed it every fill the portfolio applies
 * (journal replay included, see the header); it only adds.
 */
export class FillCounts {
  readonly #byMarket = new Map<string, Record<FillSide, FillTotals>>();

  add(fill: Pick<Fill, 'conditionId' | 'side' | 'size'>): void {
    let m = this.#byMarket.get(fill.conditionId);
    if (m === undefined) this.#byMarket.set(fill.conditionId, (m = { BUY: { count: 0, shares: ZERO }, SELL: { count: 0, shares: ZERO } }));
    const t = m[fill.side];
    m[fill.side] = { count: t.count + 1, shares: t.shares.add(fill.size) };
  }

  addAll(fills: Iterable<Pick<Fill, 'conditionId' | 'side' | 'size'>>): void {
    for (const f of fills) this.add(f);
  }

  snapshot(): FillTotalsByMarket {
    return new Map([...this.#byMarket].map(([market, sides]) => [market, { ...sides }]));
  }
}

export interface PortfolioMetricsSource {
  /** `Portfolio.snapshot()`. */
  readonly portfolio: () => PortfolioSnapshot;
  /** `FillCounts.snapshot()`. */
  readonly fills: () => FillTotalsByMarket;
  /** `LossLimitGuard.snapshot()` (the configured limits, the engaged flags and breach counts are read). */
  readonly lossLimits: () => {
    readonly engaged: Readonly<Record<LossLimitName, boolean>>;
    readonly breaches: Readonly<Record<LossLimitName, number>>;
    readonly limits?: { readonly maxDailyLoss: Decimal | undefined; readonly maxDrawdown: Decimal | undefined };
  };
  /** Cumulative mismatches found by reconciliation, per market. */
  readonly reconciliation: () => { readonly mismatches: Readonly<Record<string, number>> };
  /** Condition ids of the configured markets; others are labelled `other`. Absent: every market its own label. */
  readonly markets?: () => Iterable<string>;
}

export interface PortfolioMetrics {
  /** One journal batch was written durably in `ms` (FillJournal's `onBatch(b)` -> `b.latencyMs`). */
  observeJournalWrite(ms: number): void;
}

const OTHER = 'other';
const ALL = 'all';
const SIDES: readonly FillSide[] = ['BUY', 'SELL'];

/** Money and shares become numbers here, and only here. */
const num = (d: Decimal): number => Number(d.toFixed());
/** Money at the venue's USDC precision (6 places): exact sums inside, rounded here. */
const usdc = moneyNumber;

/** Adds `value` under `key` (Decimal sums, exact until the boundary). */
function addTo(map: Map<string, Decimal>, key: string, value: Decimal): void {
  map.set(key, (map.get(key) ?? ZERO).add(value));
}

export function registerPortfolioMetrics(registry: Registry, src: PortfolioMetricsSource): PortfolioMetrics {
  let refresh: () => void = () => {};
  // First registered: its collect() refreshes every series below before they are serialized.
  const pnl = new Gauge({
    name: 'makerd_pnl_usdc',
    help: 'PnL in USDC by market and kind (realized = closing gains - fees + rebates, unrealized at the last midpoint, total); market="all" for the overall figures',
    labelNames: ['market', 'kind'],
    registers: [registry],
    collect() {
      refresh();
    },
  });
  const position = new Gauge({
    name: 'makerd_position_shares',
    help: 'Signed position in shares by market and outcome (negative: short)',
    labelNames: ['market', 'outcome'],
    registers: [registry],
  });
  const exposure = new Gauge({
    name: 'makerd_net_exposure_shares',
    help: 'Net exposure by market: position of outcome 0 - position of outcome 1, shares',
    labelNames: ['market'],
    registers: [registry],
  });
  const peak = new Gauge({
    name: 'makerd_equity_peak_usdc',
    help: 'Highest total PnL seen since start-up (>= 0), USDC',
    registers: [registry],
  });
  const drawdown = new Gauge({
    name: 'makerd_drawdown_usdc',
    help: 'Peak total PnL - total PnL (>= 0), USDC; risk.maxDrawdown applies to it',
    registers: [registry],
  });
  const daily = new Gauge({
    name: 'makerd_daily_pnl_usdc',
    help: 'Total PnL change since the trading day began (risk.dayResetHourUtc), USDC; risk.maxDailyLoss applies to it',
    registers: [registry],
  });
  const engaged = new Gauge({
    name: 'makerd_loss_limit_engaged',
    help: '1 while a loss limit (daily_loss, drawdown) holds every market in risk.lossAction',
    labelNames: ['limit'],
    registers: [registry],
  });
  const limitValue = new Gauge({
    name: 'makerd_loss_limit_usdc',
    help: 'Configured loss limits in USDC (daily_loss: risk.maxDailyLoss, drawdown: risk.maxDrawdown); absent while a limit is off',
    labelNames: ['limit'],
    registers: [registry],
  });
  const breachCounter = new Counter({
    name: 'makerd_loss_limit_breaches_total',
    help: 'Times a loss limit (daily_loss, drawdown) was engaged',
    labelNames: ['limit'],
    registers: [registry],
  });
  for (const limit of LOSS_LIMIT_NAMES) breachCounter.inc({ limit }, 0);
  const addBreaches = cumulative(breachCounter);
  // exportZero: the series pre-created at 0 below are exported before the first fill.
  const addFills = cumulative(
    new Counter({
      name: 'makerd_fills_total',
      help: "Fills of the account's orders by market and the account's side (0 for every configured market and side from start-up)",
      labelNames: ['market', 'side'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addFillShares = cumulative(
    new Counter({
      name: 'makerd_fill_volume_shares_total',
      help: "Shares filled by market and the account's side",
      labelNames: ['market', 'side'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addFees = cumulative(
    new Counter({ name: 'makerd_fees_paid_usdc_total', help: 'Fees paid, USDC, by market', labelNames: ['market'], registers: [registry] }),
  );
  const addRebates = cumulative(
    new Counter({
      name: 'makerd_rebates_received_usdc_total',
      help: 'Maker rebates received, USDC, by market',
      labelNames: ['market'],
      registers: [registry],
    }),
  );
  const addMismatches = cumulative(
    new Counter({
      name: 'makerd_reconciliation_mismatches_total',
      help: "Differences reconciliation found between makerd's view and the venue's, by market",
      labelNames: ['market'],
      registers: [registry],
    }),
  );
  const journal = new Histogram({
    name: 'makerd_journal_write_seconds',
    help: 'Fill journal batch latency: the synchronized (O_DSYNC) write, seconds',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  refresh = () => {
    const configured = src.markets === undefined ? undefined : new Set(src.markets());
    const label = (market: string): string => (configured === undefined || configured.has(market) ? market : OTHER);
    const snap = src.portfolio();

    const realized = new Map<string, Decimal>();
    const unrealized = new Map<string, Decimal>();
    const pos0 = new Map<string, Decimal>();
    const pos1 = new Map<string, Decimal>();
    const net = new Map<string, Decimal>();
    const fees = new Map<string, Decimal>();
    const rebates = new Map<string, Decimal>();
    for (const m of snap.markets) {
      const key = label(m.conditionId);
      addTo(realized, key, m.realizedPnl);
      addTo(unrealized, key, m.unrealizedPnl);
      addTo(pos0, key, m.positions[0]);
      addTo(pos1, key, m.positions[1]);
      addTo(net, key, m.netExposure);
      addTo(fees, key, m.feesPaid);
      addTo(rebates, key, m.rebatesReceived);
    }
    pnl.reset();
    position.reset();
    exposure.reset();
    const setPnl = (market: string, r: Decimal, u: Decimal): void => {
      pnl.set({ market, kind: 'realized' }, usdc(r));
      pnl.set({ market, kind: 'unrealized' }, usdc(u));
      pnl.set({ market, kind: 'total' }, usdc(r.add(u)));
    };
    setPnl(ALL, snap.totals.realizedPnl, snap.totals.unrealizedPnl);
    for (const [market, r] of realized) {
      setPnl(market, r, unrealized.get(market) ?? ZERO);
      position.set({ market, outcome: '0' }, num(pos0.get(market) ?? ZERO));
      position.set({ market, outcome: '1' }, num(pos1.get(market) ?? ZERO));
      exposure.set({ market }, num(net.get(market) ?? ZERO));
      addFees({ market }, usdc(fees.get(market) ?? ZERO));
      addRebates({ market }, usdc(rebates.get(market) ?? ZERO));
    }
    peak.set(usdc(snap.equity.peakPnl));
    drawdown.set(Number(drawdownText(snap.equity.drawdown)));
    daily.set(usdc(snap.daily.pnl));

    const fillCount = new Map<string, number>();
    const fillShares = new Map<string, Decimal>();
    // A series at 0 for every configured market and side from the start: rates and "no fills for
    // an hour" alerts need one before the first fill.
    for (const market of configured ?? []) {
      for (const side of SIDES) {
        const key = JSON.stringify([market, side]);
        fillCount.set(key, 0);
        fillShares.set(key, ZERO);
      }
    }
    for (const [market, sides] of src.fills()) {
      for (const side of SIDES) {
        const key = JSON.stringify([label(market), side]);
        // A side never filled gets a series only when pre-created above (configured markets).
        if (sides[side].count === 0 && !fillCount.has(key)) continue;
        fillCount.set(key, (fillCount.get(key) ?? 0) + sides[side].count);
        addTo(fillShares, key, sides[side].shares);
      }
    }
    for (const [key, count] of fillCount) {
      const [market, side] = JSON.parse(key) as [string, string];
      addFills({ market, side }, count);
      addFillShares({ market, side }, num(fillShares.get(key) ?? ZERO));
    }

    const limits = src.lossLimits();
    limitValue.reset();
    const limitOf: Readonly<Record<LossLimitName, Decimal | undefined>> = {
      daily_loss: limits.limits?.maxDailyLoss,
      drawdown: limits.limits?.maxDrawdown,
    };
    for (const limit of LOSS_LIMIT_NAMES) {
      const v = limitOf[limit];
      if (v !== undefined) limitValue.set({ limit }, usdc(v));
    }
    for (const limit of LOSS_LIMIT_NAMES) {
      engaged.set({ limit }, limits.engaged[limit] ? 1 : 0);
      addBreaches({ limit }, limits.breaches[limit]);
    }

    const mismatches = new Map<string, number>();
    for (const [market, n] of Object.entries(src.reconciliation().mismatches))
      mismatches.set(label(market), (mismatches.get(label(market)) ?? 0) + n);
    for (const [market, n] of mismatches) addMismatches({ market }, n);
  };

  return {
    observeJournalWrite(ms: number): void {
      journal.observe(ms / 1000);
    },
  };
}
