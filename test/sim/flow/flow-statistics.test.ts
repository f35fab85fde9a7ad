/**
 * The flow behaves like the market it models: fills thin out with distance from fair value as
 * A·exp(−k·δ), informed takers trade ahead of jumps in their direction, and a tight maker gets
 * both more fills and more adverse selection than a wide one.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, roundToTick } from '../../../src/money.js';
import type { AccountTrade, Side } from '../../../src/venue/types.js';
import { createOrderFlow } from '../../../src/sim/flow/index.js';
import { makeWorld, operator, type World } from './support.js';

function quote(w: World, tokenId: string, side: Side, price: Decimal): void {
  if (price.lte(0) || price.gte(1)) return; // off the price range near the edges
  const res = w.exchange.placeOrder(operator, {
    order: { asset_id: tokenId, side, price: price.toFixed(), size: '100000', expiration: '0', client_order_id: '' },
    owner: operator.apiKey,
    orderType: 'GTC',
    postOnly: true,
  });
  expect(res.success, res.errorMsg).toBe(true);
}

describe('flow statistics', () => {
  it('fills quotes at distance δ from fair at rate A·exp(−k·δ): tight quotes fill more than wide ones', () => {
    const w = makeWorld({ seed: 'stats', markets: 1 });
    const m = w.catalog.markets[0]!;
    const A = 1;
    const k = 60;
    const flow = createOrderFlow({
      clock: w.clock,
      exchange: w.exchange,
      catalog: w.catalog,
      params: { A, k, sigma: 0, jumpRate: 0, makerDepthLevels: 0 },
    });
    const tick = new Decimal(m.tickSize);
    const f0 = flow.fair(m.tokenIds[0])!;
    const f1 = flow.fair(m.tokenIds[1])!;
    // Four quotes, one per book side, at increasing distance from fair value.
    const quotes = [
      { token: m.tokenIds[0], side: 'BUY' as const, price: roundToTick(f0.minus('0.01'), tick, 'down') },
      { token: m.tokenIds[0], side: 'SELL' as const, price: roundToTick(f0.plus('0.025'), tick, 'up') },
      { token: m.tokenIds[1], side: 'BUY' as const, price: roundToTick(f1.minus('0.045'), tick, 'down') },
      { token: m.tokenIds[1], side: 'SELL' as const, price: roundToTick(f1.plus('0.07'), tick, 'up') },
    ];
    for (const q of quotes) quote(w, q.token, q.side, q.price);
    const seconds = 1200;
    flow.start();
    w.clock.advance(seconds * 1000);
    flow.stop();

    const fills = w.exchange.tradeFills({ user: operator.address, takerOnly: false });
    const counts = quotes.map((q) => fills.filter((f) => f.asset === q.token && f.side === q.side).length);
    const distances = quotes.map((q, i) =>
      q.price
        .minus(i < 2 ? f0 : f1)
        .abs()
        .toNumber(),
    );
    for (let i = 1; i < 4; i++) {
      expect(distances[i]!).toBeGreaterThan(distances[i - 1]!);
      expect(counts[i]!, `fills at δ=${distances[i]} vs δ=${distances[i - 1]}`).toBeLessThan(counts[i - 1]!);
    }
    // Each count matches A·T·exp(−k·δ) within Poisson noise (4 standard deviations).
    counts.forEach((n, i) => {
      const mu = A * seconds * Math.exp(-k * distances[i]!);
      expect(Math.abs(n - mu), `δ=${distances[i]} n=${n} mu=${mu.toFixed(1)}`).toBeLessThan(4 * Math.sqrt(mu) + 2);
    });
    expect(counts[0]!).toBeGreaterThan(300);
  });

  it('sends informed takers only shortly before a jump, and in its direction', () => {
    const w = makeWorld({ seed: 'informed', markets: 4 });
    const params = { jumpRate: 1 / 15, jumpSize: 0.6, informedShare: 0.5, informedLeadMs: 3_000, A: 1 };
    const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, params });
    flow.start();
    w.clock.advance(600_000);
    flow.stop();
    const jumps = flow.jumps();
    const informed = w.placed.filter((p) => p.body.order.client_order_id.startsWith('sim-i'));
    expect(jumps.length).toBeGreaterThan(60);
    expect(informed.length).toBeGreaterThan(30);
    expect(flow.stats().informedOrders).toBe(informed.length);
    for (const o of informed) {
      const market = w.catalog.markets.find((m) => m.tokenIds.includes(o.body.order.asset_id))!;
      const next = jumps.find((j) => j.conditionId === market.conditionId && j.atMs > o.at)!;
      expect(next, 'an informed order is followed by a jump').toBeDefined();
      expect(next.atMs - o.at).toBeLessThanOrEqual(params.informedLeadMs + flow.params.stepMs);
      const up0 = new Decimal(next.to).gt(next.from);
      const outcome0 = o.body.order.asset_id === market.tokenIds[0];
      // Outcome 0 rising = outcome 1 falling.
      expect(o.body.order.side).toBe(up0 === outcome0 ? 'BUY' : 'SELL');
    }
    const uninformed = w.placed.filter((p) => p.body.order.client_order_id.startsWith('sim-t'));
    expect(new Set(uninformed.map((p) => p.body.order.side))).toEqual(new Set(['BUY', 'SELL']));
  });

  it('sends no informed takers when there are no jumps', () => {
    const w = makeWorld({ seed: 'informed', markets: 2 });
    const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, params: { jumpRate: 0, informedShare: 1 } });
    flow.start();
    w.clock.advance(120_000);
    flow.stop();
    expect(flow.stats().informedOrders).toBe(0);
    expect(flow.stats().takerOrders).toBeGreaterThan(100);
  });

  it('gives a tight maker more fills and more adverse selection than a wide one', () => {
    const w = makeWorld({ seed: 'adverse', markets: 1 });
    const m = w.catalog.markets[0]!;
    const tick = new Decimal(m.tickSize);
    const flow = createOrderFlow({
      clock: w.clock,
      exchange: w.exchange,
      catalog: w.catalog,
      params: { jumpRate: 1 / 20, jumpSize: 0.5, informedShare: 0.5, sigma: 0.005, makerDepthLevels: 0, A: 1, k: 60 },
    });
    // Outcome 0 quoted tight (1 cent), outcome 1 wide (5 cents): the two books are mirror images.
    const half = { [m.tokenIds[0]]: new Decimal('0.01'), [m.tokenIds[1]]: new Decimal('0.05') };
    const informedIds = new Set<string>();
    const fairs: Record<string, Decimal[]> = { [m.tokenIds[0]]: [], [m.tokenIds[1]]: [] };
    const fills: { step: number; trade: AccountTrade }[] = [];
    let stepNo = 0;
    w.exchange.subscribe((e) => {
      if (e.type === 'trade' && e.address === operator.address && e.trade.type === 'MAKER') fills.push({ step: stepNo, trade: e.trade });
    });
    const steps = 4 * 1200;
    for (stepNo = 0; stepNo < steps; stepNo++) {
      w.exchange.cancelAll(operator);
      for (const t of m.tokenIds) {
        const fair = flow.fair(t)!;
        fairs[t]!.push(fair);
        quote(w, t, 'BUY', roundToTick(fair.minus(half[t]!), tick, 'down'));
        quote(w, t, 'SELL', roundToTick(fair.plus(half[t]!), tick, 'up'));
      }
      const before = w.placed.length;
      w.clock.advance(250);
      flow.step(250);
      for (const p of w.placed.slice(before)) if (p.body.order.client_order_id.startsWith('sim-i')) informedIds.add(p.orderID);
    }
    const horizon = 40; // 10 s after the fill
    const stats = (token: string) => {
      const mine = fills.filter((f) => f.trade.asset_id === token && f.step + horizon < steps);
      let markout = new Decimal(0);
      let shares = new Decimal(0);
      let informedMarkout = new Decimal(0);
      for (const f of mine) {
        const later = fairs[token]![f.step + horizon]!;
        const size = new Decimal(f.trade.size);
        const price = new Decimal(f.trade.price);
        // Maker's profit per share measured against fair value 10 s later.
        const pnl = (f.trade.side === 'BUY' ? later.minus(price) : price.minus(later)).mul(size);
        markout = markout.plus(pnl);
        if (informedIds.has(f.trade.taker_order_id)) informedMarkout = informedMarkout.plus(pnl);
        shares = shares.plus(size);
      }
      return {
        fills: mine.length,
        informed: mine.filter((f) => informedIds.has(f.trade.taker_order_id)).length,
        markoutPerShare: markout.div(shares).toNumber(),
        informedMarkout: informedMarkout.toNumber(),
      };
    };
    const tight = stats(m.tokenIds[0]);
    const wide = stats(m.tokenIds[1]);
    expect(tight.fills).toBeGreaterThan(2 * wide.fills);
    expect(tight.informed).toBeGreaterThan(wide.informed);
    // Informed takers cost the tight maker more in total than the wide one...
    expect(wide.informedMarkout).toBeLessThan(0);
    expect(tight.informedMarkout).toBeLessThan(wide.informedMarkout);
    // ...and eat into its spread: quoted at least 1 cent from fair, it keeps less than that per share.
    expect(tight.markoutPerShare).toBeGreaterThan(0);
    expect(tight.markoutPerShare).toBeLessThan(0.01);
  });
});
