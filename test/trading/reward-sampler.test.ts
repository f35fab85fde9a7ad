/**
 * The once-a-minute reward sampler, through the parts the daemon gives it: the book store (as the
 * poller fills it) and the executor's order tracker (confirmed orders only, their remaining
 * size). Books as in test/rewards/reward-estimate.test.ts (v = 4 cents, min_size 100), so the
 * shares are the fractions worked out there.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/clock.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import { ZERO } from '../../src/money.js';
import { parseRewardRules, RewardEstimator } from '../../src/rewards/index.js';
import type { MissEpisode } from '../../src/rewards/missed-samples.js';
import { BookStore } from '../../src/trading/book-store.js';
import { RewardSampler } from '../../src/trading/reward-sampler.js';
import { book, d, MARKET, NOW, T0, T1 } from './fixtures.js';

const REWARDS = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });

/** A clock whose next timer fires `late` ms after it is due (a blocked event loop, a suspended host). */
class LateClock implements Clock {
  late = 0;
  constructor(readonly inner: FakeClock) {}
  now(): number {
    return this.inner.now();
  }
  setTimer(fn: () => void, ms: number) {
    const handle = this.inner.setTimer(fn, ms + this.late);
    this.late = 0;
    return handle;
  }
  clearTimer(handle: { readonly id: number }): void {
    this.inner.clearTimer(handle);
  }
}

interface SetupOptions {
  readonly withFootprints?: boolean;
  readonly metadata?: (market: string) => { rewards: ReturnType<typeof parseRewardRules> } | undefined;
}

function setup({ withFootprints = false, metadata = () => ({ rewards: REWARDS }) }: SetupOptions = {}) {
  const clock = new FakeClock(NOW + 30_000);
  const late = new LateClock(clock);
  const books = new BookStore();
  const at = NOW + 30_000;
  const b0 = book(T0, {
    bids: [
      ['0.49', '300'],
      ['0.48', '200'],
    ],
    asks: [
      ['0.51', '100'],
      ['0.53', '150'],
    ],
    timestampMs: at,
  });
  const b1 = book(T1, { bids: [['0.47', '100']], asks: [['0.52', '100']], timestampMs: at });
  books.setPolled(T0, b0, b0.mid);
  books.setPolled(T1, b1, b1.mid);
  /** Both books polled again, as they were, at `atMs`. */
  const poll = (atMs: number) => {
    for (const b of [b0, b1]) books.setPolled(b.tokenId, { ...b, timestampMs: atMs }, b.mid);
  };
  const tracker = new OrderTracker();
  const place = (client: string, tokenId: string, side: 'BUY' | 'SELL', price: string, size: string) =>
    tracker.addPending(
      { conditionId: MARKET, tokenId, side, price: d(price), size: d(size), quoteSide: side === 'BUY' ? 'bid' : 'ask' },
      client,
      at,
    );
  place('c1', T0, 'BUY', '0.49', '100');
  tracker.confirm('c1', 'o1', ZERO, at);
  // 200 placed, 50 filled: 150 rest.
  place('c2', T0, 'SELL', '0.53', '200');
  tracker.confirm('c2', 'o2', d('50'), at);
  // Not confirmed yet: not in the venue's book, not scored.
  place('c3', T1, 'BUY', '0.50', '500');
  const estimator = new RewardEstimator();
  let saved = 0;
  const started: MissEpisode[] = [];
  const resumed: MissEpisode[] = [];
  const sampler = new RewardSampler({
    clock: late,
    markets: [{ conditionId: MARKET, tokens: [T0, T1] }],
    books,
    liveOrders: (m) => tracker.liveOf(m),
    footprints: withFootprints ? (m, nowMs) => tracker.footprints(m, nowMs) : undefined,
    metadata,
    estimator,
    staleAfterMs: 100_000,
    onSample: () => saved++,
    onMissStart: (e) => started.push(e),
    onResume: (e) => resumed.push(e),
  });
  tracker.useClock(() => clock.now());
  return { clock, late, tracker, estimator, sampler, saved: () => saved, books, poll, started, resumed };
}

describe('RewardSampler', () => {
  it('samples at the start of every minute from the book store and the live orders', () => {
    const { clock, tracker, estimator, sampler, saved } = setup();
    sampler.start();
    clock.advance(29_999);
    expect(saved()).toBe(0);
    clock.advance(1); // NOW + 60 s
    expect(saved()).toBe(1);
    // Ours 18.75 against the others' 70.3125: 4 / 19.
    let [m] = estimator.estimates();
    expect(m?.score.toFixed()).toBe('18.75');
    expect(m?.othersScore.toFixed()).toBe('70.3125');
    expect(m?.share.toFixed(30)).toBe(d('4').div(19).toFixed(30));

    // Our ask cancelled: its 150 @ 0.53 now counts as the others' ((1/4)² · 150 = 9.375 on Q_two):
    // theirs max(min(176.5625, 79.6875), 176.5625 / 3) = 79.6875, ours 18.75: 4 / 21.
    tracker.dropClient('c2');
    clock.advance(60_000);
    [m] = estimator.estimates();
    expect(m?.othersScore.toFixed()).toBe('79.6875');
    expect(m?.share.toFixed(30)).toBe(d('4').div(21).toFixed(30));

    // Books 150 s old (stale after 100 s): the market's minute is missed (0 in the day), counted.
    clock.advance(60_000);
    [m] = estimator.estimates();
    expect(m?.samples).toBe(2);
    expect(sampler.missed().get(MARKET)).toBe(1);
    expect(saved()).toBe(3);
    // Day: (4/19 + 4/21) / 1440 × 144 = (4/19 + 4/21) / 10.
    expect(m?.today.toFixed(30)).toBe(d('4').div(19).add(d('4').div(21)).div(10).toFixed(30));

    sampler.stop();
    clock.advance(600_000);
    expect(saved()).toBe(3);
  });

  it('does not give the others an order of ours cancelled after the book was taken', () => {
    const { clock, tracker, estimator, sampler } = setup({ withFootprints: true });
    sampler.start();
    // Our ask cancelled at NOW + 50 s; the books are of NOW + 30 s and still show its 150 @ 0.53.
    clock.advance(20_000);
    tracker.dropClient('c2');
    clock.advance(10_000); // NOW + 60 s
    const [m] = estimator.estimates();
    // The 0.53 level is taken out whole: the others keep 70.3125 (not 79.6875), ours is the lone
    // bid's 18.75: 18.75 / 89.0625 = 4 / 19.
    expect(m?.othersScore.toFixed()).toBe('70.3125');
    expect(m?.score.toFixed()).toBe('18.75');
    expect(m?.share.toFixed(30)).toBe(d('4').div(19).toFixed(30));
  });

  it('counts every minute a late timer passed (150 s late: 2 missed), then samples the minute it fires in', () => {
    const { clock, late, estimator, sampler, saved, poll, started, resumed } = setup();
    late.late = 150_000;
    sampler.start(); // due at NOW + 60 s, fires at NOW + 210 s
    clock.advance(170_000); // NOW + 200 s
    expect(saved()).toBe(0);
    poll(NOW + 200_000);
    clock.advance(10_000); // NOW + 210 s: the minutes of NOW + 60 s and NOW + 120 s are gone
    expect(sampler.missed().get(MARKET)).toBe(2);
    expect(estimator.estimates()[0]?.samples).toBe(1);
    expect(estimator.estimates()[0]?.share.toFixed(30)).toBe(d('4').div(19).toFixed(30));
    expect(saved()).toBe(1);
    // One episode: logged when it starts and once when the market is sampled again.
    expect(started).toEqual([{ market: MARKET, sinceMs: NOW + 60_000, minutes: 2, reasons: { late: 2 } }]);
    expect(resumed).toEqual([{ market: MARKET, sinceMs: NOW + 60_000, minutes: 2, reasons: { late: 2 } }]);
    // Back on the minute: NOW + 240 s is sampled, nothing more missed or logged.
    clock.advance(30_000);
    expect(saved()).toBe(2);
    expect(estimator.estimates()[0]?.samples).toBe(2);
    expect(sampler.missed().get(MARKET)).toBe(2);
    expect([started.length, resumed.length]).toEqual([1, 1]);
  });

  it('samples a timer a few seconds late within its own minute: nothing missed', () => {
    const { clock, late, estimator, sampler, started } = setup();
    late.late = 5_000;
    sampler.start();
    clock.advance(35_000); // NOW + 65 s
    expect(estimator.estimates()[0]?.samples).toBe(1);
    expect(sampler.missed().size).toBe(0);
    expect(started).toEqual([]);
  });

  it('waits for its minute when the timer fires early, missing nothing', () => {
    const { clock, late, estimator, sampler } = setup();
    late.late = -1; // due at NOW + 60 s, fires at NOW + 59.999 s
    sampler.start();
    clock.advance(29_999);
    expect(estimator.estimates()).toEqual([]);
    clock.advance(1);
    expect(estimator.estimates()[0]?.samples).toBe(1);
    expect(sampler.missed().size).toBe(0);
  });

  it('counts a market whose book is stale at the minute as missed, logged once per episode', () => {
    const { clock, estimator, sampler, poll, started, resumed } = setup();
    sampler.start();
    clock.advance(30_000); // NOW + 60 s: sampled (books of NOW + 30 s)
    clock.advance(120_000); // NOW + 120 s fresh (90 s), NOW + 180 s stale (150 s)
    clock.advance(120_000); // NOW + 240 s, NOW + 300 s stale
    expect(estimator.estimates()[0]?.samples).toBe(2);
    expect(sampler.missed().get(MARKET)).toBe(3);
    expect(started).toEqual([{ market: MARKET, sinceMs: NOW + 180_000, minutes: 1, reasons: { 'book stale': 1 } }]);
    expect(resumed).toEqual([]);
    poll(NOW + 330_000);
    clock.advance(60_000); // NOW + 360 s: sampled again
    expect(estimator.estimates()[0]?.samples).toBe(3);
    expect(resumed).toEqual([{ market: MARKET, sinceMs: NOW + 180_000, minutes: 3, reasons: { 'book stale': 3 } }]);
    expect(started.length).toBe(1);
    // A second episode is a second pair of lines.
    clock.advance(120_000); // NOW + 420 s fresh (90 s), NOW + 480 s stale
    expect(started.map((e) => e.sinceMs)).toEqual([NOW + 180_000, NOW + 480_000]);
    expect(sampler.missed().get(MARKET)).toBe(4);
  });

  it('counts a missing book, unknown rules of a paying market and an exception, and keeps sampling', () => {
    let rules: 'paying' | 'unknown' | 'throw' = 'paying';
    const { clock, books, estimator, sampler, poll, started, resumed } = setup({
      metadata: () => {
        if (rules === 'throw') throw new Error('metadata broke');
        return rules === 'paying' ? { rewards: REWARDS } : undefined;
      },
    });
    sampler.start();
    clock.advance(30_000); // NOW + 60 s: sampled
    rules = 'unknown';
    clock.advance(60_000); // NOW + 120 s: no rules
    rules = 'throw';
    poll(NOW + 170_000);
    clock.advance(60_000); // NOW + 180 s: an exception reading the market
    rules = 'paying';
    books.forget([T1]);
    clock.advance(60_000); // NOW + 240 s: outcome 1's book missing
    poll(NOW + 290_000);
    clock.advance(60_000); // NOW + 300 s: sampled
    expect(estimator.estimates()[0]?.samples).toBe(2);
    expect(sampler.missed().get(MARKET)).toBe(3);
    expect(started).toEqual([{ market: MARKET, sinceMs: NOW + 120_000, minutes: 1, reasons: { 'no rules': 1 } }]);
    expect(resumed).toEqual([
      { market: MARKET, sinceMs: NOW + 120_000, minutes: 3, reasons: { 'no rules': 1, 'error: metadata broke': 1, 'book missing': 1 } },
    ]);
  });

  it('counts nothing for a market that pays nothing, book or not', () => {
    const none = parseRewardRules({ rates: [], min_size: 100, max_spread: 4 });
    const { clock, late, sampler, started } = setup({ metadata: () => ({ rewards: none }) });
    late.late = 150_000;
    sampler.start();
    clock.advance(300_000); // late, and the books stale
    expect(sampler.missed().size).toBe(0);
    expect(started).toEqual([]);
  });
});
