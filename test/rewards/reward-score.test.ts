/**
 * design.md §7 on worked examples computed by hand (the arithmetic is in the comments), to the
 * last decimal: v = 4 cents makes every order score an exact fraction of sixteenths.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import {
  adjustedMidpoint,
  oneSidedScores,
  orderScore,
  parseRewardRules,
  type RewardRules,
  type ScoredOrder,
  sampleShares,
  scoreSample,
  twoSidedScore,
} from '../../src/rewards/index.js';

const d = (s: string | number) => new Decimal(s);
const lv = (price: string, size: string) => ({ price: d(price), size: d(size) });
const rules: RewardRules = { maxSpreadCents: d(4), minSize: d(100), dailyRate: d(100), multiplier: d(1) };
const order = (account: string, outcome: 0 | 1, side: 'BUY' | 'SELL', price: string, size: string): ScoredOrder => ({
  account,
  outcome,
  side,
  price: d(price),
  size: d(size),
});

// Book of m: the 0.49 bid (50) and the 0.51 ask (20) are below min_size 100 and ignored:
// adjusted midpoint (0.48 + 0.54) / 2 = 0.51, where the plain midpoint would be 0.50.
const marketMid = adjustedMidpoint([lv('0.48', '200'), lv('0.49', '50')], [lv('0.54', '150'), lv('0.51', '20')], d(100));
// Book of m': the 0.47 ask (10) is ignored: (0.46 + 0.52) / 2 = 0.49.
const complementMid = adjustedMidpoint([lv('0.46', '150')], [lv('0.52', '200'), lv('0.47', '10')], d(100));
const mids = { market: marketMid, complement: complementMid };

describe('adjusted midpoint', () => {
  it('ignores levels smaller than min_size, in any order', () => {
    expect(marketMid?.toFixed()).toBe('0.51');
    expect(complementMid?.toFixed()).toBe('0.49');
    expect(adjustedMidpoint([lv('0.49', '100')], [lv('0.51', '100')], d(100))?.toFixed()).toBe('0.5');
  });
  it('is undefined when a side has no level of min_size', () => {
    expect(adjustedMidpoint([lv('0.48', '99.99')], [lv('0.54', '150')], d(100))).toBeUndefined();
    expect(adjustedMidpoint([lv('0.48', '100')], [], d(100))).toBeUndefined();
  });
});

describe('order score S(v, s) = ((v − s) / v)² · b', () => {
  it('scores by distance in cents from the adjusted midpoint', () => {
    expect(orderScore(rules, d('0.51'), d('0.51'), d(100)).toFixed()).toBe('1');
    expect(orderScore(rules, d('0.51'), d('0.50'), d(100)).toFixed()).toBe('0.5625'); // (3/4)²
    expect(orderScore(rules, d('0.51'), d('0.53'), d(100)).toFixed()).toBe('0.25'); // (2/4)²
    expect(orderScore(rules, d('0.51'), d('0.48'), d(100)).toFixed()).toBe('0.0625'); // (1/4)²
    expect(orderScore(rules, d('0.51'), d('0.505'), d(100)).toFixed()).toBe('0.765625'); // (3.5/4)²
  });
  it('scores 0 at or beyond max_spread, below min_size, or without a midpoint', () => {
    expect(orderScore(rules, d('0.51'), d('0.55'), d(100)).toFixed()).toBe('0');
    expect(orderScore(rules, d('0.51'), d('0.47'), d(500)).toFixed()).toBe('0');
    expect(orderScore(rules, d('0.51'), d('0.40'), d(500)).toFixed()).toBe('0');
    expect(orderScore(rules, d('0.51'), d('0.51'), d('99.999999')).toFixed()).toBe('0');
    expect(orderScore(rules, undefined, d('0.51'), d(100)).toFixed()).toBe('0');
  });
  it('applies the multiplier b', () => {
    expect(orderScore({ ...rules, multiplier: d(2) }, d('0.51'), d('0.50'), d(100)).toFixed()).toBe('1.125');
  });
  it('takes max_spread with a fraction of a cent (3.5)', () => {
    // v = 3.5, s = 1: (2.5 / 3.5)² = 25 / 49
    const s = orderScore({ ...rules, maxSpreadCents: d('3.5') }, d('0.51'), d('0.50'), d(100));
    expect(s.toFixed(38)).toBe(d(25).div(49).toFixed(38));
  });
});

describe('one sample: Q_one, Q_two, Q_min and shares', () => {
  const orders: ScoredOrder[] = [
    // A, one-sided: bid m 0.49 x 100, s = 2 -> 0.25 x 100 = 25 into Q_one.
    order('A', 0, 'BUY', '0.49', '100'),
    // C, two-sided:
    order('C', 0, 'BUY', '0.50', '200'), // s = 1 -> 0.5625 x 200 = 112.5 (Q_one)
    order('C', 1, 'SELL', '0.50', '100'), // m' ask, s = 1 -> 56.25 (Q_one)
    order('C', 0, 'SELL', '0.52', '100'), // s = 1 -> 56.25 (Q_two)
    order('C', 1, 'BUY', '0.47', '100'), // m' bid, s = 2 -> 25 (Q_two)
    order('C', 0, 'SELL', '0.55', '500'), // s = 4 = v -> 0
    order('C', 0, 'BUY', '0.505', '99'), // below min_size -> 0
    // D, bid only: 0.48 x 300, s = 3 -> 0.0625 x 300 = 18.75 (Q_one)
    order('D', 0, 'BUY', '0.48', '300'),
  ];
  const scores = scoreSample(rules, mids, orders);

  it('sums each side over the market and its complement', () => {
    expect(scores.get('A')).toMatchObject({ qOne: d('25'), qTwo: d('0') });
    expect(scores.get('C')?.qOne.toFixed()).toBe('168.75');
    expect(scores.get('C')?.qTwo.toFixed()).toBe('81.25');
    expect(scores.get('D')?.qOne.toFixed()).toBe('18.75');
  });
  it('lets one side score a third inside [0.10, 0.90]', () => {
    // A: max(min(25, 0), 25 / 3) = 25/3; C: max(81.25, 168.75 / 3 = 56.25) = 81.25; D: 18.75 / 3.
    expect(scores.get('A')?.qMin.toFixed(38)).toBe(d(25).div(3).toFixed(38));
    expect(scores.get('C')?.qMin.toFixed()).toBe('81.25');
    expect(scores.get('D')?.qMin.toFixed()).toBe('6.25');
  });
  it('shares out by Q_min: 2/23, 39/46, 3/46', () => {
    // total = 25/3 + 81.25 + 6.25 = 575/6
    const shares = sampleShares(scores);
    expect(shares.get('A')?.toFixed(36)).toBe(d(2).div(23).toFixed(36));
    expect(shares.get('C')?.toFixed(36)).toBe(d(39).div(46).toFixed(36));
    expect(shares.get('D')?.toFixed(36)).toBe(d(3).div(46).toFixed(36));
    const sum = [...shares.values()].reduce((a, b) => a.add(b), d(0));
    expect(sum.sub(1).abs().lt('1e-38')).toBe(true);
  });
  it('pays only two-sided quoting outside [0.10, 0.90]', () => {
    const high = { market: d('0.95'), complement: d('0.05') };
    const s = scoreSample(rules, high, [
      order('A', 0, 'BUY', '0.94', '100'), // s = 1 -> 56.25 (Q_one)
      order('A', 0, 'SELL', '0.97', '100'), // s = 2 -> 25 (Q_two)
      order('B', 0, 'BUY', '0.95', '100'), // s = 0 -> 100, one-sided
    ]);
    expect(s.get('A')?.qMin.toFixed()).toBe('25');
    expect(s.get('B')?.qMin.toFixed()).toBe('0');
    const shares = sampleShares(s);
    expect(shares.get('A')?.toFixed()).toBe('1');
    expect(shares.get('B')?.toFixed()).toBe('0');
  });
  it('treats the range as closed and falls back to the complement midpoint', () => {
    expect(oneSidedScores({ market: d('0.10'), complement: undefined })).toBe(true);
    expect(oneSidedScores({ market: d('0.90'), complement: undefined })).toBe(true);
    expect(oneSidedScores({ market: d('0.09'), complement: undefined })).toBe(false);
    expect(oneSidedScores({ market: undefined, complement: d('0.85') })).toBe(true);
    expect(oneSidedScores({ market: undefined, complement: d('0.95') })).toBe(false);
    expect(oneSidedScores({ market: undefined, complement: undefined })).toBe(false);
  });
  it('gives nobody a share when nobody scores', () => {
    const s = scoreSample(rules, mids, [order('A', 0, 'BUY', '0.40', '100')]);
    expect(sampleShares(s).get('A')?.toFixed()).toBe('0');
  });
  it('computes Q_min from side totals with c = 3', () => {
    expect(twoSidedScore(d(30), d(6), true).toFixed()).toBe('10');
    expect(twoSidedScore(d(30), d(12), true).toFixed()).toBe('12');
    expect(twoSidedScore(d(30), d(6), false).toFixed()).toBe('6');
  });
});

describe('reward terms', () => {
  it('parses a paying market, summing its rates', () => {
    const r = parseRewardRules({
      rates: [
        { asset_address: '0x1', rewards_daily_rate: 25 },
        { asset_address: '0x2', rewards_daily_rate: 5 },
      ],
      min_size: 50,
      max_spread: 3.5,
    });
    expect(r.kind).toBe('paying');
    if (r.kind !== 'paying') return;
    expect(r.rules.dailyRate.toFixed()).toBe('30');
    expect(r.rules.minSize.toFixed()).toBe('50');
    expect(r.rules.maxSpreadCents.toFixed()).toBe('3.5');
  });
  it('reads a market that pays nothing as none', () => {
    expect(parseRewardRules({ rates: [], min_size: 0, max_spread: 0 }).kind).toBe('none');
    expect(parseRewardRules({ rates: [{ asset_address: '0x1', rewards_daily_rate: 0 }], min_size: 50, max_spread: 3 }).kind).toBe('none');
    expect(parseRewardRules(undefined).kind).toBe('none');
  });
  it('names the field of a malformed object', () => {
    expect(parseRewardRules({ rates: [], min_size: '50x', max_spread: 3 })).toEqual({
      kind: 'malformed',
      reason: 'rewards.min_size is "50x", not a number',
    });
    expect(parseRewardRules({ rates: [{ rewards_daily_rate: -1 }], min_size: 50, max_spread: 3 })).toEqual({
      kind: 'malformed',
      reason: 'rewards.rates[0].rewards_daily_rate is -1, below 0',
    });
    expect(parseRewardRules({ min_size: 50, max_spread: 3 })).toEqual({
      kind: 'malformed',
      reason: 'rewards.rates is missing, not an array',
    });
    expect(parseRewardRules([1]).kind).toBe('malformed');
    expect(parseRewardRules({ rates: [], min_size: 5, max_spread: null }).kind).toBe('malformed');
  });
});
