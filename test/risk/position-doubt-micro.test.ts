/**
 * The executor's check of places after cancels in integers (src/risk/position-doubt-micro.ts)
 * against its Decimal reference on thousands of random markets: positions, doubts, limits,
 * approved orders and cancelled remainders on coarse grids (so that the limits are hit exactly
 * often), now and then a value past the micro-unit or too large, which the integer path must hand
 * to Decimal (undefined).
 */
import { describe, expect, it } from 'vitest';
import type { PositionDoubt } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { unheardFitMicro } from '../../src/risk/position-doubt-micro.js';
import { unheardFitDecimal, unheardFillsFit } from '../../src/risk/position-doubt.js';
import type { UnheardOrder } from '../../src/risk/unheard-order.js';
import { validateRiskLimits } from '../../src/risk/risk-limits.js';
import { SimRng } from '../../src/sim/rng.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { gridValue } from '../support/random-decimals.js';
import { view } from './view-fixture.js';

const CASES = 5_000;
const TOKENS = ['m1:0', 'm1:1', 'other:0'] as const;

function amount(r: SimRng, lo: number, hi: number): Decimal {
  if (r.chance(0.01)) return new Decimal('90000000');
  return gridValue(r, r.chance(0.5) ? '1' : '0.01', lo, hi, 0.03);
}

function randomCase(r: SimRng) {
  const limits = validateRiskLimits({
    maxNetExposure: amount(r, 1, 60).toFixed(),
    maxPositionPerToken: amount(r, 1, 60).toFixed(),
  });
  const v0 = view({ pos: [amount(r, 0, 40).toFixed(), amount(r, 0, 40).toFixed()] });
  const doubt: PositionDoubt | undefined = r.chance(0.4)
    ? { up: amount(r, 0, 10), down: amount(r, 0, 10), more: [amount(r, 0, 10), amount(r, 0, 10)] }
    : undefined;
  const v = doubt === undefined ? v0 : { ...v0, doubt };
  const approved: OrderIntent[] = [];
  for (let i = r.int(0, 6); i > 0; i--) {
    const tokenId = TOKENS[r.int(0, 2)]!;
    approved.push({
      conditionId: 'm1',
      tokenId,
      side: r.chance(0.5) ? 'BUY' : 'SELL',
      price: new Decimal('0.5'),
      size: amount(r, 1, 20),
      quoteSide: 'bid',
    });
  }
  const orders: UnheardOrder[] = [];
  for (let i = r.int(0, 6); i > 0; i--)
    orders.push({ tokenId: TOKENS[r.int(0, 2)]!, side: r.chance(0.5) ? 'BUY' : 'SELL', remaining: amount(r, 1, 20) });
  const set = { approved, bids: amount(r, 0, 30), asks: amount(r, 0, 30) };
  return { v, limits, set, orders };
}

describe('unheard fills: the integer check equals the Decimal check', () => {
  it(`on ${CASES} random markets, and hands over exactly when a value leaves its range`, () => {
    const r = new SimRng(0x5eed);
    let micro = 0;
    let refused = 0;
    for (let i = 0; i < CASES; i++) {
      const c = randomCase(r);
      const reference = unheardFitDecimal(c.v, c.limits, c.set, c.orders);
      const fast = unheardFitMicro(c.v, c.limits, c.set, c.orders);
      if (fast !== undefined) {
        micro++;
        expect(fast, `case ${i}`).toBe(reference);
      }
      if (!reference) refused++;
      // The closure the gate hands out gives the reference's answer either way.
      if (c.orders.length > 0 && c.set.approved.length > 0) expect(unheardFillsFit(c.v, c.limits, c.set)(c.orders)).toBe(reference);
    }
    // Both answers occur often, and the integer path takes most cases.
    expect(micro).toBeGreaterThan(CASES * 0.5);
    expect(refused).toBeGreaterThan(CASES * 0.1);
    expect(CASES - refused).toBeGreaterThan(CASES * 0.1);
  });

  it('hands a value past the micro-unit to Decimal', () => {
    const limits = validateRiskLimits({ maxNetExposure: '20.0000001', maxPositionPerToken: '100' });
    const orders = [{ tokenId: 'm1:0', side: 'BUY' as const, remaining: new Decimal(5) }];
    const set = { approved: [], bids: new Decimal(10), asks: new Decimal(0) };
    expect(unheardFitMicro(view({ pos: [5, 0] }), limits, set, orders)).toBeUndefined();
    expect(unheardFitDecimal(view({ pos: [5, 0] }), limits, set, orders)).toBe(true);
  });
});
