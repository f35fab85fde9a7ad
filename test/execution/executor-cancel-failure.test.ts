/**
 * Cancels before places means the account never rests more than the risk gate approved: when a
 * cancel fails (the order is still on the book), the replacements are not placed on top of it in
 * that pass, and the market is flagged for another try at the next evaluation.
 */
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { logCapture } from '../support/log-capture.js';

const M = '0xc';
const tick = new Decimal('0.01');
const bid = (price: string, size = '10'): OrderIntent => ({
  conditionId: M,
  tokenId: `${M}:0`,
  side: 'BUY',
  price: new Decimal(price),
  size: new Decimal(size),
  quoteSide: 'bid',
});

/** A venue whose cancels fail while `failCancels` is set; it records every post. */
function flakyVenue() {
  const state = { failCancels: false, posts: [] as string[], n: 0 };
  const fault = (route: string) => new MakerdError(ErrorCode.VENUE_FAULT, `${route}: venue answered 500`, { where: route });
  const venue: ExecutionVenue = {
    postTrustedOrder: async (p) => {
      state.posts.push(`${p.order.side} ${p.order.price} x ${p.order.size}`);
      return { success: true, errorMsg: '', orderID: `ord-${++state.n}`, status: 'live', makingAmount: '0', takingAmount: '0' };
    },
    cancelOrder: async (p) => {
      if (state.failCancels) throw fault('DELETE /order');
      return { canceled: [p.orderId], not_canceled: {} };
    },
    cancelMarketOrders: async () => {
      if (state.failCancels) throw fault('DELETE /cancel-market-orders');
      return { canceled: [], not_canceled: {} };
    },
    getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
  };
  return { venue, state };
}

function makeExecutor(venue: ExecutionVenue, logger?: Logger, clock = new FakeClock()) {
  return new Executor({
    venue,
    clock,
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
    setOpenOrders: () => {},
    logger,
  });
}

describe('Executor: a failed cancel', () => {
  it('one by one: the replacement is not placed while the replaced order may still rest', async () => {
    const v = flakyVenue();
    const ex = makeExecutor(v.venue);
    ex.submit(M, tick, [bid('0.05'), bid('0.04'), bid('0.03')]);
    await ex.idle();
    v.state.posts.length = 0;
    v.state.failCancels = true;
    ex.submit(M, tick, [bid('0.05'), bid('0.04'), bid('0.02')]);
    await ex.idle();
    // 0.03 could not be cancelled: placing 0.02 too would rest 4 orders (40 shares) where the gate approved 3 (30).
    expect(v.state.posts).toEqual([]);
    expect(
      ex.tracker
        .liveOf(M)
        .map((o) => o.price.toFixed())
        .sort(),
    ).toEqual(['0.03', '0.04', '0.05']);
    // Once cancels go through again, the same wish completes.
    v.state.failCancels = false;
    ex.submit(M, tick, [bid('0.05'), bid('0.04'), bid('0.02')]);
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.02 x 10']);
    expect(
      ex.tracker
        .liveOf(M)
        .map((o) => o.price.toFixed())
        .sort(),
    ).toEqual(['0.02', '0.04', '0.05']);
  });

  it('by market: nothing is placed on top of the orders the failed cancel-market left', async () => {
    const v = flakyVenue();
    const ex = makeExecutor(v.venue);
    ex.submit(M, tick, [bid('0.05'), bid('0.04'), bid('0.03')]);
    await ex.idle();
    v.state.posts.length = 0;
    v.state.failCancels = true;
    ex.submit(M, tick, [bid('0.10')]);
    await ex.idle();
    expect(v.state.posts).toEqual([]);
    expect(ex.tracker.openCount()).toBe(3);
  });

  it('flags the market so that the loop tries again at its next evaluation', async () => {
    const v = flakyVenue();
    const ex = makeExecutor(v.venue);
    ex.submit(M, tick, [bid('0.05')]);
    await ex.idle();
    const changed: string[] = [];
    ex.tracker.onChange((m) => changed.push(m));
    v.state.failCancels = true;
    ex.submit(M, tick, []);
    await ex.idle();
    expect(ex.tracker.openCount()).toBe(1);
    expect(changed).toContain(M);
  });

  it('an outage: one warning for its repeated cancel-market failures, one line when it is over', async () => {
    const v = flakyVenue();
    const { logger, lines } = logCapture();
    const clock = new FakeClock();
    const ex = makeExecutor(v.venue, logger, clock);
    ex.submit(M, tick, [bid('0.05'), bid('0.04'), bid('0.03')]);
    await ex.idle();
    v.state.failCancels = true;
    for (let i = 0; i < 10; i++) {
      clock.advance(300);
      ex.submit(M, tick, [bid('0.10')]);
      await ex.idle();
    }
    const failed = lines.filter((l) => String(l.msg).startsWith('cancel-market failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 'warn', code: ErrorCode.VENUE_FAULT });
    v.state.failCancels = false;
    clock.advance(300);
    ex.submit(M, tick, [bid('0.10')]);
    await ex.idle();
    expect(lines.at(-1)).toMatchObject({ msg: 'cancel-market works again after 10 failure(s)', failures: 10, durationMs: 3_000 });
    expect(ex.stats.actions.cancel_failed).toBe(30);
  });
});
