/**
 * Backtests with markets that end (`settings.ends`, `makerd backtest --ends-every`): the market
 * closes at its end, resolves `resolveAfterSec` later, and what the account holds then is settled
 * at 1 / 0 into realized PnL; quoting stops `stopBeforeEndSec` before the end.
 *
 * Scripted market (seed '2', its one market; X = outcome 0, Y = outcome 1), fees rate 0.25,
 * exponent 2, makers pay none and get 0.2 of the taker fee. The strategy always wants bid 0.48 x 10
 * and ask 0.52 x 10 (outcome-0 space). The market ends at t=300 s (everySec 300) and resolves at
 * t=360 s; the run lasts 400 s; quoting stops at 300 - 120 = 180 s.
 *
 *   t=0    maker: X 0.45/0.55, Y 0.45/0.55 (x100); we: BUY X 0.48 x10, BUY Y 0.48 x10
 *   t=10   taker SELL X 10 @0.48 FAK -> we buy 10 X at 0.48 (rebate 0.031150); a new bid is placed
 *   t=100  taker SELL Y 5 @0.48 FAK  -> we buy 5 Y at 0.48 (rebate 0.015575)
 *   t=180  our stop: every order of ours cancelled
 *   t=200  taker SELL X 10 @0.45 FAK -> only the maker's bid is there (ours would be first at 0.48)
 *   t=300  the market closes (no order of ours rests), t=360 it resolves
 *
 * Held at the resolution: 10 X at cost 4.8, 5 Y at cost 2.4.
 *   X wins: X 10 x 1 - 4.8 = 5.2, Y 0 - 2.4 = -2.4: settlement 2.8
 *   Y wins: X 0 - 4.8 = -4.8, Y 5 x 1 - 2.4 = 2.6: settlement -2.2
 * Realized = rebates 0.046725 + settlement; nothing is left to mark (unrealized 0).
 */
import { describe, expect, it } from 'vitest';
import { reportJson, runPlan } from '../../src/backtest/backtest-report.js';
import { runBacktest, type BacktestSettings, type FlowFactory } from '../../src/backtest/run-backtest.js';
import { reportHtml } from '../../src/backtest/report-html.js';
import { reportTable } from '../../src/backtest/report-table.js';
import { Decimal } from '../../src/money.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { makerUsers, takerUsers } from '../../src/sim/catalog/index.js';
import type { SimAccount } from '../../src/sim/contracts.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { loadStrategies, builtinStrategiesDir } from '../../src/strategy/strategy-registry.js';
import { strategyRunOf } from '../../src/backtest/strategy-spec.js';
import { fixedQuotes } from '../support/fixed-quotes.js';

type Place = (who: 'maker' | 'taker', token: 0 | 1, side: 'BUY' | 'SELL', price: string, size: number) => void;

const SCRIPT: readonly (readonly [number, (place: Place) => void])[] = [
  [
    0,
    (place) => {
      place('maker', 0, 'BUY', '0.45', 100);
      place('maker', 0, 'SELL', '0.55', 100);
      place('maker', 1, 'BUY', '0.45', 100);
      place('maker', 1, 'SELL', '0.55', 100);
    },
  ],
  [10, (place) => place('taker', 0, 'SELL', '0.48', 10)],
  [100, (place) => place('taker', 1, 'SELL', '0.48', 5)],
  [200, (place) => place('taker', 0, 'SELL', '0.45', 10)],
];

const scripted: FlowFactory = (ctx) => {
  const market = ctx.catalog.markets[0]!;
  const maker: SimAccount = makerUsers(ctx.catalog)[0]!;
  const taker: SimAccount = takerUsers(ctx.catalog)[0]!;
  const start = ctx.clock.now();
  let next = 0;
  let seq = 0;
  const place: Place = (who, token, side, price, size) => {
    const account = who === 'maker' ? maker : taker;
    const res = ctx.exchange.placeOrder(account, {
      order: { asset_id: market.tokenIds[token], side, price, size: String(size), expiration: '0', client_order_id: `script-${++seq}` },
      owner: account.apiKey,
      orderType: who === 'maker' ? 'GTC' : 'FAK',
      postOnly: who === 'maker',
    });
    if (!res.success) throw new Error(`script: ${who} ${side} ${price} refused: ${res.errorMsg}`);
  };
  return {
    step() {
      const elapsedS = (ctx.clock.now() - start) / 1000;
      while (next < SCRIPT.length && SCRIPT[next]![0] <= elapsedS) SCRIPT[next++]![1](place);
    },
  };
};

const settings: BacktestSettings = {
  hours: 400 / 3600,
  markets: 1,
  pollIntervalMs: 1_000,
  staleAfterMs: 5_000,
  flow: resolveFlowParams({ stepMs: 1_000 }),
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 20,
  ends: { everySec: 300, resolveAfterSec: 60 },
  stopBeforeEndSec: 120,
};

const fixed = { label: 'fixed', strategy: fixedQuotes as Strategy, params: null };

describe('a backtest whose market ends and resolves within the run', () => {
  const r = runBacktest({ seed: '2', strategy: fixed, settings, flow: scripted });

  it('stops quoting at the stop: two fills, none at t=200, no order of ours at the end', () => {
    expect(r.fills).toBe(2);
    expect(r.rebates.toFixed()).toBe('0.046725');
    expect(r.ordersAtEnd).toBe(0);
  });

  it('settles the held position at 1 / 0 as computed by hand, into realized and total PnL', () => {
    expect(r.resolved).toHaveLength(1);
    const { winner, settlement } = r.resolved![0]!;
    const byHand = winner === 0 ? '2.8' : '-2.2';
    expect(settlement.toFixed()).toBe(byHand);
    expect(r.settlement.toFixed()).toBe(byHand);
    expect(r.realizedPnl.toFixed()).toBe(new Decimal('0.046725').add(byHand).toFixed());
    expect(r.unrealizedPnl.toFixed()).toBe('0');
    expect(r.totalPnl.toFixed()).toBe(r.realizedPnl.toFixed());
    expect(r.finalInventory.toFixed()).toBe('0');
    expect(r.series[r.series.length - 1]!.pnl).toBeCloseTo(r.totalPnl.toNumber(), 9);
  });

  it('without a stop, its orders rest at the end (the venue cancels them) and the taker at t=200 fills one', () => {
    const late = runBacktest({ seed: '2', strategy: fixed, settings: { ...settings, stopBeforeEndSec: 0 }, flow: scripted });
    expect(late.fills).toBe(3);
    expect(late.ordersAtEnd).toBe(2);
    // 20 X at 0.48 and 5 Y at 0.48 held: X wins 20 - 9.6 - 2.4 = 8; Y wins -9.6 + 2.6 = -7.
    const { winner } = late.resolved![0]!;
    expect(late.settlement.toFixed()).toBe(winner === 0 ? '8' : '-7');
  });

  it('resolves nothing and settles nothing when no market ends (the figure is 0; the bid still rests at t=200)', () => {
    const { ends: _ends, ...plain } = settings;
    const none = runBacktest({ seed: '2', strategy: fixed, settings: plain, flow: scripted });
    expect(none.resolved).toBeUndefined();
    expect(none.ordersAtEnd).toBeUndefined();
    expect(none.settlement.toFixed()).toBe('0');
    expect(none.fills).toBe(3);
    expect(none.unrealizedPnl.isZero()).toBe(false);
  });
});

describe('settlement in the report', () => {
  it('is a figure of every run and of the summary (table, JSON), with the markets resolved', async () => {
    const registry = await loadStrategies([builtinStrategiesDir()]);
    const spec = { label: 'bands', name: 'bands', rawParams: {}, where: 'test', nameWhere: 'test', noGuards: false };
    const report = runPlan({
      seeds: ['1'],
      strategies: [{ ...strategyRunOf(registry, spec), rawParams: {}, paramsSource: 'defaults' }],
      settings: {
        ...settings,
        hours: 1,
        markets: 3,
        flow: resolveFlowParams({}),
        ends: { everySec: 1_200, resolveAfterSec: 60 },
        stopBeforeEndSec: 300,
      },
      markoutHorizonS: 60,
    });
    const run = report.strategies[0]!.runs[0]!;
    // Ends at 20 and 40 min (a neg-risk event's markets together) resolve within the hour; at 60 min does not.
    expect(run.resolved!.length).toBeGreaterThanOrEqual(2);
    expect(run.ordersAtEnd).toBe(0);
    expect(run.settlement.toFixed()).toBe(run.resolved!.reduce((s, x) => s.add(x.settlement), new Decimal(0)).toFixed());
    const json = reportJson(report) as {
      settings: { ends?: unknown };
      strategies: { summary: Record<string, { mean: number | null }>; perRun: Record<string, unknown>[] }[];
    };
    expect(json.settings.ends).toEqual({ everySec: 1_200, resolveAfterSec: 60, stopBeforeEndSec: 300 });
    const perRun = json.strategies[0]!.perRun[0]!;
    expect(perRun.settlement).toBe(run.settlement.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6));
    expect(perRun.ordersAtEnd).toBe(0);
    expect(perRun.resolved).toHaveLength(run.resolved!.length);
    expect(json.strategies[0]!.summary.settlement!.mean).toBeCloseTo(run.settlement.toNumber(), 6);
    const text = reportTable(report);
    expect(text).toMatch(/settlement \(USDC\)\s+bands/);
    const ends = 'a market ends every 1200 s and resolves 60 s later (settled at 1 / 0), quoting stops 300 s before each end';
    expect(text).toContain(ends);
    const html = reportHtml(report, { name: 'uPlot', version: '0', script: '', css: '' });
    expect(html).toContain('<th rowspan="1">settlement<br><small>USDC</small></th>');
    expect(html).toContain(ends);
  });
});
