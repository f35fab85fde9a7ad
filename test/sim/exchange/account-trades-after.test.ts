/** `accountTrades` with `after` starts at the first later trade, and stays right if the clock went back. */
import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../../src/clock/clock.js';
import { createSimExchange } from '../../../src/sim/exchange/index.js';
import { YES, account, body, catalog } from './fixtures.js';

describe('account trades after a time', () => {
  it('returns exactly the trades strictly after it, whatever order the clock gave them', () => {
    let nowMs = 1_700_000_000_000;
    const clock: Clock = { now: () => nowMs, setTimer: () => ({}) as TimerHandle, clearTimer: () => undefined };
    const ex = createSimExchange({ clock, catalog });
    const m = account('maker');
    const t = account('taker');
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Forward by 0-2 s, except twice where the clock is set back (a wall clock may be).
      nowMs = i === 10 || i === 20 ? 1_700_000_003_000 : nowMs + 1_000 * (i % 3);
      ex.placeOrder(m, body(m, YES, 'SELL', '0.5', '5'));
      ex.placeOrder(t, body(t, YES, 'BUY', '0.5', '5', { orderType: 'FAK' }));
      times.push(Math.floor(nowMs / 1000));
    }
    const all = ex.accountTrades(t, {});
    expect(all).toHaveLength(30);
    for (const after of [0, ...new Set(times)].flatMap((x) => [x - 1, x, x + 1])) {
      expect(ex.accountTrades(t, { after })).toEqual(all.filter((_, i) => times[i]! > after));
    }
    // In time order (a fresh exchange), the same answers.
    nowMs = 1_700_000_000_000;
    const ordered = createSimExchange({ clock, catalog });
    for (let i = 0; i < 10; i++) {
      nowMs += 1_000 * (i % 3);
      ordered.placeOrder(m, body(m, YES, 'SELL', '0.5', '5'));
      ordered.placeOrder(t, body(t, YES, 'BUY', '0.5', '5', { orderType: 'FAK' }));
    }
    const trades = ordered.accountTrades(t, {});
    for (let s = 1_699_999_999; s <= 1_700_000_011; s++) {
      expect(ordered.accountTrades(t, { after: s })).toEqual(trades.filter((x) => Date.parse(x.match_time) / 1000 > s));
    }
  });
});
