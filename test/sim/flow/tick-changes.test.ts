/**
 * The synthetic flow across tick size changes: it prices its orders on the market's current tick
 * (finer after the automatic switch near the bounds, coarser after the operator's control), and a
 * seed still replays the same orders, books and tick changes.
 */
import { describe, expect, it } from 'vitest';
import type { ExchangeEvent } from '../../../src/sim/contracts.js';
import { createOrderFlow } from '../../../src/sim/flow/index.js';
import { Decimal, isMultipleOf } from '../../../src/money.js';
import type { SimCatalog } from '../../../src/sim/catalog/index.js';
import { makeWorld } from './support.js';

/** A volatile flow whose markets reach the price bounds within 100 s. */
function run(seed: string) {
  const w = makeWorld({ seed: 'catalog', markets: 6 });
  const ticks: ExchangeEvent[] = [];
  w.exchange.subscribe((e) => {
    if (e.type === 'tick_size_change') ticks.push(e);
  });
  const flow = createOrderFlow({
    clock: w.clock,
    exchange: w.exchange,
    catalog: w.catalog,
    seed,
    params: { sigma: 0.2, jumpRate: 1 / 20 },
  });
  flow.start();
  w.clock.advance(400 * flow.params.stepMs);
  flow.stop();
  const books = w.catalog.markets
    .flatMap((m) => m.tokenIds.map((t) => w.exchange.book(t)!))
    .map((b) => ({ bids: b.bids, asks: b.asks, tick: b.tick_size }));
  return { w, flow, ticks, books };
}

describe('the flow across tick changes', () => {
  it('replays the same orders, books and tick changes for the same seed, and quotes on the finer tick after a switch', () => {
    const a = run('ticks');
    const b = run('ticks');
    expect(a.ticks.length).toBeGreaterThanOrEqual(2);
    expect(b.ticks).toEqual(a.ticks);
    expect(b.w.placed).toEqual(a.w.placed);
    expect(b.books).toEqual(a.books);
    expect(a.flow.stats().errors).toBe(0);

    const switched = a.ticks[0]!;
    if (switched.type !== 'tick_size_change') throw new Error('unreachable');
    const cent = new Decimal('0.01');
    const offCent = a.w.placed.filter(
      (p) => p.body.order.asset_id === switched.tokenId && !isMultipleOf(new Decimal(p.body.order.price), cent),
    );
    expect(offCent.length).toBeGreaterThan(0);
    expect(offCent.some((p) => p.success)).toBe(true);
  });

  it('keeps its orders valid after the operator makes every market coarser', () => {
    const w = makeWorld({ seed: 'catalog', markets: 4 });
    const flow = createOrderFlow({
      clock: w.clock,
      exchange: w.exchange,
      catalog: w.catalog,
      seed: 'coarse',
      params: { jumpRate: 1 / 20 },
    });
    flow.start();
    w.clock.advance(40 * flow.params.stepMs);
    for (const m of w.catalog.markets) w.exchange.setTickSize(m.tokenIds[0], new Decimal('0.1'));
    const from = w.placed.length;
    w.clock.advance(200 * flow.params.stepMs);
    flow.stop();
    const later = w.placed.slice(from);
    expect(later.length).toBeGreaterThan(100);
    expect(later.every((p) => isMultipleOf(new Decimal(p.body.order.price), new Decimal('0.1')))).toBe(true);
    expect(flow.stats().errors).toBe(0);
  });

  it("with tickRule 'fair' on an exchange without the book rule, switches at the first step its fair value passes a bound", () => {
    const nearTop = (c: SimCatalog): SimCatalog => ({
      ...c,
      markets: c.markets.map((m, i) => ({ ...m, tickSize: '0.01', initialFair: i === 0 ? '0.955' : '0.045' })),
    });
    const runOnce = (tickRule: 'fair' | 'venue') => {
      const w = makeWorld({ seed: 'catalog', markets: 2 }, { autoTick: false, edit: nearTop });
      const flow = createOrderFlow({
        clock: w.clock,
        exchange: w.exchange,
        catalog: w.catalog,
        seed: 'fair-tick',
        params: { sigma: 0.02 },
        tickRule,
      });
      const steps = w.catalog.markets.map(() => ({ beyond: -1, fine: -1 }));
      for (let i = 0; i < 2_000; i++) {
        w.clock.advance(250);
        flow.step(250);
        w.catalog.markets.forEach((m, j) => {
          const fair = flow.fair(m.tokenIds[0])!;
          const s = steps[j]!;
          if (s.beyond < 0 && (fair.gt('0.96') || fair.lt('0.04'))) s.beyond = i;
          if (s.fine < 0 && w.exchange.tickSize(m.tokenIds[1])!.eq('0.001')) s.fine = i;
        });
      }
      return { w, flow, steps };
    };
    const fair = runOnce('fair');
    for (const s of fair.steps) {
      expect(s.beyond).toBeGreaterThan(0);
      expect(s.fine).toBe(s.beyond);
    }
    // Never undone, and the flow's orders after it use the finer grid without errors.
    for (const m of fair.w.catalog.markets) expect(fair.w.exchange.tickSize(m.tokenIds[0])!.toFixed()).toBe('0.001');
    expect(fair.flow.stats().errors).toBe(0);
    // The default leaves it to the exchange, whose rule is off here: no switch at all.
    expect(runOnce('venue').steps.every((s) => s.fine === -1)).toBe(true);
  });
});
