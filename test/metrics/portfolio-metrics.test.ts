/** Portfolio metrics: a Portfolio fed with scripted fills and marks, scraped as Prometheus text. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { FillCounts, registerPortfolioMetrics } from '../../src/metrics/portfolio-metrics.js';
import { Decimal } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { LossLimitGuard } from '../../src/risk/loss-limits.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { fill, T0 } from '../portfolio/support.js';

const A = '0xaaaa';
const B = '0xbbbb';
/** In the journal, no longer configured: labelled `other`. */
const C = '0xcccc';

/** The sample lines of `metric` (its own series, `_bucket`/`_sum`/`_count` included), in order. */
function lines(text: string, metric: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(`${metric}{`) || l.startsWith(`${metric} `) || l.startsWith(`${metric}_`));
}

function setup() {
  const clock = new FakeClock(T0);
  const portfolio = new Portfolio({ clock });
  const counts = new FillCounts();
  const gate = new RiskGate(validateRiskLimits({}));
  const guard = new LossLimitGuard(gate, {
    maxDailyLoss: new Decimal('1'),
    maxDrawdown: new Decimal('0.2'),
    action: 'HALTED',
    dayResetHourUtc: 0,
  });
  const mismatches: Record<string, number> = { [A]: 2, [C]: 1 };
  const registry = new Registry();
  const metrics = registerPortfolioMetrics(registry, {
    portfolio: () => portfolio.snapshot(),
    fills: () => counts.snapshot(),
    lossLimits: () => guard.snapshot(),
    reconciliation: () => ({ mismatches }),
    markets: () => [A, B],
  });
  const apply = (fills: Fill[]): void => {
    for (const f of fills) {
      portfolio.apply(f);
      counts.add(f);
    }
    guard.check(portfolio.daily(), portfolio.equity());
  };
  return { clock, portfolio, registry, metrics, apply, mismatches, guard, gate };
}

describe('portfolio metrics', () => {
  it('exports fills, fees, rebates, PnL, positions, equity, loss limits, journal latency and mismatches, exactly', async () => {
    const { portfolio, registry, metrics, apply, gate } = setup();
    // Marked before any position, so every move counts in the day's PnL.
    for (const [token, mid] of [
      [`${A}:0`, '0.50'],
      [`${A}:1`, '0.45'],
      [`${B}:0`, '0.35'],
      [`${C}:0`, '0.25'],
    ] as const)
      portfolio.mark(token, new Decimal(mid));
    apply([
      // A0: buy 10 @ 0.40 (fee 0.144), sell 4 @ 0.55 as maker (rebate 0.012): realized 0.6 - 0.144 + 0.012 = 0.468,
      //     long 6 @ 0.40 marked 0.50: unrealized 0.6 (the total peaks here at 1.068)
      fill({ market: A, side: 'BUY', price: '0.40', size: '10', fee: '0.144' }),
      fill({ market: A, side: 'SELL', price: '0.55', size: '4', role: 'maker', rebate: '0.012' }),
      // A1: long 2 @ 0.5 marked 0.45: unrealized -0.1
      fill({ market: A, outcome: 1, side: 'BUY', price: '0.5', size: '2', role: 'maker' }),
      // B0: short 5 @ 0.3 marked 0.35: unrealized -0.25
      fill({ market: B, side: 'SELL', price: '0.3', size: '5', role: 'maker' }),
      // C0 (other): long 3 @ 0.2, fee 0.0192, marked 0.25: realized -0.0192, unrealized 0.15
      fill({ market: C, side: 'BUY', price: '0.2', size: '3', fee: '0.0192' }),
    ]);
    metrics.observeJournalWrite(2.5);
    metrics.observeJournalWrite(40);
    const text = await registry.metrics();

    expect(lines(text, 'makerd_fills_total')).toEqual([
      'makerd_fills_total{market="0xaaaa",side="BUY"} 2',
      'makerd_fills_total{market="0xaaaa",side="SELL"} 1',
      'makerd_fills_total{market="0xbbbb",side="BUY"} 0',
      'makerd_fills_total{market="0xbbbb",side="SELL"} 1',
      'makerd_fills_total{market="other",side="BUY"} 1',
    ]);
    expect(lines(text, 'makerd_fill_volume_shares_total')).toEqual([
      'makerd_fill_volume_shares_total{market="0xaaaa",side="BUY"} 12',
      'makerd_fill_volume_shares_total{market="0xaaaa",side="SELL"} 4',
      'makerd_fill_volume_shares_total{market="0xbbbb",side="BUY"} 0',
      'makerd_fill_volume_shares_total{market="0xbbbb",side="SELL"} 5',
      'makerd_fill_volume_shares_total{market="other",side="BUY"} 3',
    ]);
    expect(lines(text, 'makerd_fees_paid_usdc_total')).toEqual([
      'makerd_fees_paid_usdc_total{market="0xaaaa"} 0.144',
      'makerd_fees_paid_usdc_total{market="other"} 0.0192',
    ]);
    expect(lines(text, 'makerd_rebates_received_usdc_total')).toEqual(['makerd_rebates_received_usdc_total{market="0xaaaa"} 0.012']);
    expect(lines(text, 'makerd_pnl_usdc')).toEqual([
      // overall: realized 0.468 - 0.0192, unrealized 0.6 - 0.1 - 0.25 + 0.15
      'makerd_pnl_usdc{market="all",kind="realized"} 0.4488',
      'makerd_pnl_usdc{market="all",kind="unrealized"} 0.4',
      'makerd_pnl_usdc{market="all",kind="total"} 0.8488',
      'makerd_pnl_usdc{market="0xaaaa",kind="realized"} 0.468',
      'makerd_pnl_usdc{market="0xaaaa",kind="unrealized"} 0.5',
      'makerd_pnl_usdc{market="0xaaaa",kind="total"} 0.968',
      'makerd_pnl_usdc{market="0xbbbb",kind="realized"} 0',
      'makerd_pnl_usdc{market="0xbbbb",kind="unrealized"} -0.25',
      'makerd_pnl_usdc{market="0xbbbb",kind="total"} -0.25',
      'makerd_pnl_usdc{market="other",kind="realized"} -0.0192',
      'makerd_pnl_usdc{market="other",kind="unrealized"} 0.15',
      'makerd_pnl_usdc{market="other",kind="total"} 0.1308',
    ]);
    expect(lines(text, 'makerd_position_shares')).toEqual([
      'makerd_position_shares{market="0xaaaa",outcome="0"} 6',
      'makerd_position_shares{market="0xaaaa",outcome="1"} 2',
      'makerd_position_shares{market="0xbbbb",outcome="0"} -5',
      'makerd_position_shares{market="0xbbbb",outcome="1"} 0',
      'makerd_position_shares{market="other",outcome="0"} 3',
      'makerd_position_shares{market="other",outcome="1"} 0',
    ]);
    expect(lines(text, 'makerd_net_exposure_shares')).toEqual([
      'makerd_net_exposure_shares{market="0xaaaa"} 4',
      'makerd_net_exposure_shares{market="0xbbbb"} -5',
      'makerd_net_exposure_shares{market="other"} 3',
    ]);
    // Peak 1.068 after the second fill; drawdown 1.068 - 0.8488 = 0.2192 >= risk.maxDrawdown 0.2.
    expect(lines(text, 'makerd_equity_peak_usdc')).toEqual(['makerd_equity_peak_usdc 1.068']);
    expect(lines(text, 'makerd_drawdown_usdc')).toEqual(['makerd_drawdown_usdc 0.2192']);
    expect(lines(text, 'makerd_daily_pnl_usdc')).toEqual(['makerd_daily_pnl_usdc 0.8488']);
    expect(gate.overallState()).toBe('HALTED');
    expect(lines(text, 'makerd_loss_limit_engaged')).toEqual([
      'makerd_loss_limit_engaged{limit="daily_loss"} 0',
      'makerd_loss_limit_engaged{limit="drawdown"} 1',
    ]);
    expect(lines(text, 'makerd_loss_limit_breaches_total')).toEqual([
      'makerd_loss_limit_breaches_total{limit="daily_loss"} 0',
      'makerd_loss_limit_breaches_total{limit="drawdown"} 1',
    ]);
    expect(lines(text, 'makerd_reconciliation_mismatches_total')).toEqual([
      'makerd_reconciliation_mismatches_total{market="0xaaaa"} 2',
      'makerd_reconciliation_mismatches_total{market="other"} 1',
    ]);
    expect(lines(text, 'makerd_journal_write_seconds')).toEqual([
      'makerd_journal_write_seconds_bucket{le="0.0005"} 0',
      'makerd_journal_write_seconds_bucket{le="0.001"} 0',
      'makerd_journal_write_seconds_bucket{le="0.0025"} 1',
      'makerd_journal_write_seconds_bucket{le="0.005"} 1',
      'makerd_journal_write_seconds_bucket{le="0.01"} 1',
      'makerd_journal_write_seconds_bucket{le="0.025"} 1',
      'makerd_journal_write_seconds_bucket{le="0.05"} 2',
      'makerd_journal_write_seconds_bucket{le="0.1"} 2',
      'makerd_journal_write_seconds_bucket{le="0.25"} 2',
      'makerd_journal_write_seconds_bucket{le="0.5"} 2',
      'makerd_journal_write_seconds_bucket{le="1"} 2',
      'makerd_journal_write_seconds_bucket{le="2.5"} 2',
      'makerd_journal_write_seconds_bucket{le="+Inf"} 2',
      'makerd_journal_write_seconds_sum 0.0425',
      'makerd_journal_write_seconds_count 2',
    ]);
    // Labels: configured markets, other, all and fixed words only; never token ids or prices.
    expect(text).not.toMatch(/0x[a-c]{4}:[01]/);
  });

  it('before the first fill: makerd_fills_total at 0 for every configured market and side', async () => {
    const { registry } = setup();
    const text = await registry.metrics();
    expect(lines(text, 'makerd_fills_total')).toEqual([
      'makerd_fills_total{market="0xaaaa",side="BUY"} 0',
      'makerd_fills_total{market="0xaaaa",side="SELL"} 0',
      'makerd_fills_total{market="0xbbbb",side="BUY"} 0',
      'makerd_fills_total{market="0xbbbb",side="SELL"} 0',
    ]);
    expect(lines(text, 'makerd_fill_volume_shares_total')).toHaveLength(4);
  });

  it('counters follow the cumulative totals from scrape to scrape; gauges are current', async () => {
    const { clock, portfolio, registry, apply, mismatches, guard } = setup();
    portfolio.mark(`${B}:0`, new Decimal('0.30'));
    apply([fill({ market: B, side: 'SELL', price: '0.3', size: '5', role: 'maker', rebate: '0.0021' })]);
    const first = await registry.metrics();
    expect(lines(first, 'makerd_fills_total')).toEqual([
      'makerd_fills_total{market="0xaaaa",side="BUY"} 0',
      'makerd_fills_total{market="0xaaaa",side="SELL"} 0',
      'makerd_fills_total{market="0xbbbb",side="BUY"} 0',
      'makerd_fills_total{market="0xbbbb",side="SELL"} 1',
    ]);
    expect(lines(first, 'makerd_rebates_received_usdc_total')).toEqual(['makerd_rebates_received_usdc_total{market="0xbbbb"} 0.0021']);
    expect(lines(first, 'makerd_reconciliation_mismatches_total')).toEqual([
      'makerd_reconciliation_mismatches_total{market="0xaaaa"} 2',
      'makerd_reconciliation_mismatches_total{market="other"} 1',
    ]);
    // Unchanged totals: the same values (nothing added twice).
    expect(lines(await registry.metrics(), 'makerd_fills_total')).toEqual(lines(first, 'makerd_fills_total'));

    // Buy the short back at 0.62 as taker (fee 0.25 x 5 x (0.62 x 0.38)^2 rounded: 0.069384), the next day.
    clock.advance(24 * 60 * 60 * 1000);
    apply([fill({ market: B, side: 'BUY', price: '0.62', size: '5', fee: '0.069384', atMs: clock.now() })]);
    portfolio.mark(`${B}:0`, new Decimal('0.62'));
    mismatches[A] = 3;
    guard.check(portfolio.daily(), portfolio.equity());
    const second = await registry.metrics();
    expect(lines(second, 'makerd_fills_total')).toEqual([
      'makerd_fills_total{market="0xaaaa",side="BUY"} 0',
      'makerd_fills_total{market="0xaaaa",side="SELL"} 0',
      'makerd_fills_total{market="0xbbbb",side="BUY"} 1',
      'makerd_fills_total{market="0xbbbb",side="SELL"} 1',
    ]);
    expect(lines(second, 'makerd_fill_volume_shares_total')).toEqual([
      'makerd_fill_volume_shares_total{market="0xaaaa",side="BUY"} 0',
      'makerd_fill_volume_shares_total{market="0xaaaa",side="SELL"} 0',
      'makerd_fill_volume_shares_total{market="0xbbbb",side="BUY"} 5',
      'makerd_fill_volume_shares_total{market="0xbbbb",side="SELL"} 5',
    ]);
    expect(lines(second, 'makerd_fees_paid_usdc_total')).toEqual(['makerd_fees_paid_usdc_total{market="0xbbbb"} 0.069384']);
    // realized: 5 x (0.30 - 0.62) - 0.069384 + 0.0021 = -1.667284; flat, so nothing unrealized
    expect(lines(second, 'makerd_pnl_usdc').slice(0, 3)).toEqual([
      'makerd_pnl_usdc{market="all",kind="realized"} -1.667284',
      'makerd_pnl_usdc{market="all",kind="unrealized"} 0',
      'makerd_pnl_usdc{market="all",kind="total"} -1.667284',
    ]);
    // The day began at total 0.0021: -1.669384 breaches risk.maxDailyLoss 1; drawdown 1.669384 too.
    expect(lines(second, 'makerd_daily_pnl_usdc')).toEqual(['makerd_daily_pnl_usdc -1.669384']);
    expect(lines(second, 'makerd_equity_peak_usdc')).toEqual(['makerd_equity_peak_usdc 0.0021']);
    expect(lines(second, 'makerd_loss_limit_engaged')).toEqual([
      'makerd_loss_limit_engaged{limit="daily_loss"} 1',
      'makerd_loss_limit_engaged{limit="drawdown"} 1',
    ]);
    expect(lines(second, 'makerd_loss_limit_breaches_total')).toEqual([
      'makerd_loss_limit_breaches_total{limit="daily_loss"} 1',
      'makerd_loss_limit_breaches_total{limit="drawdown"} 1',
    ]);
    expect(lines(second, 'makerd_reconciliation_mismatches_total')).toEqual([
      'makerd_reconciliation_mismatches_total{market="0xaaaa"} 3',
      'makerd_reconciliation_mismatches_total{market="other"} 1',
    ]);
  });

  it('without a list of configured markets, every market of the portfolio is its own label', async () => {
    const clock = new FakeClock(T0);
    const portfolio = new Portfolio({ clock });
    const registry = new Registry();
    registerPortfolioMetrics(registry, {
      portfolio: () => portfolio.snapshot(),
      fills: () => new Map(),
      lossLimits: () => ({ engaged: { daily_loss: false, drawdown: false }, breaches: { daily_loss: 0, drawdown: 0 } }),
      reconciliation: () => ({ mismatches: {} }),
    });
    portfolio.apply(fill({ market: C, side: 'BUY', price: '0.2', size: '3' }));
    const text = await registry.metrics();
    expect(lines(text, 'makerd_net_exposure_shares')).toEqual(['makerd_net_exposure_shares{market="0xcccc"} 3']);
    expect(lines(text, 'makerd_fills_total')).toEqual([]);
  });
});
