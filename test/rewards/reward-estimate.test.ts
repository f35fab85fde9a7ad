/**
 * makerd's estimate of one sample, on books worked out by hand: v = 4 cents, min_size 100, so
 * every score is an exact fraction; the arithmetic is in the comments.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { estimateSample, type OwnRestingOrder, type RewardRules, type VisibleBook } from '../../src/rewards/index.js';

const d = (s: string | number) => new Decimal(s);
const rules: RewardRules = { maxSpreadCents: d(4), minSize: d(100), dailyRate: d(100), multiplier: d(1) };
const lv = (price: string, size: string) => ({ price: d(price), size: d(size) });
const own = (outcome: 0 | 1, side: 'BUY' | 'SELL', price: string, size: string): OwnRestingOrder => ({
  outcome,
  side,
  price: d(price),
  size: d(size),
});

// Market m: our bid 100 @ 0.49 rests inside the 300 shown there, our ask 150 @ 0.53 is the level.
const bookM: VisibleBook = { bids: [lv('0.49', '300'), lv('0.48', '200')], asks: [lv('0.51', '100'), lv('0.53', '150')] };
// Complement m': only others, 100 @ 0.47 and 100 @ 0.52.
const bookC: VisibleBook = { bids: [lv('0.47', '100')], asks: [lv('0.52', '100')] };
const ours = [own(0, 'BUY', '0.49', '100'), own(0, 'SELL', '0.53', '150')];

describe('estimateSample', () => {
  it('scores us from our orders and the others from the levels less our size', () => {
    const e = estimateSample(rules, [bookM, bookC], ours);
    // Midpoints of the visible books: m (0.49 + 0.51) / 2, m' (0.47 + 0.52) / 2.
    expect(e.mids.market?.toFixed()).toBe('0.5');
    expect(e.mids.complement?.toFixed()).toBe('0.495');
    // Ours: bid 1 c away, (3/4)² · 100 = 56.25 (Q_one); ask 3 c away, (1/4)² · 150 = 9.375 (Q_two);
    // Q_min = max(min(56.25, 9.375), 56.25 / 3) = 18.75.
    expect(e.own.qOne.toFixed()).toBe('56.25');
    expect(e.own.qTwo.toFixed()).toBe('9.375');
    expect(e.own.qMin.toFixed()).toBe('18.75');
    // Others: Q_one = 200 @ 0.49 (300 − our 100): 112.5, 200 @ 0.48: (2/4)² · 200 = 50, ask 100 @ 0.52
    // on m' 2.5 c away: (1.5/4)² · 100 = 14.0625 → 176.5625. Q_two = ask 100 @ 0.51: 56.25, bid 100
    // @ 0.47 on m': 14.0625 → 70.3125. Our ask level (150 − 150) leaves nothing to them.
    // Q_min = max(70.3125, 176.5625 / 3 = 58.85…) = 70.3125.
    expect(e.others.qOne.toFixed()).toBe('176.5625');
    expect(e.others.qTwo.toFixed()).toBe('70.3125');
    expect(e.others.qMin.toFixed()).toBe('70.3125');
    // Share 18.75 / 89.0625 = 4 / 19.
    expect(e.share.toFixed(30)).toBe(d(4).div(19).toFixed(30));
  });

  it('gives the others nothing where our size covers the level (a book older than our order)', () => {
    // Our bid 150 @ 0.49 is larger than the 100 shown (the book predates it): others get 0 there.
    const book: VisibleBook = { bids: [lv('0.49', '100')], asks: [lv('0.51', '100')] };
    const e = estimateSample(rules, [book, undefined], [own(0, 'BUY', '0.49', '150')]);
    // Ours: (3/4)² · 150 = 84.375 one-sided → 28.125. Others: only the ask, 56.25 → 18.75.
    expect(e.own.qMin.toFixed()).toBe('28.125');
    expect(e.others.qOne.toFixed()).toBe('0');
    expect(e.others.qMin.toFixed()).toBe('18.75');
    // 28.125 / 46.875 = 0.6
    expect(e.share.toFixed()).toBe('0.6');
  });

  it('scores nothing below min_size, on a token without a book, or one-sided outside [0.10, 0.90]', () => {
    const e1 = estimateSample(rules, [bookM, undefined], [own(0, 'BUY', '0.49', '99'), own(1, 'BUY', '0.47', '100')]);
    // 99 < min_size; the complement has no book, so no midpoint: our m' bid scores 0.
    expect(e1.own.qMin.toFixed()).toBe('0');
    expect(e1.share.toFixed()).toBe('0');
    expect(e1.mids.complement).toBeUndefined();
    // m at 0.95: only two-sided scores; our lone bid scores 0 however close.
    const high: VisibleBook = { bids: [lv('0.94', '300')], asks: [lv('0.96', '100')] };
    const e2 = estimateSample(rules, [high, undefined], [own(0, 'BUY', '0.94', '100')]);
    expect(e2.mids.market?.toFixed()).toBe('0.95');
    expect(e2.own.qOne.toFixed()).toBe('56.25');
    expect(e2.own.qMin.toFixed()).toBe('0');
    // Others: bid 200 @ 0.94 (112.5) and ask 100 @ 0.96 (56.25): min = 56.25.
    expect(e2.others.qMin.toFixed()).toBe('56.25');
    expect(e2.share.toFixed()).toBe('0');
  });

  it('is all ours when nobody else rests, and 0 for everyone when nobody scores', () => {
    const book: VisibleBook = { bids: [lv('0.49', '100')], asks: [lv('0.51', '100')] };
    const e = estimateSample(rules, [book, undefined], [own(0, 'BUY', '0.49', '100'), own(0, 'SELL', '0.51', '100')]);
    expect(e.own.qMin.toFixed()).toBe('56.25');
    expect(e.others.qMin.toFixed()).toBe('0');
    expect(e.share.toFixed()).toBe('1');
    expect(estimateSample(rules, [undefined, undefined], []).share.toFixed()).toBe('0');
  });

  it('takes a book of 100,000 levels a side without overflowing the stack (each level an order of the others)', () => {
    // The sample that crashed the daemon: the others' orders were spread into push(...), one
    // argument per level. Prices off any tick grid, 10^-6 apart, inside (0, 1).
    const n = 100_000;
    const side = (from: number, step: number) => Array.from({ length: n }, (_, i) => lv(((from + step * i) / 1e6).toFixed(6), '100'));
    const book: VisibleBook = { bids: side(490_000, -1), asks: side(510_000, 1) };
    const e = estimateSample(rules, [book, undefined], [own(0, 'BUY', '0.49', '100'), own(0, 'SELL', '0.51', '100')]);
    expect(e.mids.market?.toFixed()).toBe('0.5');
    // Ours are the best levels (taken out of them); the others' 199,998 levels score within 4 c only.
    expect(e.own.qMin.gt(0)).toBe(true);
    expect(e.others.qMin.gt(e.own.qMin)).toBe(true);
    expect(e.share.gt(0) && e.share.lt(1)).toBe(true);
  });
});
