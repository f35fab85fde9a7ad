/**
 * An order post is settled whatever way the venue client fails: a client that throws instead of
 * returning a rejected promise must not leave the order pending (counted against the cancel
 * reserve, blocking its market) or end the market's job.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';

const M = '0xc';
const bid = (price: string): OrderIntent => ({
  conditionId: M,
  tokenId: `${M}:0`,
  side: 'BUY',
  price: new Decimal(price),
  size: new Decimal('10'),
  quoteSide: 'bid',
});

function venueThrowing(err: unknown): { venue: ExecutionVenue; posts: () => number } {
  let posts = 0;
  const venue: ExecutionVenue = {
    postTrustedOrder: () => {
      posts++;
      throw err;
    },
    cancelOrder: async (p) => ({ canceled: [p.orderId], not_canceled: {} }),
    cancelMarketOrders: async () => ({ canceled: [], not_canceled: {} }),
    getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
  };
  return { venue, posts: () => posts };
}

function executorOn(venue: ExecutionVenue) {
  const open: number[] = [];
  const ex = new Executor({
    venue,
    clock: new FakeClock(),
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
    setOpenOrders: (n) => open.push(n),
  });
  return { ex, open };
}

describe('Executor: a venue client that throws on a post', () => {
  it('a refusal (bad parameter): the order is forgotten and counted as rejected, nothing left open', async () => {
    const v = venueThrowing(new MakerdError(ErrorCode.BAD_PARAMETER, 'POST /order: price: bad', { where: 'POST /order' }));
    const { ex, open } = executorOn(v.venue);
    ex.submit(M, new Decimal('0.01'), [bid('0.40'), bid('0.39')]);
    await ex.idle();
    expect(v.posts()).toBe(2);
    expect(ex.tracker.openCount()).toBe(0);
    expect(open.at(-1)).toBe(0);
    expect(ex.stats.rejections).toEqual({ [ErrorCode.BAD_PARAMETER]: 2 });
    expect(ex.busy(M)).toBe(false);
  });

  it('an outcome unknown (network): the orders stay tracked as uncertain, to be settled by a listing', async () => {
    const v = venueThrowing(new MakerdError(ErrorCode.NETWORK, 'POST /order: socket hang up', { where: 'POST /order' }));
    const { ex } = executorOn(v.venue);
    ex.submit(M, new Decimal('0.01'), [bid('0.40')]);
    await ex.idle();
    expect(ex.tracker.openCount()).toBe(1);
    expect(ex.tracker.hasUncertain(M)).toBe(true);
    expect(ex.stats.actions.uncertain).toBe(1);
  });
});
