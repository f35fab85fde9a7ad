/**
 * Whether replacements may be posted before their cancels are answered (src/risk/overlap.ts): the
 * approved orders and every order the market has now, each in full, within the limits on resting
 * orders; and the gate's share of the global limits while they may.
 */
import { describe, expect, it } from 'vitest';
import type { LiveOrderView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { T0, bid, buyNo, sellNo, view } from './view-fixture.js';

const gate = (over: Record<string, unknown> = {}): RiskGate => new RiskGate(validateRiskLimits(over));

/** The order an intent became, resting with `remaining` shares. */
function resting(i: OrderIntent, remaining?: string | number, id = `o-${i.tokenId}-${i.price.toFixed()}`): LiveOrderView {
  return { id, tokenId: i.tokenId, side: i.side, price: i.price, remaining: new Decimal(remaining ?? i.size.toFixed()) };
}

describe('replacements with their cancels', () => {
  it('overlap when the re-priced and the kept orders fit beside the new ones; the share is the union', () => {
    const g = gate();
    // Kept: the ask (exactly as approved, counted once). Replaced: the bid 0.47 by 0.48.
    const d = g.evaluate(view(), [bid('0.48', 10), buyNo('0.47', 10)], T0, [resting(bid('0.47', 10)), resting(buyNo('0.47', 10))]);
    expect(d.overlap).toBe(true);
    // 0.48 x 10 + 0.47 x 10 (the ask) + 0.47 x 10 (the bid being replaced).
    expect(g.snapshot(T0)).toMatchObject({ restingOrders: 3, restingNotional: new Decimal('14.2') });
    // The next evaluation with the cancel answered: the share is the approved orders again.
    const next = g.evaluate(view(), [bid('0.48', 10), buyNo('0.47', 10)], T0, [resting(bid('0.48', 10)), resting(buyNo('0.47', 10))]);
    expect(next.overlap).toBe(true);
    expect(g.snapshot(T0)).toMatchObject({ restingOrders: 2, restingNotional: new Decimal('9.5') });
  });

  it('no overlap when the union would pass a limit the approved orders keep; the share is the approved orders', () => {
    const old = [resting(bid('0.47', 100))];
    // Gross notional: 0.48 x 100 + 0.47 x 100 = 95 > 90 >= 48.
    const g = gate({ maxGrossNotional: 90 });
    expect(g.evaluate(view(), [bid('0.48', 100)], T0, old).overlap).toBe(false);
    expect(g.snapshot(T0)).toMatchObject({ restingOrders: 1, restingNotional: new Decimal(48) });
    expect(gate({ maxGrossNotional: 95 }).evaluate(view(), [bid('0.48', 100)], T0, old).overlap).toBe(true);
    // Position per token: 150 held + 100 + 100 bought > 300.
    expect(
      gate({ maxPositionPerToken: 300, maxNetExposure: 1000 }).evaluate(view({ pos: [150, 0] }), [bid('0.48', 100)], T0, old).overlap,
    ).toBe(false);
    expect(
      gate({ maxPositionPerToken: 350, maxNetExposure: 1000 }).evaluate(view({ pos: [150, 0] }), [bid('0.48', 100)], T0, old).overlap,
    ).toBe(true);
    // Net exposure: every bid filled, 200 > 150.
    expect(gate({ maxNetExposure: 150 }).evaluate(view(), [bid('0.48', 100)], T0, old).overlap).toBe(false);
    // Orders per market.
    expect(gate({ maxOrdersPerMarket: 1 }).evaluate(view(), [bid('0.48', 100)], T0, old).overlap).toBe(false);
  });

  it('never sells more than is held: an old and a new SELL of the same shares do not overlap', () => {
    const held = view({ pos: [0, 20] });
    // Bid as SELL outcome 1 (legs.ts): 20 held, the old SELL rests 20, the new one sells 20 more.
    expect(gate().evaluate(held, [sellNo('0.52', 20)], T0, [resting(sellNo('0.53', 20))]).overlap).toBe(false);
    // 10 left on the old one after a fill, 30 held: 10 + 20 <= 30.
    expect(gate().evaluate(view({ pos: [0, 30] }), [sellNo('0.52', 20)], T0, [resting(sellNo('0.53', 20), 10)]).overlap).toBe(true);
  });

  it('never in a REDUCING market, nor when the market is pulled', () => {
    const over = view({ pos: [400, 0] });
    const d = gate({ maxNetExposure: 300 }).evaluate(over, [], T0, [resting(bid('0.47', 10))]);
    expect(d.state).toBe('REDUCING');
    expect(d.overlap).toBe(false);
    const g = gate();
    g.setKillSwitch(true, 'test');
    expect(g.evaluate(view(), [bid('0.48', 10)], T0, [resting(bid('0.47', 10))]).overlap).toBe(false);
  });
});
