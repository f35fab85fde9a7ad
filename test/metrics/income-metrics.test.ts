/**
 * Income counted whole in /metrics (`makerd_income_usdc{market,part}`) and /status (`income` per
 * market and overall): the hand-made portfolio (test/portfolio/hand-made-portfolio.ts) and a
 * reward estimator whose first UTC day ended (0.075 USDC: credited) and whose second is under way
 * (0.025: estimated). Each part to the micro-USDC, and the parts summing to the total.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { registerIncomeMetrics } from '../../src/metrics/income-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { Decimal } from '../../src/money.js';
import { INCOME_PARTS } from '../../src/portfolio/income.js';
import { parseRewardRules, RewardEstimator, type VisibleBook } from '../../src/rewards/index.js';
import type { OwnRestingOrder } from '../../src/rewards/reward-estimate.js';
import { handMadePortfolio } from '../portfolio/hand-made-portfolio.js';

const d = (s: string) => new Decimal(s);
const lv = (price: string, size: string) => ({ price: d(price), size: d(size) });
const DAY = 86_400_000;
/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600_000;
const PAYING = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });
const book: VisibleBook = { bids: [lv('0.49', '200')], asks: [lv('0.51', '200')] };
const bid = { outcome: 0 as const, side: 'BUY' as const, price: d('0.49'), size: d('100') };
const ask = { outcome: 0 as const, side: 'SELL' as const, price: d('0.51'), size: d('100') };

/** Market 0xaaaa: shares 1/2 and 1/4 on day 1 (0.075 USDC, credited at its end), 1/4 on day 2 (0.025, estimated). */
function estimator(): RewardEstimator {
  const e = new RewardEstimator();
  const at = (ms: number, own: OwnRestingOrder[]) =>
    e.sample(ms, [{ conditionId: '0xaaaa', rewards: PAYING, books: [book, undefined], own }]);
  at(T0, [bid, ask]);
  at(T0 + 60_000, [bid]);
  at(T0 + DAY, [bid]);
  return e;
}

function series(text: string, name: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(`${name}{`));
}

describe('income counted whole', () => {
  it('exports makerd_income_usdc by market and part: the parts and their sum, other and all', async () => {
    const registry = createRegistry();
    const p = handMadePortfolio();
    const e = estimator();
    // 0xbbbb is no longer configured (`other`); 0xcccc is, with nothing yet (0 in every part).
    registerIncomeMetrics(registry, { portfolio: () => p.snapshot(), rewards: () => e.estimates(), markets: () => ['0xaaaa', '0xcccc'] });
    const lines = series(await registry.metrics(), 'makerd_income_usdc');
    const of = (market: string): Record<string, number> =>
      Object.fromEntries(
        lines.filter((l) => l.includes(`market="${market}"`)).map((l) => [/part="([a-z_]+)"/.exec(l)![1]!, Number(l.split(' ').pop())]),
      );
    expect(of('0xaaaa')).toEqual({
      trading: 0.35,
      settlement: 0,
      rebates: 0.012,
      unrealized: 0.3,
      rewards_estimated: 0.025,
      rewards_credited: 0.075,
      total: 0.762,
    });
    expect(of('other')).toEqual({
      trading: -0.0525,
      settlement: 3.5,
      rebates: 0,
      unrealized: 0,
      rewards_estimated: 0,
      rewards_credited: 0,
      total: 3.4475,
    });
    expect(of('0xcccc')).toEqual(Object.fromEntries(INCOME_PARTS.map((k) => [k, 0])));
    expect(of('all')).toEqual({
      trading: 0.2975,
      settlement: 3.5,
      rebates: 0.012,
      unrealized: 0.3,
      rewards_estimated: 0.025,
      rewards_credited: 0.075,
      total: 4.2095,
    });
    // total = PnL total + rewards (PnL total: 0.662 + 3.4475).
    expect(p.totals().totalPnl.add('0.1').toFixed()).toBe('4.2095');
  });

  it('/status shows the income by part per market and overall, beside pnl', () => {
    const clock = new FakeClock(T0 + DAY + 90_000);
    const p = handMadePortfolio();
    const e = estimator();
    const src: StatusSource = {
      version: '9.9.9',
      startedAtMs: T0,
      now: () => clock.now(),
      notReady: () => undefined,
      phase: () => 'trade',
      risk: () => undefined,
      portfolio: () => p.snapshot(),
      limiter: () => undefined,
      markets: () => ['0xaaaa', '0xcccc'],
      bookAgeSeconds: () => 1,
      quotes: () => new Map(),
      lossLimits: () => undefined,
      streams: () => ({ enabled: { market: false, user: false }, probes: {} }),
      lastErrors: () => [],
      rewards: () => ({ day: e.day, estimates: e.estimates(), totalToday: e.totalToday() }),
    };
    const s = buildStatus(src);
    expect(s.markets.map((m) => m.income)).toEqual([
      {
        trading: '0.35',
        settlement: '0',
        rebates: '0.012',
        unrealized: '0.3',
        rewards_estimated: '0.025',
        rewards_credited: '0.075',
        total: '0.762',
      },
      { trading: '0', settlement: '0', rebates: '0', unrealized: '0', rewards_estimated: '0', rewards_credited: '0', total: '0' },
    ]);
    // pnl keeps the trading figures alone: rewards never in it.
    expect(s.markets[0]!.pnl).toEqual({ realized: '0.362', unrealized: '0.3', total: '0.662' });
    // Overall: every market of the journal (0xbbbb's settlement included).
    expect(s.income).toEqual({
      trading: '0.2975',
      settlement: '3.5',
      rebates: '0.012',
      unrealized: '0.3',
      rewards_estimated: '0.025',
      rewards_credited: '0.075',
      total: '4.2095',
    });
    expect(s.pnl.total).toBe('4.1095');
    // Before the reward estimator exists: no rewards part.
    expect(buildStatus({ ...src, rewards: () => undefined }).income).toMatchObject({
      rewards_estimated: '0',
      rewards_credited: '0',
      total: '4.1095',
    });
  });
});
