/**
 * The survey's figures per market and across markets, from hand-built observations of three
 * markets (every expected value worked out in the comments), and the comparison with a facts file.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import type { MidSeries } from '../../src/survey/book-stats.js';
import { checkFacts, compare, ratioOf } from '../../src/survey/facts.js';
import type { TapeTrade } from '../../src/survey/maker-edge.js';
import type { SurveyData } from '../../src/survey/run-survey.js';
import { summarize } from '../../src/survey/summary.js';
import { surveyText } from '../../src/survey/survey-text.js';

const d = (x: string | number): Decimal => new Decimal(x);
const series = (points: [number, string][]): MidSeries => ({ t: points.map((p) => p[0]), mid: points.map((p) => d(p[1])) });
const trade = (ts: number, token: string, side: 'BUY' | 'SELL', price: string, usdc: string): TapeTrade => ({
  ts,
  token,
  side,
  price: d(price),
  size: d(usdc).div(price),
  usdc: d(usdc),
});
const read = (bound: 'lookback' | 'tape-end', n: number) => ({ trades: new Array(n).fill(null), bound, pages: 1 });

/**
 * Window 1,000 s to 1,100 s (Unix), polls every second (a midpoint counts within 3 s).
 * A: pays 20 a day, no fees; two book polls (4 and 6 cents at mid 0.5, depth 0.2 and 0.4);
 *    outcome 0's midpoint 0.50 until 1,051 s, 0.52, then 0.55 from 1,061 s (moves of 2 and 3
 *    cents in 100 s: 72 an hour); its tape ends at a trade of 900 s: 3 trades over 200 s.
 * B: pays nothing, fees 0.25 (exponent 2, takers only, rebate 0.2); one book poll (3 cents at
 *    mid 0.1: 3,000 bps; depth 0.5); no midpoints; one trade in a day's lookback.
 * C: malformed rewards, no fee schedule, nothing polled, no tape.
 */
const data: SurveyData = {
  startMs: 1_000_000,
  endMs: 1_100_000,
  intervalMs: 1_000,
  lookbackS: 86_400,
  polls: 101,
  skippedMarkets: 1,
  unread: [{ what: 'fee-rate', market: 'C', error: 'MAKERD_ERR_VENUE_FAULT: answered 500' }],
  markets: [
    {
      market: {
        conditionId: 'A',
        slug: 'a-market',
        tokens: ['A:0', 'A:1'],
        rewards: { kind: 'paying', rules: { maxSpreadCents: d('3.5'), minSize: d(50), dailyRate: d(20), multiplier: d(1) } },
        fees: { rate: d(0), exponent: 1, takerOnly: true, rebateRate: d(0) },
      },
      books: [
        { bucket: 2, spreadCents: 4, spreadBps: 800, depthRatio: 0.2 },
        { bucket: 2, spreadCents: 6, spreadBps: 1200, depthRatio: 0.4 },
      ],
      unusableBooks: new Map([['bad-size', 1]]),
      mids: [
        series([
          [1_000_000, '0.50'],
          [1_001_000, '0.50'],
          [1_050_000, '0.50'],
          [1_051_000, '0.52'],
          [1_061_000, '0.55'],
          [1_100_000, '0.55'],
        ]),
        series([]),
      ],
      tape: {
        read: read('tape-end', 3),
        trades: [
          // 0 s: 0.50 - 0.49 = 0.01 (poll of 1,000 s); 60 s: 0.55 - 0.49 = 0.06 (poll of 1,061 s).
          trade(1_001, 'A:0', 'SELL', '0.49', '49'),
          // 0 s: 0.53 - 0.50 = 0.03 (poll of 1,050 s); 60 s: after the last poll.
          trade(1_051, 'A:0', 'BUY', '0.53', '53'),
          // Before the window: counted a day, not in the makers' edge.
          trade(900, 'A:0', 'BUY', '0.5', '10'),
        ],
        unparsed: 0,
      },
      history: [undefined, undefined],
    },
    {
      market: {
        conditionId: 'B',
        slug: 'b-market',
        tokens: ['B:0', 'B:1'],
        rewards: { kind: 'none' },
        fees: { rate: d('0.25'), exponent: 2, takerOnly: true, rebateRate: d('0.2') },
      },
      books: [{ bucket: 0, spreadCents: 3, spreadBps: 3000, depthRatio: 0.5 }],
      unusableBooks: new Map(),
      mids: [series([]), series([])],
      tape: { read: read('lookback', 1), trades: [trade(1_099, 'B:0', 'BUY', '0.1', '1')], unparsed: 0 },
      history: [undefined, undefined],
    },
    {
      market: {
        conditionId: 'C',
        slug: '',
        tokens: ['C:0', 'C:1'],
        rewards: { kind: 'malformed', reason: 'rewards.rates is missing, not an array' },
        fees: undefined,
      },
      books: [],
      unusableBooks: new Map(),
      mids: [series([]), series([])],
      tape: undefined,
      history: [undefined, undefined],
    },
  ],
};

describe('survey summary', () => {
  const r = summarize(data, 'https://venue.example');

  it('per market: trades a day over the tape span, spreads, depth, midpoint moves, makers edge, rewards and fees', () => {
    const [a, b, c] = r.markets;
    // A: trades at 900, 1,001 and 1,051 over [900, 1,100): 3 x 86,400 / 200; 112 USDC x 432.
    expect(a).toMatchObject({
      market: 'A',
      slug: 'a-market',
      trades_per_day: 1296,
      usdc_per_day: 48384,
      trade_usdc_mean: 37.3333,
      trade_usdc_median: 49,
      tape: { trades: 3, from: '1970-01-01T00:15:00.000Z', to: '1970-01-01T00:18:20.000Z', span_s: 200, bound: 'tape-end' },
      book_polls: 2,
      two_sided_polls: 2,
      unusable_books: { 'bad-size': 1 },
      spread_cents_median: 5,
      spread_bps_median: 1000,
      spread_bps_by_mid: { '0-0.2': null, '0.2-0.4': null, '0.4-0.6': 1000, '0.6-0.8': null, '0.8-1': null },
      depth_l1_top10: 0.3,
      mid_polls: 6,
      mid_moves_per_hour: 72,
      mid_move_cents_median: 2.5,
      // (49 x 0.01 + 53 x 0.03) / 102 = 2.0392 cents; 60 s: 0.06 on the first trade alone.
      maker_half_spread_cents_0s: 2.0392,
      maker_markout_cents_60s: 6,
      maker_markout_cents_300s: null,
      maker_trades: { '0s': 2, '60s': 1, '300s': 0 },
      rewards: 'paying',
      pool_usdc_day: 20,
      max_spread_cents: 3.5,
      min_size: 50,
      fees: { rate: 0, exponent: 1, taker_only: true, rebate_rate: 0 },
    });
    // B: one trade over the lookback (a day).
    expect(b).toMatchObject({
      trades_per_day: 1,
      usdc_per_day: 1,
      tape: { span_s: 86_400, bound: 'lookback' },
      mid_moves_per_hour: null,
      pool_usdc_day: 0,
    });
    expect(c).toMatchObject({
      trades_per_day: null,
      tape: null,
      rewards: 'malformed',
      pool_usdc_day: null,
      fees: null,
      depth_l1_top10: null,
    });
  });

  it('across markets: medians and p90 over the markets with the figure; makers edge over every counted trade', () => {
    expect(r).toMatchObject({
      survey: {
        venue: 'https://venue.example',
        window_s: 100,
        polls: 101,
        markets: 3,
        not_binary: 1,
        tapes_read: 2,
        books_read: 2,
        mids_read: 1,
      },
      trades_per_day_median: 648.5, // (1,296 + 1) / 2
      trades_per_day_p90: 1166.5, // 1 + 0.9 x 1,295
      usdc_per_day_median: 24192.5,
      trade_usdc_median: 19.1667, // (37.3333 + 1) / 2
      spread_cents_median: 4,
      spread_bps_median: 2000,
      spread_bps_mid_0_20_median: 3000,
      spread_bps_mid_20_40_median: null,
      spread_bps_mid_40_60_median: 1000,
      depth_l1_top10_median: 0.4,
      depth_l1_top10_p10: 0.32,
      depth_l1_top10_p90: 0.48,
      mid_moves_per_hour_median: 72,
      mid_move_cents_median: 2.5,
      maker_half_spread_cents_0s: 2.0392,
      maker_markout_cents_60s: 6,
      maker_markout_cents_300s: null,
      maker_trades_0s: 2,
      maker_trades_60s: 1,
      maker_trades_300s: 0,
      pool_usdc_day_median: 20,
      pool_usdc_day_mean: 20,
      paying_share: 0.3333,
      max_spread_cents_range: [3.5, 3.5],
      min_size_range: [50, 50],
      fee_paying_share: 0.5,
      fee_rate_range: [0.25, 0.25],
      fee_rebate_rate_range: [0.2, 0.2],
      fee_schedules: [
        { rate: 0, exponent: 1, taker_only: true, rebate_rate: 0, markets: 1 },
        { rate: 0.25, exponent: 2, taker_only: true, rebate_rate: 0.2, markets: 1 },
      ],
      unread: [{ what: 'fee-rate', market: 'C' }],
    });
  });

  it('compares with a facts file: measured / published, ranges, blanks where nothing was published', () => {
    const facts = checkFacts(
      {
        about: 'test',
        figures: [
          { key: 'trades_per_day_median', what: 'panel', value: 31, unit: 'trades a day', source: 's1', trust: 'B', note: '' },
          { key: 'trades_per_day_median', what: 'top 100', value: 640, unit: 'trades a day', source: 's2', trust: 'A', note: '' },
          { key: 'spread_bps_mid_0_20_median', what: 'below 0.2', value: [1500, 3000], unit: 'bps', source: 's3', trust: 'A', note: '' },
          { key: 'effective_makers_median', what: 'makers', value: 32, unit: 'makers', source: 's4', trust: 'A', note: 'n' },
          { key: 'mid_moves_per_hour_median', what: 'moves', value: null, unit: 'moves', source: 'not found', trust: 'B', note: '' },
        ],
      },
      'facts.json',
    );
    const rows = compare(r, facts);
    const byKey = (k: string) => rows.filter((x) => x.key === k);
    expect(byKey('trades_per_day_median').map((x) => [x.published, x.ratio])).toEqual([
      [31, 20.919], // 648.5 / 31
      [640, 1.013],
    ]);
    expect(byKey('spread_bps_mid_0_20_median')[0]!.ratio).toEqual([1, 2]);
    expect(byKey('trades_per_day_p90')).toEqual([
      { key: 'trades_per_day_p90', measured: 1166.5, published: null, unit: '', ratio: null, what: '', source: '', trust: '', note: '' },
    ]);
    expect(byKey('mid_moves_per_hour_median')[0]).toMatchObject({ measured: 72, published: null, ratio: null, source: 'not found' });
    // A published figure the survey does not measure comes last, its measured side blank.
    expect(rows[rows.length - 1]).toMatchObject({ key: 'effective_makers_median', measured: null, published: 32, ratio: null });

    const text = surveyText(r, rows);
    expect(text).toContain('published figures beside the measured ones');
    expect(text).toMatch(/trades_per_day_median\s+648\.5\s+31\s+trades a day\s+20\.919/);
    expect(text).toMatch(/fee-rate of C \(MAKERD_ERR_VENUE_FAULT: answered 500\)/);
  });

  it('measured / published only where both are numbers of one sign', () => {
    expect(ratioOf(10, 4)).toBe(2.5);
    expect(ratioOf(10, [5, 20])).toEqual([0.5, 2]);
    expect(ratioOf(10, 0)).toBeNull();
    expect(ratioOf(10, [-1, 1])).toBeNull();
    expect(ratioOf(null, 4)).toBeNull();
    expect(ratioOf([1, 2], [1, 2])).toBeNull();
    expect(ratioOf(1, null)).toBeNull();
  });

  it('refuses a facts file that is not one, naming the file and the field', () => {
    expect(() => checkFacts([], 'f.json')).toThrow(/--compare f\.json: the file must hold a JSON object/);
    expect(() => checkFacts({ about: 'x' }, 'f.json')).toThrow(/figures must be an array/);
    const good = { key: 'k', what: 'w', value: 1, unit: 'u', source: 's', trust: 'A', note: '' };
    expect(() => checkFacts({ about: 'x', figures: [good, { ...good, trust: 'C' }] }, 'f.json')).toThrow(
      /figures\[1\]\.trust must be "A" or "B"/,
    );
    expect(() => checkFacts({ about: 'x', figures: [{ ...good, value: [3, 1] }] }, 'f.json')).toThrow(
      /figures\[0\]\.value must be a number/,
    );
    expect(() => checkFacts({ about: 'x', figures: [{ ...good, source: 1 }] }, 'f.json')).toThrow(/figures\[0\]\.source must be a string/);
  });
});
