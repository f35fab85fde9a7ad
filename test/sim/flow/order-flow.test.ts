import { describe, expect, it } from 'vitest';
import { ErrorCode, isMakerdError } from '../../../src/errors.js';
import { Decimal } from '../../../src/money.js';
import { createOrderFlow, resolveFlowParams, DEFAULT_FLOW_PARAMS, type FlowParams } from '../../../src/sim/flow/index.js';
import { makeWorld } from './support.js';

function run(seed: string, steps: number, params = {}) {
  const w = makeWorld({ seed: 'catalog', markets: 6 });
  const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, seed, params: { jumpRate: 1 / 20, ...params } });
  flow.start();
  w.clock.advance(steps * flow.params.stepMs);
  flow.stop();
  const books = w.catalog.markets.flatMap((m) =>
    m.tokenIds.map((t) => {
      const b = w.exchange.book(t)!;
      return { bids: b.bids, asks: b.asks };
    }),
  );
  return { w, flow, books };
}

describe('createOrderFlow', () => {
  it('places the same orders and leaves the same books for the same seed', () => {
    const a = run('flow-seed', 400);
    const b = run('flow-seed', 400);
    expect(a.w.placed.length).toBeGreaterThan(500);
    expect(b.w.placed).toEqual(a.w.placed);
    expect(b.books).toEqual(a.books);
    expect(b.flow.jumps()).toEqual(a.flow.jumps());
    expect(b.flow.stats()).toEqual(a.flow.stats());
  });

  it('places different orders for a different seed', () => {
    const a = run('flow-seed', 200);
    const c = run('other-seed', 200);
    expect(c.w.placed.map((p) => p.body)).not.toEqual(a.w.placed.map((p) => p.body));
  });

  it('defaults its seed to the catalog seed', () => {
    const w1 = makeWorld({ seed: 'catalog', markets: 2 });
    const w2 = makeWorld({ seed: 'catalog', markets: 2 });
    const f1 = createOrderFlow({ clock: w1.clock, exchange: w1.exchange, catalog: w1.catalog });
    const f2 = createOrderFlow({ clock: w2.clock, exchange: w2.exchange, catalog: w2.catalog, seed: 'catalog' });
    for (const f of [f1, f2]) for (let i = 0; i < 40; i++) f.step(250);
    expect(w2.placed).toEqual(w1.placed);
  });

  it('posts the background ladders on start, then steps on the clock until stopped', () => {
    const w = makeWorld({ seed: 'start', markets: 3 });
    const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, params: { makerDepthLevels: 4 } });
    expect(flow.running).toBe(false);
    flow.start();
    expect(flow.running).toBe(true);
    // 3 markets x 2 tokens x 2 sides x 4 levels, all post-only GTC by maker users, before any time passes.
    expect(w.placed).toHaveLength(48);
    expect(w.placed.every((p) => p.body.orderType === 'GTC' && p.body.postOnly && p.success)).toBe(true);
    const makers = new Set(w.catalog.users.filter((u) => u.role === 'maker').map((u) => u.address));
    expect(w.placed.every((p) => makers.has(p.address))).toBe(true);
    expect(w.clock.pendingTimers).toBe(1);
    w.clock.advance(10_000);
    expect(flow.stats().steps).toBe(1 + 40);
    flow.stop();
    expect(flow.running).toBe(false);
    expect(w.clock.pendingTimers).toBe(0);
    const count = w.placed.length;
    w.clock.advance(10_000);
    expect(w.placed).toHaveLength(count);
  });

  it('keeps depth on both sides of every book around fair value', () => {
    const { w, flow } = run('depth', 1200);
    for (const m of w.catalog.markets) {
      for (const t of m.tokenIds) {
        const book = w.exchange.book(t)!;
        const fair = flow.fair(t)!;
        const bestBid = Decimal.max(...book.bids.map((l) => new Decimal(l.price)));
        const bestAsk = Decimal.min(...book.asks.map((l) => new Decimal(l.price)));
        expect(bestBid.lt(fair) && bestAsk.gt(fair)).toBe(true);
        // The requote threshold (0.01) plus the half spread (0.02) plus a tick bounds the distance.
        expect(fair.minus(bestBid).toNumber()).toBeLessThan(0.045);
        expect(bestAsk.minus(fair).toNumber()).toBeLessThan(0.045);
        expect(book.bids.length).toBeGreaterThanOrEqual(3);
        expect(book.asks.length).toBeGreaterThanOrEqual(3);
      }
      expect(flow.fair(m.tokenIds[0])!.plus(flow.fair(m.tokenIds[1])!).toFixed()).toBe('1');
    }
    const s = flow.stats();
    expect(s.errors).toBe(0);
    expect(s.takerFills).toBeGreaterThan(50);
    expect(s.jumps).toBeGreaterThan(0);
    expect(s.makerRefreshes).toBeGreaterThan(6 * 2);
    // Takers are the catalog's taker users, and their fills appear in /trades.
    const takers = new Set(w.catalog.users.filter((u) => u.role === 'taker').map((u) => u.address));
    const fills = w.exchange.tradeFills({ takerOnly: true });
    // One execution per filled taker order (a sweep of several levels shares its transaction).
    expect(new Set(fills.map((f) => f.transactionHash)).size).toBe(s.takerFills);
    expect(fills.every((f) => takers.has(f.proxyWallet))).toBe(true);
  });

  it('trades only the markets it is given and answers undefined fair for the others', () => {
    const w = makeWorld({ seed: 'subset', markets: 4 });
    const only = w.catalog.markets[2]!;
    const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, params: { markets: [only.conditionId] } });
    flow.start();
    w.clock.advance(5_000);
    flow.stop();
    expect(new Set(w.placed.map((p) => p.body.order.asset_id))).toEqual(new Set(only.tokenIds));
    expect(flow.fair(w.catalog.markets[0]!.tokenIds[0])).toBeUndefined();
    expect(flow.fair(only.tokenIds[0])).toBeInstanceOf(Decimal);
  });

  it('checks its parameters and names the bad one', () => {
    expect(resolveFlowParams()).toEqual(DEFAULT_FLOW_PARAMS);
    expect(resolveFlowParams({ A: 3, stepMs: undefined }).A).toBe(3);
    // Keys it does not know (e.g. the simulator's `enabled`) are left out.
    expect(resolveFlowParams({ enabled: true, k: 10 } as never)).toEqual({ ...DEFAULT_FLOW_PARAMS, k: 10 });
    for (const bad of [
      { k: 0 },
      { A: -1 },
      { informedShare: 1.5 },
      { makerDepthLevels: 2.5 },
      { makerSize: '0' },
      { takerSize: 'x' },
      { stepMs: Number.NaN },
      { markets: 'abc' },
    ] as Record<string, unknown>[]) {
      let caught: unknown;
      try {
        resolveFlowParams(bad as Partial<FlowParams>);
      } catch (err) {
        caught = err;
      }
      expect(isMakerdError(caught, ErrorCode.CONFIG), JSON.stringify(bad)).toBe(true);
      expect((caught as Error).message).toContain(`'${Object.keys(bad)[0]}'`);
    }
  });
});
