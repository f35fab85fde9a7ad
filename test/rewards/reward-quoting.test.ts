/**
 * The reward-aware quoting stage on hand-worked cases: what it leaves alone, what it enlarges,
 * moves or adds and where (the arithmetic in the comments), what it refuses to do, and the errors
 * of its settings. The book of most cases is AROUND_HALF: with min_size 50 its qualifying best
 * levels are 0.49 and 0.51, so the adjusted midpoint is 0.50; max_spread 3 cents.
 */
import { describe, expect, it } from 'vitest';
import { parseQuotingParams } from '../../src/guard/index.js';
import { Decimal } from '../../src/money.js';
import { rewardMidpoint, rewardQuotes } from '../../src/rewards/reward-quoting.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import bands from '../../strategies/bands.js';
import { liveOrder } from '../strategy/view-fixture.js';
import { AROUND_HALF, REWARDS, q, rewardView, settings, shown } from './reward-quoting-fixture.js';

const view = rewardView(AROUND_HALF);
const S = settings();

describe('what passes through unchanged', () => {
  const wanted = [q('bid', '0.46', '20'), q('ask', '0.54', '20')];

  it('the stage off, a market paying nothing, a malformed rewards object, rewards never read', () => {
    expect(rewardQuotes(view, wanted, settings({ enabled: false }))).toBe(wanted);
    const none = rewardView({ ...AROUND_HALF, rewards: { rates: [], min_size: 0, max_spread: 0 } });
    expect(none.meta.rewards?.kind).toBe('none');
    expect(rewardQuotes(none, wanted, S)).toBe(wanted);
    const malformed = rewardView({ ...AROUND_HALF, rewards: { rates: [{ rewards_daily_rate: 'lots' }], min_size: 50, max_spread: 3 } });
    expect(malformed.meta.rewards?.kind).toBe('malformed');
    expect(rewardQuotes(malformed, wanted, S)).toBe(wanted);
    const unread = { ...view, meta: { ...view.meta, rewards: undefined } };
    expect(rewardQuotes(unread, wanted, S)).toBe(wanted);
  });

  it('an empty quote list (the strategy pulled) stays empty', () => {
    expect(rewardQuotes(view, [], S)).toEqual([]);
  });

  it('a book with no level of min_size on a side of either token: no midpoint to score against', () => {
    // min_size 130: outcome 0 has the bid 0.48 × 250 but no ask that large; outcome 1 (the mirror
    // image) has the ask 0.52 × 250 but no bid.
    const thin = rewardView({ ...AROUND_HALF, rewards: { ...REWARDS, min_size: 130 } });
    expect(rewardMidpoint(thin, new Decimal(130))).toBeUndefined();
    expect(rewardQuotes(thin, wanted, S)).toBe(wanted);
  });

  it('quotes that already score on both sides', () => {
    // 0.48 is 2 cents from 0.50 (< 3) and 60 >= 50.
    const scoring = [q('bid', '0.48', '60'), q('ask', '0.52', '50'), q('ask', '0.55', '10')];
    expect(rewardQuotes(view, scoring, S)).toBe(scoring);
  });
});

describe('the adjusted midpoint', () => {
  it('leaves out levels below min_size and our own orders', () => {
    expect(rewardMidpoint(view, new Decimal(50))?.toFixed()).toBe('0.5');
    // Our 60 at 0.49 leaves 40 of others there (< 50): the best qualifying bid is 0.48, mid 0.495.
    const withOurs = rewardView({ ...AROUND_HALF, live: [liveOrder('o1', 0, 'BUY', '0.49', '60')] });
    expect(rewardMidpoint(withOurs, new Decimal(50))?.toFixed()).toBe('0.495');
    // min_size 90: outcome 0's 0.51 × 80 is out, 0.52 × 120 in: (0.49 + 0.52) / 2 = 0.505.
    expect(rewardMidpoint(view, new Decimal(90))?.toFixed()).toBe('0.505');
  });

  it("falls back to 1 − outcome 1's when outcome 0's book has none", () => {
    const v = rewardView({ bids: [['0.49', '10']], asks: [['0.51', '10']], bids1: [['0.38', '100']], asks1: [['0.42', '100']] });
    expect(rewardMidpoint(v, new Decimal(50))?.toFixed()).toBe('0.6');
  });
});

describe('making each side score', () => {
  it('enlarges a quote inside max_spread to min_size, at its own price', () => {
    expect(shown(rewardQuotes(view, [q('bid', '0.48', '20'), q('ask', '0.52', '20')], S))).toEqual(['bid 0.48 x 50', 'ask 0.52 x 50']);
  });

  it('moves the nearest quote beyond max_spread to spreadFraction × max_spread, rounded away from the touch', () => {
    // 0.50 − 0.5 × 0.03 = 0.485 -> 0.48 (2 cents < 3); 0.515 -> 0.52. The farther bid stays.
    const out = rewardQuotes(view, [q('bid', '0.46', '20'), q('bid', '0.44', '20'), q('ask', '0.54', '70')], S);
    expect(shown(out)).toEqual(['bid 0.48 x 50', 'bid 0.44 x 20', 'ask 0.52 x 70']);
  });

  it('rounds toward the touch when away would reach max_spread', () => {
    // max_spread 2, fraction 0.9: 0.50 − 0.018 = 0.482 -> 0.48 is 2 cents (not < 2) -> 0.49.
    const v = rewardView({ ...AROUND_HALF, rewards: { ...REWARDS, max_spread: 2 } });
    const out = rewardQuotes(v, [q('bid', '0.45', '50'), q('ask', '0.55', '50')], settings({ spreadFraction: '0.9' }));
    expect(shown(out)).toEqual(['bid 0.49 x 50', 'ask 0.51 x 50']);
  });

  it('treats a quote exactly max_spread away as not scoring (S = 0 there)', () => {
    expect(shown(rewardQuotes(view, [q('bid', '0.47', '60'), q('ask', '0.52', '50')], S))).toEqual(['bid 0.48 x 60', 'ask 0.52 x 50']);
  });

  it('enlarges the nearest quote inside max_spread and leaves the others', () => {
    // 0.48 is inside (2 cents) but 20 < 50; 0.47 is 3 cents away, not inside.
    const out = rewardQuotes(view, [q('bid', '0.48', '20'), q('bid', '0.47', '20'), q('ask', '0.52', '50')], S);
    expect(shown(out)).toEqual(['bid 0.48 x 50', 'bid 0.47 x 20', 'ask 0.52 x 50']);
  });

  it('sizes at min_size × sizeMultiple rounded up to the size step, and at least the market minimum', () => {
    // 33 × 1.5 = 49.5 -> step 1 -> 50.
    const v = rewardView({ ...AROUND_HALF, rewards: { ...REWARDS, min_size: 33 }, sizeStep: '1' });
    expect(shown(rewardQuotes(v, [q('bid', '0.48', '10'), q('ask', '0.52', '10')], settings({ sizeMultiple: '1.5' })))).toEqual([
      'bid 0.48 x 50',
      'ask 0.52 x 50',
    ]);
    // min_size 20 under the market's 25-share minimum order: 25.
    const w = rewardView({ ...AROUND_HALF, rewards: { ...REWARDS, min_size: 20 }, minOrderSize: '25' });
    expect(shown(rewardQuotes(w, [q('bid', '0.46', '25'), q('ask', '0.52', '10')], S))).toEqual(['bid 0.48 x 25', 'ask 0.52 x 25']);
  });

  it('adds the side the strategy left out (one side alone scores a third), unless twoSided is off', () => {
    expect(shown(rewardQuotes(view, [q('bid', '0.48', '50')], S))).toEqual(['bid 0.48 x 50', 'ask 0.52 x 50']);
    expect(shown(rewardQuotes(view, [q('bid', '0.48', '50')], settings({ twoSided: false })))).toEqual(['bid 0.48 x 50']);
  });

  it('keeps a new quote short of the other side of the book', () => {
    // A 5-share ask at 0.48 (below min_size) leaves the adjusted midpoint at (0.47 + 0.53) / 2 = 0.50.
    // max_spread 4: the bid target 0.50 − 0.02 = 0.48 would cross that ask -> 0.47 (3 cents < 4).
    const v = rewardView({
      bids: [['0.47', '100']],
      asks: [
        ['0.48', '5'],
        ['0.53', '100'],
      ],
      rewards: { ...REWARDS, max_spread: 4 },
    });
    expect(shown(rewardQuotes(v, [q('bid', '0.40', '50'), q('ask', '0.53', '50')], S))).toEqual(['bid 0.47 x 50', 'ask 0.53 x 50']);
    // max_spread 3: 0.47 is 3 cents away and cannot score; the side stays as the strategy wants.
    const w = rewardView({
      bids: [['0.47', '100']],
      asks: [
        ['0.48', '5'],
        ['0.53', '100'],
      ],
    });
    expect(shown(rewardQuotes(w, [q('bid', '0.40', '50'), q('ask', '0.56', '50')], S))).toEqual(['bid 0.4 x 50', 'ask 0.52 x 50']);
  });
});

describe('what it refuses to do', () => {
  it('makes no quote larger than maxSize to score, but moves a large enough quote of the strategy', () => {
    // min_size 100: the qualifying levels are 0.49 × 100 and 0.52 × 120, midpoint 0.505.
    const hundred = rewardView({ ...AROUND_HALF, rewards: { ...REWARDS, min_size: 100 } });
    const wanted = [q('bid', '0.46', '300'), q('ask', '0.56', '20')];
    // bid: 300 >= 100, moved to 0.505 − 0.015 = 0.49 -> 0.49; ask would need 100 > maxSize 80: left.
    expect(shown(rewardQuotes(hundred, wanted, settings({ maxSize: '80', maxInventory: '1000' })))).toEqual([
      'bid 0.49 x 300',
      'ask 0.56 x 20',
    ]);
  });

  it('does not grow the side that adds to |net exposure| beyond maxInventory; the reducing side still scores', () => {
    // Long 70 of outcome 0: a bid of 50 could take it to 120 > 100; an ask of 50 takes it to 20.
    const long = rewardView({ ...AROUND_HALF, position: ['70', '0'] });
    expect(shown(rewardQuotes(long, [q('bid', '0.46', '20'), q('ask', '0.54', '20')], S))).toEqual(['bid 0.46 x 20', 'ask 0.52 x 50']);
    // Nor adds the missing side.
    expect(shown(rewardQuotes(long, [q('ask', '0.54', '20')], S))).toEqual(['ask 0.52 x 50']);
    // Short 70 (outcome 1 held): the mirror image.
    const short = rewardView({ ...AROUND_HALF, position: ['0', '70'] });
    expect(shown(rewardQuotes(short, [q('bid', '0.46', '20'), q('ask', '0.54', '20')], S))).toEqual(['bid 0.48 x 50', 'ask 0.54 x 20']);
  });

  it('outside [0.10, 0.90] changes nothing unless both sides can score', () => {
    const low = { bids: [['0.04', '100']], asks: [['0.06', '100']] } as const;
    // Midpoint 0.05: bid target 0.035 -> 0.03, ask 0.065 -> 0.07 (2 cents each).
    expect(shown(rewardQuotes(rewardView(low), [q('bid', '0.01', '20')], S))).toEqual(['bid 0.03 x 50', 'ask 0.07 x 50']);
    // Short 70: the ask would take |q| to 120, so it cannot score, and a lone bid earns nothing here.
    const wanted = [q('bid', '0.01', '20')];
    expect(rewardQuotes(rewardView({ ...low, position: ['0', '70'] }), wanted, S)).toBe(wanted);
    // Inside the range the bid alone is still worth a third.
    expect(shown(rewardQuotes(rewardView({ ...AROUND_HALF, position: ['0', '70'] }), [q('bid', '0.40', '20')], S))).toEqual([
      'bid 0.48 x 50',
    ]);
  });

  it('never removes a quote, makes one smaller or moves one farther', () => {
    const wanted = [q('bid', '0.48', '500'), q('bid', '0.30', '5'), q('ask', '0.60', '5'), q('ask', '0.51', '7')];
    const out = rewardQuotes(view, wanted, settings({ maxInventory: '1000' }));
    // The bid side already scores; the ask at 0.51 (1 cent, inside) is enlarged to 50.
    expect(shown(out)).toEqual(['bid 0.48 x 500', 'bid 0.3 x 5', 'ask 0.6 x 5', 'ask 0.51 x 50']);
  });
});

describe('settings (params.rewards)', () => {
  it('are off by default, layered schema <- strategy <- operator, and checked with the parameter errors', () => {
    expect(parseQuotingParams(bands, {}, 'market 0xabc (bands)').rewards.enabled).toBe(false);
    const withDefaults: Strategy = { ...bands, rewardDefaults: { spreadFraction: '0.3', maxSize: '150' } };
    const r = parseQuotingParams(withDefaults, { rewards: { enabled: true, maxSize: '90' } }, 'w').rewards;
    expect([r.enabled, r.spreadFraction.toFixed(), r.maxSize.toFixed(), r.sizeMultiple.toFixed(), r.twoSided]).toEqual([
      true,
      '0.3',
      '90',
      '1',
      true,
    ]);
    // The strategy's own parameters are parsed without the rewards key.
    expect(parseQuotingParams(bands, { sides: 'bid', rewards: { enabled: true } }, 'w').params).toMatchObject({ sides: 'bid' });
    expect(() => parseQuotingParams(bands, { rewards: { spreadFraction: 1.2 } }, 'market 0xabc (bands)')).toThrow(
      'market 0xabc (bands): params.rewards.spreadFraction must be a decimal > 0 and <= 0.95 (got 1.2)',
    );
    expect(() => parseQuotingParams(bands, { rewards: { sizeMultipel: 2 } }, 'market 0xabc (bands)')).toThrow(
      'market 0xabc (bands): params.rewards.sizeMultipel is not a known parameter',
    );
    expect(() => parseQuotingParams(bands, { rewards: { maxInventory: '-5' } }, 'm')).toThrow(
      'm: params.rewards.maxInventory must be a decimal >= 0 (got "-5")',
    );
    expect(() => parseQuotingParams(bands, { rewards: 'on' }, 'm')).toThrow('m: params.rewards must be an object (got "on")');
  });
});
