/**
 * The risk gate's comparisons without decimal.js's copies (limitBreach) and the worst-case
 * exposure of a market holding nothing (worstExposure with q ZERO) against the Decimal forms they
 * replace, on thousands of random positions, limits and totals: the same breaches with the same
 * words, the same exposure to decimal.js's representation.
 */
import { describe, expect, it } from 'vitest';
import type { MarketPosition, MarketView } from '../../src/market/market-view.js';
import { Decimal, ZERO } from '../../src/money.js';
import { worstExposure } from '../../src/risk/account-scope.js';
import { shareOf } from '../../src/risk/market-share.js';
import { limitBreach } from '../../src/risk/risk-gate.js';
import type { RiskLimits } from '../../src/risk/risk-limits.js';
import { SimRng } from '../../src/sim/rng.js';
import { gridValue, shape } from '../support/random-decimals.js';

const CASES = 5_000;

/** limitBreach as it was: decimal.js's own comparisons. */
function limitBreachDecimal(position: MarketPosition, limits: RiskLimits): string | undefined {
  const q = position.outcome0.minus(position.outcome1);
  if (q.abs().gt(limits.maxNetExposure))
    return `net exposure ${q.toFixed()} is beyond risk.maxNetExposure ${limits.maxNetExposure.toFixed()}`;
  const outcomes = [position.outcome0, position.outcome1];
  for (let i = 0; i < 2; i++) {
    const held = outcomes[i]!;
    if (held.gt(limits.maxPositionPerToken))
      return `outcome ${i} position ${held.toFixed()} is above risk.maxPositionPerToken ${limits.maxPositionPerToken.toFixed()}`;
  }
  return undefined;
}

describe('risk gate shortcuts', () => {
  it(`limitBreach finds the breaches decimal.js's comparisons find (${CASES} positions)`, () => {
    const r = new SimRng('limit-breach');
    let breaches = 0;
    for (let i = 0; i < CASES; i++) {
      const held = (): Decimal => (r.chance(0.2) ? ZERO : r.chance(0.05) ? new Decimal('-0') : gridValue(r, '0.01', 0, 30_000, 0.1));
      const limit = gridValue(r, '0.01', 0, 20_000, 0.1);
      const position = { outcome0: held(), outcome1: held() };
      // Limits now and then equal to a position or exposure exactly: the boundary is not a breach.
      const net = r.chance(0.1) ? position.outcome0.minus(position.outcome1).abs() : limit;
      const limits = { maxNetExposure: net, maxPositionPerToken: r.chance(0.1) ? position.outcome0 : limit } as unknown as RiskLimits;
      const want = limitBreachDecimal(position, limits);
      expect(limitBreach(position, limits), `case ${i}`).toBe(want);
      if (want !== undefined) breaches++;
    }
    expect(breaches).toBeGreaterThan(CASES / 5);
    expect(breaches).toBeLessThan(CASES * 0.9);
  });

  it(`worstExposure of nothing held equals the Decimal form (${CASES} totals)`, () => {
    const r = new SimRng('worst-exposure');
    for (let i = 0; i < CASES; i++) {
      const total = (): Decimal => (r.chance(0.2) ? ZERO : gridValue(r, '0.01', 0, 50_000, 0.1));
      const bids = total();
      const asks = r.chance(0.1) ? bids : total();
      for (const q of [ZERO, new Decimal(0), new Decimal('-0')]) {
        const want = Decimal.max(q.plus(bids).abs(), q.minus(asks).abs());
        expect(shape(worstExposure(q, bids, asks)), `case ${i}`).toEqual(shape(want));
      }
    }
    const some = new Decimal('2.5');
    expect(shape(worstExposure(some, new Decimal(1), new Decimal(4)))).toEqual(shape(new Decimal('3.5')));
  });

  it(`a market's share has the worst case of the Decimal form, held or not, with doubt or not (${CASES} cases)`, () => {
    const r = new SimRng('share-worst');
    let integer = 0;
    for (let i = 0; i < CASES; i++) {
      const held = (): Decimal => (r.chance(0.2) ? ZERO : r.chance(0.05) ? new Decimal('-0') : gridValue(r, '0.01', 0, 30_000, 0.1));
      const total = (): Decimal => (r.chance(0.2) ? ZERO : gridValue(r, '0.01', 0, 50_000, 0.1));
      const position = { outcome0: held(), outcome1: held() };
      const doubt = r.chance(0.5) ? undefined : { up: total(), down: total(), more: [total(), total()] as [Decimal, Decimal] };
      const orders = { notional: total(), bids: total(), asks: total() };
      const view = { position, doubt } as unknown as MarketView;
      const q = position.outcome0.minus(position.outcome1);
      const up = orders.bids.plus(doubt?.up ?? ZERO);
      const down = orders.asks.plus(doubt?.down ?? ZERO);
      const want = Decimal.max(q.plus(up).abs(), q.minus(down).abs());
      const share = shareOf(view, 3, orders, doubt);
      expect(shape(share.worst), `case ${i}`).toEqual(shape(want));
      expect(share.count).toBe(3);
      expect(share.notional).toBe(orders.notional);
      if ([position.outcome0, position.outcome1, up, down].every((v) => v.decimalPlaces() <= 6)) integer++;
    }
    // Both paths ran: values on the micro grid and values off it.
    expect(integer).toBeGreaterThan(CASES / 2);
    expect(integer).toBeLessThan(CASES);
  });
});
