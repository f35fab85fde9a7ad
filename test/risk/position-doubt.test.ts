/**
 * The risk gate with a doubtful position (MarketView.doubt): fills perhaps unheard, or perhaps
 * counted twice, until GET /positions settles them. The market is checked against its limits less
 * the doubt, its worst case (which the account scope shares out) counts the doubt, and the
 * decision tells the executor whether its places still fit had the orders it cancels filled unheard.
 */
import { describe, expect, it } from 'vitest';
import type { MarketView, PositionDoubt } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, buyNo, show, view } from './view-fixture.js';

const d = (v: string | number): Decimal => new Decimal(v);
const doubt = (up: number, down: number, more: [number, number] = [0, 0]): PositionDoubt => ({
  up: d(up),
  down: d(down),
  more: [d(more[0]), d(more[1])],
});
const doubtful = (v: MarketView, x: PositionDoubt): MarketView => ({ ...v, doubt: x });
const nobody = { shards: 2, othersExposure: d(0), othersOrders: 0, othersNotional: d(0) };

describe('the risk gate with a doubtful position', () => {
  it('checks a market against its limits less the doubt, whichever way it resolves', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 20, maxPositionPerToken: 1000 }));
    const intents = [bid('0.48', 20), ask('0.52', 40)];
    // Long 10, known exactly: bids to +20 (10), asks to -20 (30).
    expect(show(g.evaluate(view({ pos: [10, 0] }), intents, T0).approved)).toEqual(['BUY m1:0 0.48 x 10', 'SELL m1:0 0.52 x 30']);
    // Perhaps 4 higher (an unheard fill of a bid), perhaps 1 lower: every side 4 tighter.
    const r = g.evaluate(doubtful(view({ pos: [10, 0] }), doubt(4, 1)), intents, T0);
    expect(show(r.approved)).toEqual(['BUY m1:0 0.48 x 6', 'SELL m1:0 0.52 x 26']);
    // So that 10 + 4 + 6 = 20 and 10 - 1 - 26 = -17: inside the limit either way.
  });

  it('takes a token position limit less the larger balance doubt', () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 1000, maxPositionPerToken: 30 }));
    const r = g.evaluate(doubtful(view({ pos: [10, 5] }), doubt(0, 0, [7, 2])), [bid('0.48', 50), buyNo('0.48', 50)], T0);
    // Outcome 0: 30 - 7 - 10 = 13; outcome 1: 30 - 7 - 5 = 18.
    expect(show(r.approved)).toEqual(['BUY m1:0 0.48 x 13', 'BUY m1:1 0.48 x 18']);
  });

  it("counts the doubt in the market's worst case, which the account scope's budget shares", () => {
    const g = new RiskGate(validateRiskLimits({ maxNetExposure: 40, maxPositionPerToken: 1000 }));
    g.setAccountView(nobody);
    // Budget 20. m1: nothing held, bids 5, perhaps 6 more held: worst 11.
    g.evaluate(doubtful(view({ market: 'm1' }), doubt(6, 0)), [bid('0.48', 5)], T0);
    expect(show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 9']);
    // A market pulled (stale book) still counts its doubt: 0 + 6.
    g.evaluate(doubtful(view({ market: 'm1', book0: null }), doubt(6, 0)), [bid('0.48', 5)], T0);
    expect(show(g.evaluate(view({ market: 'm2' }), [bid('0.48', 30, 'm2')], T0).approved)).toEqual(['BUY m2:0 0.48 x 14']);
  });

  describe('unheardFit: the places after cancels whose orders may have filled unheard', () => {
    const cancelled = (tokenId: string, side: 'BUY' | 'SELL', remaining: number) => ({ tokenId, side, remaining: d(remaining) });

    it('refuses the places when the cancelled remainders, filled, would take the approved set past the limit', () => {
      const g = new RiskGate(validateRiskLimits({ maxNetExposure: 20, maxPositionPerToken: 1000 }));
      // Long 10, a bid of 10 approved: exactly at the limit.
      const fits = g.evaluate(view({ pos: [10, 0] }), [bid('0.47', 10)], T0).unheardFit!;
      expect(fits([])).toBe(true);
      // The bid being replaced had 5 left: filled unheard, 10 + 5 + 10 = 25 > 20.
      expect(fits([cancelled('m1:0', 'BUY', 5)])).toBe(false);
      // A sale of outcome 1 is a bid too.
      expect(fits([cancelled('m1:1', 'SELL', 0.01)])).toBe(false);
      // An ask's remainder takes exposure down: the approved bids are no worse for it.
      expect(fits([cancelled('m1:0', 'SELL', 50), cancelled('m1:1', 'BUY', 50)])).toBe(true);
    });

    it('lets the places go when the limit leaves room for the remainders', () => {
      const g = new RiskGate(validateRiskLimits({ maxNetExposure: 20, maxPositionPerToken: 1000 }));
      const fits = g.evaluate(view({ pos: [0, 0] }), [bid('0.47', 10), ask('0.53', 10)], T0).unheardFit!;
      expect(fits([cancelled('m1:0', 'BUY', 10), cancelled('m1:0', 'SELL', 10)])).toBe(true);
      expect(fits([cancelled('m1:0', 'BUY', 10.01)])).toBe(false);
      expect(fits([cancelled('m1:1', 'BUY', 10.01)])).toBe(false);
    });

    it('counts the doubt already known, and the position limit of each token bought', () => {
      const g = new RiskGate(validateRiskLimits({ maxNetExposure: 1000, maxPositionPerToken: 30 }));
      const fits = g.evaluate(doubtful(view({ pos: [10, 0] }), doubt(3, 0, [3, 0])), [bid('0.47', 10)], T0).unheardFit!;
      // 10 held + 3 in doubt + 10 approved: 7 left for outcome 0.
      expect(fits([cancelled('m1:0', 'BUY', 7)])).toBe(true);
      expect(fits([cancelled('m1:0', 'BUY', 7.01)])).toBe(false);
      // Outcome 1 is not bought by the approved orders: its remainders bind nothing here.
      expect(fits([cancelled('m1:1', 'BUY', 500)])).toBe(true);
    });

    it('is not given when nothing was approved', () => {
      const g = new RiskGate(validateRiskLimits({ maxNetExposure: 20 }));
      expect(g.evaluate(view({ pos: [30, 0] }), [bid('0.47', 10)], T0).unheardFit).toBeUndefined();
    });
  });
});
