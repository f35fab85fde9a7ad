/**
 * `keepTicks`: the reward-aware stage keeps a resting order that still scores in place of the
 * side's scoring quote when it lies at most keepTicks ticks behind it and is no larger, and
 * otherwise re-prices as before. Book AROUND_HALF: adjusted midpoint 0.50, max_spread 3 cents,
 * min_size 50, tick 0.01.
 */
import { describe, expect, it } from 'vitest';
import { rewardQuotes } from '../../src/rewards/reward-quoting.js';
import { liveOrder } from '../strategy/view-fixture.js';
import { AROUND_HALF, q, rewardView, settings, shown } from './reward-quoting-fixture.js';

const wanted = [q('bid', '0.49', '20'), q('ask', '0.51', '20')];
const keep1 = settings({ keepTicks: 1 });

describe('keepTicks', () => {
  it('keeps a scoring order one tick behind the enlarged quote, on either token', () => {
    // Bid 0.48 x 50 rests on outcome 0; the ask 0.52 x 50 as a BUY of outcome 1 at 0.48.
    const live = [liveOrder('b', 0, 'BUY', '0.48', '50'), liveOrder('a', 1, 'BUY', '0.48', '50')];
    const view = rewardView({ ...AROUND_HALF, live });
    expect(shown(rewardQuotes(view, wanted, keep1))).toEqual(['bid 0.48 x 50', 'ask 0.52 x 50']);
    // Without keepTicks the stage re-prices them to the strategy's prices, as before.
    expect(shown(rewardQuotes(view, wanted, settings()))).toEqual(['bid 0.49 x 50', 'ask 0.51 x 50']);
    // A SELL of outcome 1 at 0.52 is a bid at 0.48 too.
    const sell1 = rewardView({ ...AROUND_HALF, live: [liveOrder('s', 1, 'SELL', '0.52', '50')] });
    expect(shown(rewardQuotes(sell1, wanted, keep1))).toEqual(['bid 0.48 x 50', 'ask 0.51 x 50']);
  });

  it('keeps a partly filled order that still scores at its own size, not re-posted to top it up', () => {
    const view = rewardView({ ...AROUND_HALF, live: [liveOrder('b', 0, 'BUY', '0.49', '120')] });
    const big = [q('bid', '0.49', '200'), q('ask', '0.51', '200')];
    expect(shown(rewardQuotes(view, big, keep1))).toEqual(['bid 0.49 x 120', 'ask 0.51 x 200']);
  });

  it('re-prices an order too far behind, nearer the touch, larger, below min_size or not scoring', () => {
    const cases: [string, ReturnType<typeof liveOrder>, Record<string, unknown>][] = [
      ['two ticks behind', liveOrder('b', 0, 'BUY', '0.47', '50'), { keepTicks: 1 }],
      ['nearer the touch', liveOrder('b', 0, 'BUY', '0.50', '50'), { keepTicks: 1 }],
      ['larger than the quote', liveOrder('b', 0, 'BUY', '0.48', '60'), { keepTicks: 1 }],
      ['below min_size', liveOrder('b', 0, 'BUY', '0.48', '40'), { keepTicks: 1 }],
      ['3 cents away: scores 0', liveOrder('b', 0, 'BUY', '0.47', '50'), { keepTicks: 5 }],
    ];
    for (const [what, order, raw] of cases) {
      const view = rewardView({ ...AROUND_HALF, live: [order] });
      expect(shown(rewardQuotes(view, wanted, settings(raw))), what).toEqual(['bid 0.49 x 50', 'ask 0.51 x 50']);
    }
  });

  it('keeps the nearest qualifying order, and never onto a price another quote of the side holds', () => {
    const live = [liveOrder('far', 0, 'BUY', '0.47', '50'), liveOrder('near', 0, 'BUY', '0.48', '50')];
    const two = settings({ keepTicks: 2, maxSize: '500' });
    // 0.47 is exactly 3 cents away and scores 0: 0.48 is the one kept.
    expect(shown(rewardQuotes(rewardView({ ...AROUND_HALF, live }), wanted, two))).toEqual(['bid 0.48 x 50', 'ask 0.51 x 50']);
    const second = [q('bid', '0.49', '20'), q('bid', '0.48', '20'), q('ask', '0.51', '20')];
    const view = rewardView({ ...AROUND_HALF, live: [liveOrder('b', 0, 'BUY', '0.48', '50')] });
    expect(shown(rewardQuotes(view, second, two))).toEqual(['bid 0.49 x 50', 'bid 0.48 x 20', 'ask 0.51 x 50']);
  });

  it('is an integer of ticks from 0 to 100, 0 by default', () => {
    expect(settings().keepTicks).toBe(0);
    expect(() => settings({ keepTicks: 1.5 })).toThrow('test: params.rewards.keepTicks must be an integer >= 0 and <= 100 (got 1.5)');
  });
});
