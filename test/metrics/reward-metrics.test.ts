/**
 * The reward estimates in /metrics and /status: score, share, the day's and the cumulative
 * estimated USDC per market, malformed rewards objects, and /status keeping them beside the PnL,
 * never in it. Figures from one estimator fed two hand-computed samples (shares 1/2 and 1/4 of a
 * market paying 144 a day: 0.05 + 0.025 USDC).
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { registerRewardMetrics } from '../../src/metrics/reward-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { parseRewardRules, RewardEstimator, type VisibleBook } from '../../src/rewards/index.js';

const d = (s: string) => new Decimal(s);
const lv = (price: string, size: string) => ({ price: d(price), size: d(size) });
/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600_000;
const PAYING = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });
const book: VisibleBook = { bids: [lv('0.49', '200')], asks: [lv('0.51', '200')] };
const bid = { outcome: 0 as const, side: 'BUY' as const, price: d('0.49'), size: d('100') };
const ask = { outcome: 0 as const, side: 'SELL' as const, price: d('0.51'), size: d('100') };

function estimator(): RewardEstimator {
  const e = new RewardEstimator();
  const bad = parseRewardRules({ rates: 'x', min_size: 1, max_spread: 1 });
  e.sample(T0, [
    { conditionId: 'm1', rewards: PAYING, books: [book, undefined], own: [bid, ask] },
    { conditionId: 'm2', rewards: bad, books: [book, undefined], own: [bid] },
  ]);
  e.sample(T0 + 60_000, [
    { conditionId: 'm1', rewards: PAYING, books: [book, undefined], own: [bid] },
    { conditionId: 'm2', rewards: bad, books: [book, undefined], own: [bid] },
  ]);
  return e;
}

function series(text: string, name: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
}

describe('reward metrics', () => {
  it('exports score, share, the estimated USDC and malformed rewards per market', async () => {
    const registry = createRegistry();
    const e = estimator();
    // m3: configured, never sampled yet: exported at 0 from the start.
    registerRewardMetrics(registry, { estimates: () => e.estimates(), malformed: () => e.malformed(), markets: () => ['m1', 'm3'] });
    const text = await registry.metrics();
    expect(series(text, 'makerd_reward_score')).toEqual([
      'makerd_reward_score{market="m1"} 18.75',
      'makerd_reward_score{market="m3"} 0',
      'makerd_reward_score{market="m2"} 0',
    ]);
    expect(series(text, 'makerd_reward_share')).toEqual([
      'makerd_reward_share{market="m1"} 0.25',
      'makerd_reward_share{market="m3"} 0',
      'makerd_reward_share{market="m2"} 0',
    ]);
    expect(series(text, 'makerd_rewards_estimated_today_usdc')).toEqual([
      'makerd_rewards_estimated_today_usdc{market="m1"} 0.075',
      'makerd_rewards_estimated_today_usdc{market="m3"} 0',
      'makerd_rewards_estimated_today_usdc{market="m2"} 0',
    ]);
    expect(series(text, 'makerd_rewards_estimated_usdc_total')).toEqual([
      'makerd_rewards_estimated_usdc_total{market="m1"} 0.075',
      'makerd_rewards_estimated_usdc_total{market="m3"} 0',
      'makerd_rewards_estimated_usdc_total{market="m2"} 0',
    ]);
    expect(series(text, 'makerd_reward_rules_malformed_total')).toEqual([
      'makerd_reward_rules_malformed_total{market="m1"} 0',
      'makerd_reward_rules_malformed_total{market="m3"} 0',
      'makerd_reward_rules_malformed_total{market="m2"} 1',
    ]);
    // Scraping again adds nothing; a third sample adds its 1/4 (0.025) to the counter.
    expect(series(await registry.metrics(), 'makerd_rewards_estimated_usdc_total')[0]).toBe(
      'makerd_rewards_estimated_usdc_total{market="m1"} 0.075',
    );
    e.sample(T0 + 120_000, [{ conditionId: 'm1', rewards: PAYING, books: [book, undefined], own: [bid] }]);
    expect(series(await registry.metrics(), 'makerd_rewards_estimated_usdc_total')[0]).toBe(
      'makerd_rewards_estimated_usdc_total{market="m1"} 0.1',
    );
  });

  it('counts the missed samples per market, from 0 for a configured market, by what they grew', async () => {
    const registry = createRegistry();
    const missed = new Map([['m1', 2]]);
    registerRewardMetrics(registry, { estimates: () => [], malformed: () => new Map(), missed: () => missed, markets: () => ['m1', 'm3'] });
    expect(series(await registry.metrics(), 'makerd_reward_samples_missed_total')).toEqual([
      'makerd_reward_samples_missed_total{market="m1"} 2',
      'makerd_reward_samples_missed_total{market="m3"} 0',
    ]);
    missed.set('m1', 5);
    missed.set('m3', 1);
    expect(series(await registry.metrics(), 'makerd_reward_samples_missed_total')).toEqual([
      'makerd_reward_samples_missed_total{market="m1"} 5',
      'makerd_reward_samples_missed_total{market="m3"} 1',
    ]);
  });

  it('/status shows the estimates per market and in total, apart from the PnL', () => {
    const clock = new FakeClock(T0 + 90_000);
    const e = estimator();
    const src: StatusSource = {
      version: '9.9.9',
      startedAtMs: T0,
      now: () => clock.now(),
      notReady: () => undefined,
      phase: () => 'trade',
      risk: () => undefined,
      portfolio: () => new Portfolio({ clock }).snapshot(),
      limiter: () => undefined,
      markets: () => ['m1', 'm2', 'm3'],
      bookAgeSeconds: () => 1,
      quotes: () => new Map(),
      lossLimits: () => undefined,
      streams: () => ({ enabled: { market: false, user: false }, probes: {} }),
      lastErrors: () => [],
      rewards: () => ({ day: e.day, estimates: e.estimates(), totalToday: e.totalToday() }),
    };
    const s = buildStatus(src);
    expect(s.rewards).toEqual({ day: '2026-01-01', estimatedToday: '0.075' });
    expect(s.markets.map((m) => m.rewards)).toEqual([
      { paying: true, score: '18.750000', share: '0.250000', dailyRate: '144', estimatedToday: '0.075' },
      { paying: false, score: '0.000000', share: '0.000000', dailyRate: '0', estimatedToday: '0' },
      undefined,
    ]);
    expect(s.pnl).toMatchObject({ realized: '0', unrealized: '0', total: '0' });
    expect(s.markets[0]?.pnl).toEqual({ realized: '0', unrealized: '0', total: '0' });
    expect(buildStatus({ ...src, rewards: () => undefined }).rewards).toBeNull();
  });
});
