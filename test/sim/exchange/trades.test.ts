import { describe, expect, it } from 'vitest';
import { account, harness, MARKET_A, MARKET_B, FINE, YES } from './fixtures.js';

const m1 = account('maker1');
const m2 = account('maker2');
const t = account('taker');

/** m1 rests 10 @ 0.50 and 5 @ 0.52, m2 rests 10 @ 0.51; t buys 22 up to 0.52 at T0 + 5 s. */
function sweep() {
  const h = harness();
  const a = h.place(m1, YES, 'SELL', '0.50', '10').orderID;
  const b = h.place(m2, YES, 'SELL', '0.51', '10').orderID;
  const c = h.place(m1, YES, 'SELL', '0.52', '5').orderID;
  h.clock.advance(5_000);
  h.events.length = 0;
  const taker = h.place(t, YES, 'BUY', '0.52', '22');
  return { h, a, b, c, taker };
}

describe('account trades (2.10)', () => {
  it('the taker gets one TAKER record listing every maker order; each maker a MAKER record of its own', () => {
    const { h, a, b, c, taker } = sweep();
    expect(taker).toMatchObject({ makingAmount: '11.14', takingAmount: '22', status: 'matched' });
    const [tv] = h.ex.accountTrades(t, {});
    expect(tv).toEqual({
      id: tv!.id,
      taker_order_id: taker.orderID,
      market: MARKET_A,
      asset_id: YES,
      side: 'BUY',
      size: '22',
      fee_rate_bps: '2500',
      // (5 + 5.1 + 1.04) / 22 = 0.50636363... -> 0.506364
      price: '0.506364',
      status: 'MATCHED',
      match_time: '2023-11-14T22:13:25.000Z',
      last_update: '2023-11-14T22:13:25.000Z',
      outcome: 'Yes',
      maker_address: t.address,
      owner: t.apiKey,
      transaction_hash: tv!.transaction_hash,
      bucket_index: 0,
      maker_orders: [
        {
          order_id: a,
          maker_address: m1.address,
          owner: m1.apiKey,
          matched_amount: '10',
          fee_rate_bps: '0',
          price: '0.5',
          asset_id: YES,
          outcome: 'Yes',
          side: 'SELL',
        },
        {
          order_id: b,
          maker_address: m2.address,
          owner: m2.apiKey,
          matched_amount: '10',
          fee_rate_bps: '0',
          price: '0.51',
          asset_id: YES,
          outcome: 'Yes',
          side: 'SELL',
        },
        {
          order_id: c,
          maker_address: m1.address,
          owner: m1.apiKey,
          matched_amount: '2',
          fee_rate_bps: '0',
          price: '0.52',
          asset_id: YES,
          outcome: 'Yes',
          side: 'SELL',
        },
      ],
      type: 'TAKER',
    });
    expect(tv!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(tv!.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const [mv] = h.ex.accountTrades(m1, {});
    expect(mv).toMatchObject({
      id: tv!.id,
      type: 'MAKER',
      side: 'SELL',
      size: '12',
      price: '0.503333',
      owner: m1.apiKey,
      maker_address: m1.address,
      fee_rate_bps: '0',
    });
    expect(mv!.maker_orders.map((o) => o.order_id)).toEqual([a, c]);
    expect(h.ex.accountTrades(m2, {})[0]).toMatchObject({ id: tv!.id, type: 'MAKER', size: '10', price: '0.51' });
    // the same records went out as trade events, one per account involved
    expect(h.events.filter((e) => e.type === 'trade').map((e) => e.type === 'trade' && [e.address, e.trade.type])).toEqual([
      [t.address, 'TAKER'],
      [m1.address, 'MAKER'],
      [m2.address, 'MAKER'],
    ]);
    expect(h.ex.builderTrades({})).toEqual([tv]);
  });

  it('filters by id, taker, maker, market, asset and strict before/after; oldest first', () => {
    const { h } = sweep();
    h.clock.advance(10_000); // T0 + 15
    h.place(m2, FINE, 'BUY', '0.333', '10');
    h.place(t, FINE, 'SELL', '0.333', '10');
    const all = h.ex.accountTrades(t, {});
    expect(all.map((x) => x.market)).toEqual([MARKET_A, MARKET_B]);
    const [first, second] = all;
    expect(h.ex.accountTrades(t, { id: second!.id })).toEqual([second]);
    expect(h.ex.accountTrades(t, { taker: t.address.toLowerCase() })).toHaveLength(2);
    expect(h.ex.accountTrades(t, { taker: m1.address })).toEqual([]);
    expect(h.ex.accountTrades(t, { maker: m1.address })).toEqual([first]);
    expect(h.ex.accountTrades(m2, { maker: m2.address }).map((x) => x.type)).toEqual(['MAKER', 'MAKER']);
    expect(h.ex.accountTrades(t, { market: MARKET_B })).toEqual([second]);
    expect(h.ex.accountTrades(t, { asset_id: YES })).toEqual([first]);
    expect(h.ex.accountTrades(t, { before: 1_700_000_015 })).toEqual([first]);
    expect(h.ex.accountTrades(t, { after: 1_700_000_005 })).toEqual([second]);
    expect(h.ex.accountTrades(t, { after: 1_700_000_004, before: 1_700_000_006 })).toEqual([first]);
    expect(h.ex.builderTrades({ maker: m2.address }).map((x) => x.id)).toEqual([first!.id, second!.id]);
    expect(h.ex.builderTrades({ asset_id: FINE })).toEqual([second]);
    expect(h.ex.accountTrades(account('stranger'), {})).toEqual([]);
  });
});

describe('trade fills (2.1, GET /trades)', () => {
  it('one fill per match and participant, newest first, with market metadata and JSON numbers', () => {
    const { h } = sweep();
    const fills = h.ex.tradeFills({ takerOnly: true });
    expect(fills.map((f) => [f.proxyWallet, f.side, f.size, f.price, f.usdcSize])).toEqual([
      [t.address, 'BUY', 2, 0.52, 1.04],
      [t.address, 'BUY', 10, 0.51, 5.1],
      [t.address, 'BUY', 10, 0.5, 5],
    ]);
    expect(fills[0]).toEqual({
      proxyWallet: t.address,
      side: 'BUY',
      asset: YES,
      conditionId: MARKET_A,
      size: 2,
      price: 0.52,
      timestamp: 1_700_000_005,
      usdcSize: 1.04,
      title: 'Market 0xaaaa',
      slug: 'market-0xaaaa',
      icon: 'https://sim.invalid/0xaaaa.png',
      eventSlug: 'event-0xaaaa',
      outcome: 'Yes',
      outcomeIndex: 0,
      name: t.name,
      pseudonym: t.pseudonym,
      bio: `Simulated trader ${t.pseudonym}`,
      profileImage: `https://sim.invalid/avatars/${t.address.toLowerCase()}.png`,
      profileImageOptimized: `https://sim.invalid/avatars/${t.address.toLowerCase()}-small.png`,
      transactionHash: h.ex.accountTrades(t, {})[0]!.transaction_hash,
    });
    const both = h.ex.tradeFills({ takerOnly: false });
    expect(both).toHaveLength(6);
    expect(both.filter((f) => f.side === 'SELL').map((f) => f.proxyWallet)).toEqual([m1.address, m2.address, m1.address]);
  });

  it('filters: user, markets, side, CASH and TOKENS thresholds (>=)', () => {
    const { h } = sweep();
    expect(h.ex.tradeFills({ takerOnly: false, user: m1.address.toLowerCase() }).map((f) => f.size)).toEqual([2, 10]);
    expect(h.ex.tradeFills({ takerOnly: false, side: 'SELL', user: m2.address })).toHaveLength(1);
    expect(h.ex.tradeFills({ takerOnly: true, markets: [MARKET_B] })).toEqual([]);
    expect(h.ex.tradeFills({ takerOnly: true, markets: [MARKET_B, MARKET_A] })).toHaveLength(3);
    expect(h.ex.tradeFills({ takerOnly: true, filterType: 'CASH', filterAmount: 5.1 }).map((f) => f.usdcSize)).toEqual([5.1]);
    expect(h.ex.tradeFills({ takerOnly: true, filterType: 'CASH', filterAmount: 5 }).map((f) => f.usdcSize)).toEqual([5.1, 5]);
    expect(h.ex.tradeFills({ takerOnly: true, filterType: 'TOKENS', filterAmount: 2.01 }).map((f) => f.size)).toEqual([10, 10]);
  });
});
