/**
 * Foresight (`foresightMs` > 0, the `informed` flow profile): informed takers aim at where fair
 * value will really be that far ahead — the very path the flow then follows — at every step, not
 * only before a jump; without foresight the flow is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, roundToTick } from '../../../src/money.js';
import { createOrderFlow } from '../../../src/sim/flow/index.js';
import { FLOW_PROFILES } from '../../../src/sim/flow/flow-profiles.js';
import { makeWorld } from './support.js';

const STEP = 250;

describe('flow foresight', () => {
  it('sends informed takers at every moment, each limited one tick short of fair value foresightMs later', () => {
    const w = makeWorld({ seed: 'foresight', markets: 1 });
    const m = w.catalog.markets[0]!;
    const foresightMs = 30_000;
    const flow = createOrderFlow({
      clock: w.clock,
      exchange: w.exchange,
      catalog: w.catalog,
      params: { sigma: 0.02, jumpRate: 0, informedShare: 1, foresightMs, A: 1, stepMs: STEP },
    });
    const steps = 2_400;
    const fair: Decimal[][] = [[flow.fair(m.tokenIds[0])!, flow.fair(m.tokenIds[1])!]];
    for (let n = 1; n <= steps; n++) {
      w.clock.advance(STEP);
      flow.step(STEP);
      fair.push([flow.fair(m.tokenIds[0])!, flow.fair(m.tokenIds[1])!]);
    }
    const start = w.placed[0]!.at - STEP;
    const informed = w.placed.filter((p) => p.body.order.client_order_id.startsWith('sim-i'));
    expect(informed.length).toBeGreaterThan(500);
    expect(flow.stats().informedOrders).toBe(informed.length);
    const tick = new Decimal(m.tickSize);
    let checked = 0;
    for (const o of informed) {
      const n = (o.at - start) / STEP + foresightMs / STEP;
      if (n > steps) continue;
      const i = o.body.order.asset_id === m.tokenIds[0] ? 0 : 1;
      const ahead = fair[n]![i]!;
      const buy = o.body.order.side === 'BUY';
      const expected = buy ? roundToTick(ahead.minus(tick), tick, 'down') : roundToTick(ahead.plus(tick), tick, 'up');
      expect(o.body.order.price, `informed ${o.body.order.side} at step ${n - foresightMs / STEP}`).toBe(expected.toFixed());
      // It trades toward the future: a buyer where fair value will be higher than now.
      const now = fair[n - foresightMs / STEP]![i]!;
      expect(buy ? ahead.gt(now) : ahead.lt(now)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('leaves the flow as it was with foresightMs 0: the same orders as without the key', () => {
    const orders = (params: Record<string, number>): string[] => {
      const w = makeWorld({ seed: 'no-foresight', markets: 2 });
      const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, params: { A: 1, ...params } });
      flow.start();
      w.clock.advance(300_000);
      flow.stop();
      return w.placed.map((p) => `${p.at} ${p.body.order.client_order_id} ${p.body.order.side} ${p.body.order.price} ${p.body.order.size}`);
    };
    const plain = orders({});
    expect(plain.length).toBeGreaterThan(1_000);
    expect(orders({ foresightMs: 0 })).toEqual(plain);
    expect(orders({ foresightMs: 60_000, informedShare: 0.5 })).not.toEqual(plain);
  });

  it('is on only in the informed profile', () => {
    for (const p of Object.values(FLOW_PROFILES)) expect(p.params.foresightMs > 0).toBe(p.name === 'informed');
  });
});
