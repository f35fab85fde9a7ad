/**
 * The once-a-minute reward sampler, through the parts the daemon gives it: the book store (as the
 * poller fills it) and the executor's order tracker (confirmed orders only, their remaining
 * size). Books as in test/rewards/reward-estimate.test.ts (v = 4 cents, min_size 100), so the
 * shares are the fractions worked out there.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import { ZERO } from '../../src/money.js';
import { parseRewardRules, RewardEstimator } from '../../src/rewards/index.js';
import { BookStore } from '../../src/trading/book-store.js';
import { RewardSampler } from '../../src/trading/reward-sampler.js';
import { book, d, MARKET, NOW, T0, T1 } from './fixtures.js';

const REWARDS = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });

function setup(withFootprints = false) {
  const clock = new FakeClock(NOW + 30_000);
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
  const sampler = new RewardSampler({
    clock,
    markets: [{ conditionId: MARKET, tokens: [T0, T1] }],
    books,
    liveOrders: (m) => tracker.liveOf(m),
    footprints: withFootprints ? (m, nowMs) => tracker.footprints(m, nowMs) : undefined,
    metadata: () => ({ rewards: REWARDS }),
    estimator,
    staleAfterMs: 100_000,
    onSample: () => saved++,
  });
  tracker.useClock(() => clock.now());
  return { clock, tracker, estimator, sampler, saved: () => saved, books };
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

    // Books 150 s old (stale after 100 s): nothing scores, the sample counts as 0.
    clock.advance(60_000);
    [m] = estimator.estimates();
    expect(m?.share.toFixed()).toBe('0');
    expect(m?.samples).toBe(3);
    expect(saved()).toBe(3);
    // Day: (4/19 + 4/21) / 1440 × 144 = (4/19 + 4/21) / 10.
    expect(m?.today.toFixed(30)).toBe(d('4').div(19).add(d('4').div(21)).div(10).toFixed(30));

    sampler.stop();
    clock.advance(600_000);
    expect(saved()).toBe(3);
  });

  it('does not give the others an order of ours cancelled after the book was taken', () => {
    const { clock, tracker, estimator, sampler } = setup(true);
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
});
