/**
 * The race behind three shards holding 65 against an account limit of 60: a bid partly filled
 * with nobody hearing of it (no user stream event, no listing, no positions read yet), then
 * cancelled for a re-price; the cancel's answer says `canceled` and nothing of the fill. The
 * executor, the risk gate and the position poller together (the doubt of src/risk/position-doubt.ts)
 * keep the net exposure limit whichever way it went: the replacement waits for the read, and is
 * then placed in the room the fill left.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { PositionPoller } from '../../src/trading/position-poller.js';
import type { Position } from '../../src/venue/types.js';
import { T0, bid, view } from '../risk/view-fixture.js';

const M = 'm1';
const tick = new Decimal('0.01');

/** A venue whose book holds our orders, and whose GET /positions answers `held` shares of outcome 0. */
function venue() {
  const state = { posts: [] as string[], n: 0, held: 10 };
  const exec: ExecutionVenue = {
    postTrustedOrder: async (p) => {
      state.posts.push(`${p.order.side} ${p.order.price} x ${p.order.size}`);
      return { success: true, errorMsg: '', orderID: `ord-${++state.n}`, status: 'live', makingAmount: '0', takingAmount: '0' };
    },
    cancelOrder: async (p) => ({ canceled: [p.orderId], not_canceled: {} }),
    cancelMarketOrders: async () => ({ canceled: [], not_canceled: {} }),
    getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
  };
  const positions = { getPositions: async () => [{ asset: `${M}:0`, size: state.held } as Position] };
  return { exec, positions, state };
}

describe('a fill nobody reported, under a net exposure limit of 20', () => {
  it('holds the replacement until GET /positions says, then places it in the room left', async () => {
    const v = venue();
    const clock = new FakeClock(T0);
    const ex = new Executor({
      venue: v.exec,
      clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 1 },
      setOpenOrders: () => {},
    });
    const poller = new PositionPoller({ venue: v.positions, user: '0xme', clock, intervalMs: 2_000 });
    ex.tracker.onForget((o, n) => poller.heardGone(o.tokenId, o.side === 'BUY' ? n : n.neg()));
    const holds: string[] = [];
    ex.onPlacesHeld((market, hold) => holds.push(`${market} ${hold}`));
    const gate = new RiskGate(validateRiskLimits({ maxNetExposure: 20, maxPositionPerToken: 1000 }));
    await poller.refresh();
    /** The trading loop's part: a view from the poller's balances and doubt, the gate, the executor. */
    const evaluate = (price: string) => {
      const held = poller.positions.get(`${M}:0`)!.toFixed();
      const tokens = [`${M}:0`, `${M}:1`] as const;
      const d = gate.evaluate({ ...view({ pos: [held, 0] }), doubt: poller.doubt(M, tokens) }, [bid(price, 10)], T0);
      ex.submit(M, tick, d.approved, { unheardFit: d.unheardFit });
      return d;
    };

    // Long 10: a bid of 10 takes the worst case to 20, the limit.
    evaluate('0.47');
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.47 x 10']);

    // 5 of it fill at the venue; nobody tells makerd. A re-price approved against 10 held:
    v.state.held = 15;
    expect(evaluate('0.46').approved.map((a) => a.size.toFixed())).toEqual(['10']);
    await ex.idle();
    // The cancel went; its 10 left may have filled: 10 + 10 + 10 > 20, so nothing was placed.
    expect(v.state.posts).toEqual(['BUY 0.47 x 10']);
    expect(ex.tracker.liveOf(M)).toEqual([]);
    // Told, so that the daemon reads the positions now (main.ts) rather than at the next interval.
    expect(holds).toEqual([`${M} unheard-fills`]);

    // Evaluated again: the 10 are doubt until a read that began after them: nothing fits.
    const held = evaluate('0.46');
    expect(held.approved).toEqual([]);
    expect(held.refused).toEqual({ 'exposure-limit': 1 });
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.47 x 10']);

    // The read says 15: the bid gets the 5 left, and the worst case is 20 again, not 25.
    await poller.refresh();
    expect(poller.doubt(M, [`${M}:0`, `${M}:1`])).toBeUndefined();
    evaluate('0.46');
    await ex.idle();
    expect(v.state.posts).toEqual(['BUY 0.47 x 10', 'BUY 0.46 x 5']);
  });
});
