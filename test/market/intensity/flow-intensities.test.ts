import { describe, expect, it } from 'vitest';
import type { BookView } from '../../../src/market/book-view.js';
import type { IntensityEstimate, IntensitySides } from '../../../src/market/intensity/intensity-estimate.js';
import { FlowIntensities } from '../../../src/market/intensity/flow-intensities.js';
import { DEFAULT_INTENSITY_SETTINGS } from '../../../src/market/intensity/intensity-settings.js';
import { Decimal } from '../../../src/money.js';
import { logCapture } from '../../support/log-capture.js';
import { CONDITION, NOW_MS, TOKEN_NO, TOKEN_YES, makeView } from '../../strategy/view-fixture.js';

const print = (asset: string, side: 'BUY' | 'SELL', timestamp: string) => ({ asset_id: asset, side, timestamp });

describe('FlowIntensities: the daemon side', () => {
  it('hands each view on with its market estimates, not yet trusted', () => {
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS });
    const v = f.observe(makeView());
    expect(v.intensity?.bid).toMatchObject({ status: 'few-trades', trades: 0 });
    expect(v.intensity?.ask).toMatchObject({ status: 'few-trades', trades: 0 });
    expect(v.mid?.toFixed()).toBe('0.5');
  });

  it("counts the prints of one taker once: same token, side and time, until the token's book event", () => {
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS });
    f.observe(makeView());
    // A taker buying outcome 0 that matched three resting orders: three prints, one taker.
    for (let i = 0; i < 3; i++) f.onStreamTrade(print(TOKEN_YES, 'BUY', '1000'), NOW_MS + 10);
    expect(f.counts.taken).toBe(1);
    // Its book event ends the group: a print just like it after that is another taker.
    f.onBookEvent(TOKEN_YES);
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '1000'), NOW_MS + 10);
    // Another time, another side, another token: each a taker of its own.
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '1001'), NOW_MS + 11);
    f.onStreamTrade(print(TOKEN_YES, 'SELL', '1001'), NOW_MS + 11);
    f.onStreamTrade(print(TOKEN_NO, 'SELL', '1001'), NOW_MS + 11);
    expect(f.counts.taken).toBe(5);
    // Buying outcome 0 and selling outcome 1 meet the ask side; selling outcome 0 the bid side.
    // (Fits are made again at most every 10 s: read 20 s later.)
    const s = f.snapshot(NOW_MS + 20_000).get(CONDITION)!;
    expect(s.ask.trades).toBe(4);
    expect(s.bid.trades).toBe(1);
    // A token of no market followed: nothing.
    f.onStreamTrade(print('0xother:0', 'BUY', '1002'), NOW_MS + 12);
    expect(f.counts).toMatchObject({ taken: 5, unplaced: 0 });
  });

  it('reads the books again before a print when a book event came since the last view', () => {
    // Outcome 0's asks are gone from the stored book: a taker buying outcome 0 cannot be placed.
    const noAsks: BookView = { ...makeView().books[0]!, asks: [] };
    const f = new FlowIntensities({
      settings: DEFAULT_INTENSITY_SETTINGS,
      book: (t) => (t === TOKEN_YES ? noAsks : makeView().books[1]),
      own: () => [],
    });
    f.observe(makeView());
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '1'), NOW_MS + 1);
    expect(f.counts).toMatchObject({ taken: 1, unplaced: 0 });
    f.onBookEvent(TOKEN_YES);
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '2'), NOW_MS + 2);
    expect(f.counts).toMatchObject({ taken: 1, unplaced: 1 });
  });

  it('without the market stream, counts our own fills (one taker per trade id) and ignores prints', () => {
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS, oursOnly: true });
    const ask = { id: 'o1', tokenId: TOKEN_YES, side: 'SELL' as const, price: new Decimal('0.51'), remaining: new Decimal('10') };
    f.observe(makeView({ live: [ask] }));
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '1'), NOW_MS + 1);
    const fill = { tradeId: 'tr1', conditionId: CONDITION, outcomeIndex: 0 as const, side: 'SELL' as const, timestampMs: NOW_MS + 2 };
    f.onOwnFills([fill, { ...fill }, { ...fill, tradeId: 'tr2' }], NOW_MS + 2);
    expect(f.counts).toMatchObject({ taken: 2, unplaced: 0 });
    expect(f.snapshot(NOW_MS + 20_000).get(CONDITION)!.ask.trades).toBe(2);
  });

  it('counts every fallback of a strategy that reads the fit and logs it once when it starts and once when it ends', () => {
    const { logger, lines } = logCapture();
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS, logger });
    f.observe(makeView());
    const est = (status: IntensityEstimate['status'], a?: number, k?: number): IntensityEstimate => ({
      status,
      a,
      k,
      kStandardError: undefined,
      trades: 3,
    });
    const few: IntensitySides = { bid: est('few-trades'), ask: est('out-of-bounds', 0.5, 4000) };
    for (let i = 0; i < 3; i++) f.noteUse(CONDITION, few);
    expect(f.counts.fallbacks).toEqual(
      new Map([
        [`${CONDITION}|bid|few-trades`, 3],
        [`${CONDITION}|ask|out-of-bounds`, 3],
      ]),
    );
    expect(lines.map((l) => [l.msg, l.side, l.reason])).toEqual([
      ['flow intensity fit not trusted: quoting with the configured values', 'bid', 'few-trades'],
      ['flow intensity fit refused (out of bounds): quoting with the configured values', 'ask', 'out-of-bounds'],
    ]);
    expect(lines[1]).toMatchObject({ a: 0.5, k: 4000 });
    f.noteUse(CONDITION, { bid: est('fitted', 0.5, 60), ask: est('out-of-bounds', 0.5, 4000) });
    f.noteUse(CONDITION, { bid: est('fitted', 0.5, 60), ask: est('out-of-bounds', 0.5, 4000) });
    expect(lines.slice(2).map((l) => [l.msg, l.side])).toEqual([['flow intensity fit trusted: quoting with it', 'bid']]);
    expect(f.counts.fallbacks.get(`${CONDITION}|ask|out-of-bounds`)).toBe(5);
  });

  it('forgets a market the loop no longer quotes', () => {
    const f = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS });
    f.observe(makeView());
    f.remove(CONDITION);
    f.onStreamTrade(print(TOKEN_YES, 'BUY', '1'), NOW_MS + 1);
    expect(f.counts.taken).toBe(0);
    expect(f.snapshot(NOW_MS).size).toBe(0);
  });
});
