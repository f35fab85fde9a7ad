/**
 * The backtester's accounting against a scripted market whose every fill is known in advance:
 * PnL (realized, unrealized, total), fees, rebates, inventory, volume, two-sided time and mark-out
 * come out to the last decimal, computed by hand below.
 *
 * Market: the catalog's single market of seed '2' (tick 0.01, minimum size 5); X = outcome 0,
 * Y = outcome 1. Fees: rate 0.25, exponent 2, makers pay none and receive 0.2 of the taker fee.
 * The strategy always wants bid 0.48 x 10 and ask 0.52 x 10 (outcome-0 space); the flow is a
 * script of one maker and one taker:
 *
 *   t=0    maker: X 0.45/0.55, Y 0.45/0.55 (x100)            mid0 0.50
 *          we: BUY X 0.48 x10 (bid), BUY Y 0.48 x10 (ask: no X held)
 *   t=10   taker SELL X 10 @0.48 FAK -> we buy 10 X at 0.48
 *          we now hold X, but the ask rests as BUY Y 0.48 x10 and keeps its leg (legs.ts: a
 *          resting quote is not moved to the SELL leg); a new bid BUY X 0.48 x10 is placed
 *   t=30   maker: X 0.43/0.49, Y 0.51/0.57                    mid0 0.46 (ours left out)
 *   t=80   maker: X 0.45/0.55, Y 0.45/0.55                    mid0 0.50
 *   t=100  taker SELL Y 5 @0.48 FAK -> we buy 5 Y at 0.48, i.e. sell 5 X at 0.52 in outcome-0
 *          space (5 left of that order); we hold 10 X and 5 Y
 *   t=130  maker: X 0.49/0.59, Y 0.41/0.51                    mid0 0.54
 *   t=200  end.
 *
 * Fill 1: taker fee 0.25 x 10 x (0.48 x 0.52)^2 = 0.1557504 -> 0.155750; our rebate 0.031150.
 * Fill 2: taker fee 0.25 x 5 x (0.48 x 0.52)^2 = 0.0778752 -> 0.077875; our rebate 0.015575.
 * Realized: nothing sold, the rebates only: 0.046725.
 * Unrealized at the final mid: X 10 x (0.54 - 0.48) = 0.6, Y 5 x (0.46 - 0.48) = -0.1: 0.5.
 * Total 0.546725 (the 5 pairs are worth 1 each whatever the outcome: as selling 5 X at 0.52).
 * Mark-out at 0 s: fill 1 +0.02 (mid 0.50), fill 2 +0.02 -> 0.02 per share, total 0.3.
 * Mark-out at 60 s: fill 1 at the poll of t=70, mid 0.46: 0.46 - 0.48 = -0.02 (x10);
 *                   fill 2 at the poll of t=160, mid 0.54: 0.52 - 0.54 = -0.02 (x5)
 *                   -> -0.02 per share, total -0.3 over 15 shares.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { makerUsers, takerUsers } from '../../src/sim/catalog/index.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import type { SimAccount } from '../../src/sim/contracts.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { runBacktest, type BacktestSettings, type FlowFactory } from '../../src/backtest/run-backtest.js';
import { fixedQuotes } from '../support/fixed-quotes.js';

type Action = (
  place: (who: 'maker' | 'taker', token: 0 | 1, side: 'BUY' | 'SELL', price: string, size: number) => void,
  requote: (x: [string, string], y: [string, string]) => void,
) => void;

const SCRIPT: readonly (readonly [number, Action])[] = [
  [0, (_p, requote) => requote(['0.45', '0.55'], ['0.45', '0.55'])],
  [10, (place) => place('taker', 0, 'SELL', '0.48', 10)],
  [30, (_p, requote) => requote(['0.43', '0.49'], ['0.51', '0.57'])],
  [80, (_p, requote) => requote(['0.45', '0.55'], ['0.45', '0.55'])],
  [100, (place) => place('taker', 1, 'SELL', '0.48', 5)],
  [130, (_p, requote) => requote(['0.49', '0.59'], ['0.41', '0.51'])],
];

const scripted: FlowFactory = (ctx) => {
  const market = ctx.catalog.markets[0]!;
  const maker: SimAccount = makerUsers(ctx.catalog)[0]!;
  const taker: SimAccount = takerUsers(ctx.catalog)[0]!;
  const start = ctx.clock.now();
  let next = 0;
  let seq = 0;
  const place = (who: 'maker' | 'taker', token: 0 | 1, side: 'BUY' | 'SELL', price: string, size: number): void => {
    const account = who === 'maker' ? maker : taker;
    const res = ctx.exchange.placeOrder(account, {
      order: { asset_id: market.tokenIds[token], side, price, size: String(size), expiration: '0', client_order_id: `script-${++seq}` },
      owner: account.apiKey,
      orderType: who === 'maker' ? 'GTC' : 'FAK',
      postOnly: who === 'maker',
    });
    if (!res.success) throw new Error(`script: ${who} ${side} ${price} refused: ${res.errorMsg}`);
  };
  const requote = (x: [string, string], y: [string, string]): void => {
    ctx.exchange.cancelMarketOrders(maker, { market: market.conditionId });
    place('maker', 0, 'BUY', x[0], 100);
    place('maker', 0, 'SELL', x[1], 100);
    place('maker', 1, 'BUY', y[0], 100);
    place('maker', 1, 'SELL', y[1], 100);
  };
  return {
    step() {
      const elapsedS = (ctx.clock.now() - start) / 1000;
      while (next < SCRIPT.length && SCRIPT[next]![0] <= elapsedS) SCRIPT[next++]![1](place, requote);
    },
  };
};

const settings: BacktestSettings = {
  hours: 200 / 3600,
  markets: 1,
  pollIntervalMs: 1_000,
  staleAfterMs: 5_000,
  flow: resolveFlowParams({ stepMs: 1_000 }),
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 20,
};

describe('backtest accounting on a scripted flow', () => {
  const r = runBacktest({
    seed: '2',
    strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null },
    settings,
    flow: scripted,
  });

  it('books the two fills with their fees and rebates exactly', () => {
    expect(r.fills).toBe(2);
    expect(r.fees.toFixed()).toBe('0');
    expect(r.rebates.toFixed()).toBe('0.046725');
    expect(r.volumeShares.toFixed()).toBe('15');
    expect(r.volumeNotional.toFixed()).toBe('7.2');
  });

  it('gives realized, unrealized and total PnL to the last decimal', () => {
    expect(r.realizedPnl.toFixed()).toBe('0.046725');
    expect(r.unrealizedPnl.toFixed()).toBe('0.5');
    expect(r.totalPnl.toFixed()).toBe('0.546725');
  });

  it('tracks inventory and two-sided time', () => {
    expect(r.maxInventory.toFixed()).toBe('10');
    expect(r.finalInventory.toFixed()).toBe('5');
    expect(r.twoSidedShare).toBe(1);
    expect(r.marketTimeS).toBe(200);
  });

  it('measures mark-out at the fill and after 60 s, signed so that adverse selection is negative', () => {
    const at = (h: number) => r.markouts.find((m) => m.horizonS === h)!;
    expect(at(0).perShare?.toFixed()).toBe('0.02');
    expect(at(0).total.toFixed()).toBe('0.3');
    expect(at(60).perShare?.toFixed()).toBe('-0.02');
    expect(at(60).total.toFixed()).toBe('-0.3');
    expect(at(60).shares.toFixed()).toBe('15');
    expect(at(60).fills).toBe(2);
    expect(at(60).unresolved).toBe(0);
    // Both fills were adverse at 60 s (all 15 shares), neither at the fill.
    expect([at(60).adverseShares.toFixed(), at(60).adverseFills]).toEqual(['15', 2]);
    expect([at(0).adverseShares.toFixed(), at(0).adverseFills]).toEqual(['0', 0]);
  });

  it('records the PnL series ending at the final total', () => {
    const last = r.series[r.series.length - 1]!;
    expect(last.t).toBe(200);
    expect(last.pnl).toBeCloseTo(0.546725, 10);
    expect(last.inventory).toBe(5);
  });
});

/**
 * Liquidity rewards in virtual time, on the same script. Terms: 1,440 USDC a day (1 per minute's
 * sample, times the share), max_spread 10 cents, min_size 10 (so our 10-share orders count for the
 * adjusted midpoint too). A run of 100 s is sampled at t = 0 and t = 60 (not at its end).
 *
 * t=0   X: bids ours 0.48x10, maker 0.45x100; asks maker 0.55x100. Y: bids ours 0.48x10, maker
 *       0.45x100; asks maker 0.55x100. Adjusted mids X 0.515, Y 0.515. Per share ((10 - s)/10)²:
 *       ours: X bid s=3.5 -> 0.4225 x 10 = 4.225 (Q_one), Y bid 4.225 (Q_two): Q_min 4.225.
 *       maker: X bid s=6.5 12.25 + Y ask s=3.5 42.25 (Q_one 54.5); X ask 42.25 + Y bid 12.25
 *       (Q_two 54.5): Q_min 54.5. Our share 4.225 / 58.725.
 * t=60  (we bought 10 X at t=10; the ask still rests as BUY Y 0.48 x10, and a new bid 0.48 x10;
 *       the maker requoted at t=30) X: bids ours 0.48x10, maker 0.43x100; asks maker 0.49x100.
 *       Y: bids maker 0.51x100, ours 0.48x10; asks maker 0.57x100. Mids X 0.485, Y 0.54.
 *       ours: X bid s=0.5 -> 9.025 (Q_one), Y bid s=6 -> 1.6 (Q_two): Q_min = max(1.6, 9.025 / 3)
 *       = 9.025 / 3.
 *       maker: X bid s=5.5 20.25 + Y ask s=3 49 = 69.25 (Q_one); X ask s=0.5 90.25 + Y bid 49 =
 *       139.25 (Q_two): Q_min = max(69.25, 139.25 / 3) = 69.25. Our share (9.025 / 3) / (9.025 / 3 + 69.25).
 * Rewards = (4.225 / 58.725 + 3.008333.. / 72.258333..) x 1440 / 1440, rounded down to micro-USDC.
 */
describe('backtest rewards on the scripted flow', () => {
  const terms = { dailyRate: 1440, maxSpread: 10, minSize: 10 };
  const short = runBacktest({
    seed: '2',
    strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null },
    settings: { ...settings, hours: 100 / 3600, rewards: terms },
    flow: scripted,
  });

  it('credits the hand-computed share of each minute, pro rata for a run shorter than a day', () => {
    const ours60 = new Decimal('9.025').div(3);
    const expected = new Decimal('4.225').div('58.725').plus(ours60.div(ours60.plus('69.25')));
    expect(short.rewards.toFixed()).toBe(expected.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed());
    expect(short.rewards.toFixed()).toBe('0.113578');
    expect(short.total.toFixed()).toBe(short.totalPnl.plus(short.rewards).toFixed());
  });

  it('reads the books only: trading is the same with and without paying terms', () => {
    const paid = runBacktest({
      seed: '2',
      strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null },
      settings: { ...settings, rewards: terms },
      flow: scripted,
    });
    const none = runBacktest({
      seed: '2',
      strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null },
      settings: { ...settings, rewards: { ...terms, dailyRate: 0 } },
      flow: scripted,
    });
    for (const x of [paid, none]) {
      expect(x.totalPnl.toFixed()).toBe('0.546725');
      expect(x.fills).toBe(2);
    }
    expect(none.rewards.toFixed()).toBe('0');
    expect(none.total.toFixed()).toBe('0.546725');
    expect(paid.rewards.gt(short.rewards)).toBe(true);
    expect(paid.total.toFixed()).toBe(paid.totalPnl.plus(paid.rewards).toFixed());
  });
});
