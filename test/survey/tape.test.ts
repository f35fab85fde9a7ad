/**
 * Reading a market's public trade tape back from the window's end: pages that shift as trades
 * arrive, pages that fail, the bounds, and the span trades a day are counted over.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import type { TapeTrade } from '../../src/survey/maker-edge.js';
import { duplicatesAtFront, type GetTrades, readTape, tapeFigures, tapeSpan, tapeTrade, tradeKey } from '../../src/survey/tape.js';
import type { TradeFill } from '../../src/venue/types.js';

let serial = 0;
/** A tape element; `n` makes it distinct (its transaction). */
function fill(timestamp: number, n = serial++): TradeFill {
  return {
    proxyWallet: '0x1111111111111111111111111111111111111111',
    side: n % 2 === 0 ? 'BUY' : 'SELL',
    asset: 'M:0',
    conditionId: 'M',
    size: 10,
    price: 0.5,
    timestamp,
    usdcSize: 5,
    title: '',
    slug: '',
    icon: '',
    eventSlug: '',
    outcome: 'Yes',
    outcomeIndex: 0,
    name: '',
    pseudonym: '',
    bio: '',
    profileImage: '',
    profileImageOptimized: '',
    transactionHash: `0x${n.toString(16)}`,
  };
}

/** A venue's tape (newest first) answering offset/limit pages; `before(call)` runs before each answer. */
function venue(tape: TradeFill[], before: (call: number) => void = () => undefined): { getTrades: GetTrades; calls: number[] } {
  const calls: number[] = [];
  const getTrades: GetTrades = async ({ limit, offset }) => {
    calls.push(offset);
    before(calls.length);
    return tape.slice(offset, offset + limit);
  };
  return { getTrades, calls };
}

const options = { market: 'M', endS: 1_000, lookbackS: 86_400, pageSize: 3, maxOffset: 10_000, attempts: 3 };

describe('the trade tape', () => {
  it('finds the trades a page repeats from the page before', () => {
    expect(duplicatesAtFront(['a', 'b', 'c'], ['d', 'e'])).toBe(0);
    expect(duplicatesAtFront(['a', 'b', 'c'], ['c', 'd'])).toBe(1);
    expect(duplicatesAtFront(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(2);
    // Shifted by 4, more than the page: the whole page was read already.
    expect(duplicatesAtFront(['a', 'b', 'c', 'd', 'e'], ['b', 'c'])).toBe(2);
    // Two identical trades at the end: only the one that lines up is a repeat.
    expect(duplicatesAtFront(['a', 'a'], ['a', 'b'])).toBe(1);
    expect(duplicatesAtFront([], ['a'])).toBe(0);
    expect(duplicatesAtFront(['a'], [])).toBe(0);
  });

  it('reads every trade once while new ones shift the pages, leaving out those from the end second on', async () => {
    const old = Array.from({ length: 8 }, (_, i) => fill(990 - i)); // 990, 989, ..., 983
    const tape = [fill(1_000), ...old];
    // Two trades arrive before the second page is answered, one before the third.
    const v = venue(tape, (call) => {
      if (call === 2) tape.unshift(fill(1_001), fill(1_002));
      if (call === 3) tape.unshift(fill(1_003));
    });
    const read = await readTape(v.getTrades, options);
    expect(read.trades.map(tradeKey)).toEqual(old.map(tradeKey));
    expect(read.bound).toBe('tape-end');
    // The last page is empty: the tape ended.
    expect(v.calls).toEqual([0, 3, 6, 9, 12]);
    expect(read.pages).toBe(5);
  });

  it('stops at the lookback, at the largest offset, and at the end of the tape', async () => {
    const tape = Array.from({ length: 10 }, (_, i) => fill(999 - 10 * i)); // 999, 989, ..., 909
    const lookback = await readTape(venue(tape).getTrades, { ...options, lookbackS: 45 }); // floor 955
    expect(lookback.bound).toBe('lookback');
    expect(lookback.trades.map((t) => t.timestamp)).toEqual([999, 989, 979, 969, 959]);
    const capped = await readTape(venue(tape).getTrades, { ...options, pageSize: 2, maxOffset: 4 });
    expect(capped.bound).toBe('offset-limit');
    expect(capped.trades).toHaveLength(6);
    const whole = await readTape(venue(tape).getTrades, options);
    expect(whole.bound).toBe('tape-end');
    expect(whole.trades).toHaveLength(10);
  });

  it('tries a failing page again, and keeps what it read when a page never comes', async () => {
    const tape = Array.from({ length: 7 }, (_, i) => fill(999 - i));
    let failures = 2;
    const flaky: GetTrades = async (p) => {
      if (p.offset === 3 && failures-- > 0) throw Object.assign(new Error('GET /trades: answered 500'), { code: 'MAKERD_ERR_VENUE_FAULT' });
      return tape.slice(p.offset, p.offset + p.limit);
    };
    const recovered = await readTape(flaky, options);
    expect(recovered.bound).toBe('tape-end');
    expect(recovered.trades).toHaveLength(7);

    const broken: GetTrades = async (p) => {
      if (p.offset > 0) throw Object.assign(new Error('GET /trades: price must be a number'), { code: 'MAKERD_ERR_BAD_RESPONSE' });
      return tape.slice(p.offset, p.offset + p.limit);
    };
    const partial = await readTape(broken, options);
    expect(partial.bound).toBe('failed');
    expect(partial.trades).toHaveLength(3);
    expect(partial.error).toBe('MAKERD_ERR_BAD_RESPONSE: GET /trades: price must be a number');
  });

  it('counts trades a day over the span the tape is complete for', () => {
    // endS 1000, lookback 500 (floor 500), window from 900.
    expect(tapeSpan({ bound: 'lookback', oldestS: 480 }, 1_000, 500, 900)).toBe(500);
    expect(tapeSpan({ bound: 'tape-end', oldestS: 950 }, 1_000, 500, 900)).toBe(900);
    expect(tapeSpan({ bound: 'tape-end', oldestS: 700 }, 1_000, 500, 900)).toBe(700);
    expect(tapeSpan({ bound: 'tape-end', oldestS: undefined }, 1_000, 500, 900)).toBe(900);
    expect(tapeSpan({ bound: 'offset-limit', oldestS: 800 }, 1_000, 500, 900)).toBe(801);
    expect(tapeSpan({ bound: 'failed', oldestS: 999 }, 1_000, 500, 900)).toBe(999);
    expect(tapeSpan({ bound: 'failed', oldestS: undefined }, 1_000, 500, 900)).toBe(1_000);

    const t = (ts: number, usdc: string): TapeTrade => ({
      ts,
      token: 'M:0',
      side: 'BUY',
      price: new Decimal('0.5'),
      size: new Decimal(1),
      usdc: new Decimal(usdc),
    });
    const f = tapeFigures([t(1_000, '99'), t(999, '30.5'), t(950, '20'), t(900, '10'), t(899, '7')], 900, 1_000);
    expect(f.trades).toBe(3);
    expect(f.usdc.toFixed()).toBe('60.5');
    expect(f.tradesPerDay).toBe(2_592); // 3 x 86,400 / 100
    expect(f.usdcPerDay).toBe(52_272); // 60.5 x 864
    expect(f.tradeUsdcMean).toBeCloseTo(60.5 / 3, 12);
    expect(f.tradeUsdcMedian).toBe(20);
    expect(tapeFigures([], 1_000, 1_000).tradesPerDay).toBeNull();
  });

  it("parses a tape element's numbers into Decimals through their decimal text", () => {
    const p = tapeTrade({ ...fill(5), price: 0.47, size: 12.5, usdcSize: 5.875 });
    expect([p?.price.toFixed(), p?.size.toFixed(), p?.usdc.toFixed(), p?.ts]).toEqual(['0.47', '12.5', '5.875', 5]);
    expect(tapeTrade({ ...fill(5), price: 1e-7 })).toBeUndefined();
  });
});
