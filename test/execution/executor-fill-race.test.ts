/**
 * A re-price waits for its cancel's answer before placing. A fill heard meanwhile (typically of the
 * very order being replaced) moved the position the risk gate judged the replacement against:
 * placing it would rest more exposure than approved, by the fill. The executor places nothing then
 * and flags the market; the next wish (made against the new position) is placed. A fill nobody
 * reports is the same: the cancel's answer does not say what the order matched, so the places go
 * only if the risk gate's check (`unheardFit`) finds them inside the limits had it filled whole.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import type { OpenOrder } from '../../src/venue/types.js';

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

/** A venue whose cancels wait until `answerCancels()`; it records every post. */
function gatedVenue() {
  const state = { posts: [] as string[], n: 0, gate: undefined as (() => void) | undefined };
  const venue: ExecutionVenue = {
    postTrustedOrder: async (p) => {
      state.posts.push(`${p.order.side} ${p.order.price} x ${p.order.size}`);
      return { success: true, errorMsg: '', orderID: `ord-${++state.n}`, status: 'live', makingAmount: '0', takingAmount: '0' };
    },
    cancelOrder: async (p) => {
      await new Promise<void>((resolve) => {
        state.gate = resolve;
      });
      return { canceled: [p.orderId], not_canceled: {} };
    },
    cancelMarketOrders: async () => ({ canceled: [], not_canceled: {} }),
    getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
  };
  return { venue, state };
}

function fillEvent(id: string, matched: string): OpenOrder & { type: string } {
  return {
    type: 'UPDATE',
    id,
    status: 'live',
    market: M,
    asset_id: `${M}:0`,
    side: 'BUY',
    price: '0.05',
    original_size: '10',
    size_matched: matched,
    client_order_id: '',
    owner: '',
    maker_address: '',
    outcome: '',
    expiration: '0',
    order_type: 'GTC',
    associate_trades: [],
    created_at: 0,
  } as unknown as OpenOrder & { type: string };
}

function executorOn(venue: ExecutionVenue): Executor {
  return new Executor({
    venue,
    clock: new FakeClock(),
    settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 1 },
    setOpenOrders: () => {},
  });
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('Executor: a fill while a re-price waits for its cancel', () => {
  it('places nothing against the old position; the next wish is placed', async () => {
    const v = gatedVenue();
    const ex = executorOn(v.venue);
    ex.submit(M, tick, [bid('0.05')]);
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10']);
    const [old] = ex.tracker.liveOf(M);

    // Re-price 0.05 -> 0.04: the cancel goes out; 5 of the old order fill before its answer.
    ex.submit(M, tick, [bid('0.04')]);
    await flush();
    expect(v.state.gate).toBeDefined();
    ex.applyOrderEvent(fillEvent(old!.id, '5'));
    v.state.gate!();
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10']);
    expect(ex.tracker.liveOf(M)).toEqual([]);

    // The wish made after the fill goes out.
    ex.submit(M, tick, [bid('0.04', '5')]);
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10', 'BUY 0.04 x 5']);
  });

  it('without a fill meanwhile the replacement follows its cancel', async () => {
    const v = gatedVenue();
    const ex = executorOn(v.venue);
    ex.submit(M, tick, [bid('0.05')]);
    await ex.idle();
    ex.submit(M, tick, [bid('0.04')]);
    await flush();
    v.state.gate!();
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10', 'BUY 0.04 x 10']);
  });

  it('places nothing when the cancelled order, had it filled unheard, would take the places past the limits', async () => {
    const v = gatedVenue();
    const ex = executorOn(v.venue);
    const forgotten: string[] = [];
    ex.tracker.onForget((o, n) => forgotten.push(`${o.side} ${o.price.toFixed()} ${n.toFixed()}`));
    ex.submit(M, tick, [bid('0.05')]);
    await ex.idle();
    const seen: (readonly { side: string; remaining: Decimal }[])[] = [];
    // The gate's check: the cancelled remainders may add up to 9 shares at most.
    const unheardFit = (orders: readonly { side: string; remaining: Decimal }[]) => {
      seen.push(orders);
      return orders.reduce((s, o) => s.plus(o.remaining), new Decimal(0)).lte(9);
    };
    ex.submit(M, tick, [bid('0.04')], { unheardFit });
    await flush();
    v.state.gate!();
    await ex.idle();
    // The cancel went (10 left of it, no fill heard): the replacement did not.
    expect(v.state.posts).toEqual(['BUY 0.05 x 10']);
    expect(seen.map((list) => list.map((o) => `${o.side} ${o.remaining.toFixed()}`))).toEqual([['BUY 10']]);
    expect(forgotten).toEqual(['BUY 0.05 10']);
    expect(ex.tracker.liveOf(M)).toEqual([]);
    // Nothing left to cancel: the next wish (the gate having counted the doubt) is placed.
    ex.submit(M, tick, [bid('0.04')], { unheardFit });
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10', 'BUY 0.04 x 10']);
    expect(seen).toHaveLength(1);
  });

  it('places after the cancel when the check finds room for the cancelled remainders', async () => {
    const v = gatedVenue();
    const ex = executorOn(v.venue);
    ex.submit(M, tick, [bid('0.05')]);
    await ex.idle();
    ex.submit(M, tick, [bid('0.04')], { unheardFit: (orders) => orders.length === 1 });
    await flush();
    v.state.gate!();
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.05 x 10', 'BUY 0.04 x 10']);
  });
});
