/**
 * risk.perEvent in the risk gate (src/risk/event-limit.ts): the markets of one neg-risk event are
 * one risk. Orders that would take the event's worst case past the limit are trimmed or refused
 * (`event-loss`, with the event and the figures), orders that lower it pass, cancels always pass,
 * and markets of other events or of no neg-risk event are not counted together.
 */
import { describe, expect, it } from 'vitest';
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { breachText, RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { T0, ask, bid, buyNo, show, view } from './view-fixture.js';

const d = (v: string | number): Decimal => new Decimal(v);
const gate = (limit: string, over: Record<string, unknown> = {}): RiskGate =>
  new RiskGate(validateRiskLimits({ perEvent: { maxWorstLossUsdc: limit }, ...over }));

/** Market `market` of neg-risk event `event`, holding `pos` that cost `paid` (undefined: not known). */
function ev(
  market: string,
  o: { event?: string; pos?: [string, string]; paid?: [string | undefined, string | undefined] } = {},
): MarketView {
  const v = view({ market, pos: o.pos });
  return {
    ...v,
    meta: { ...v.meta, negRisk: true, eventId: o.event ?? 'E' },
    paid:
      o.paid === undefined
        ? [d(0), d(0)]
        : [o.paid[0] === undefined ? undefined : d(o.paid[0]), o.paid[1] === undefined ? undefined : d(o.paid[1])],
  };
}

/** The order an intent became, resting whole. */
const resting = (i: OrderIntent): LiveOrderView => ({
  id: `o-${i.tokenId}-${i.price.toFixed()}`,
  tokenId: i.tokenId,
  side: i.side,
  price: i.price,
  remaining: i.size,
});

const worst = (g: RiskGate): [string, string, string | undefined][] =>
  g.snapshot(T0).events.map((e) => [e.event, e.worstLoss.toFixed(), e.worstIfYes]);

describe('one event, one risk', () => {
  it('approves within the limit, trims to it, then refuses; the refusal names the event and the figures', () => {
    const g = gate('100');
    // A: a bid of 100 at 0.40 loses 40 unless A resolves Yes.
    const a = g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    expect(show(a.approved)).toEqual(['BUY A:0 0.4 x 100']);
    expect(a.eventLimit).toBeUndefined();
    expect(worst(g)).toEqual([['E', '40', undefined]]);

    // B: a bid of 200 at 0.45 would make it 40 + 90 = 130 if neither resolves Yes: 60 left, 133.33 shares.
    const b = g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0);
    expect(show(b.approved)).toEqual(['BUY B:0 0.45 x 133.33']);
    expect([b.trimmed, b.refused]).toEqual([1, {}]);
    expect(b.eventLimit).toEqual({ event: 'E', market: 'B', loss: d(130), limit: d(100), yes: undefined });
    expect(breachText(b.eventLimit!)).toBe(
      'event E: worst-case loss 130 USDC if an outcome not quoted here resolves Yes would pass risk.perEvent.maxWorstLossUsdc 100',
    );
    // 40 + 133.33 x 0.45 = 99.9985.
    expect(worst(g)).toEqual([['E', '99.9985', undefined]]);

    // C: 0.0015 left, not the minimum size of 5 shares: refused, and counted.
    const c = g.evaluate(ev('C'), [bid('0.40', 50, 'C')], T0);
    expect([c.approved, c.refused]).toEqual([[], { 'event-loss': 1 }]);
    expect(c.eventLimit).toMatchObject({ market: 'C', loss: d('119.9985'), yes: undefined });
    expect(g.snapshot(T0).refusals['event-loss']).toBe(1);

    // An ask on A (BUY No at 0.50) loses only if A resolves Yes: B's 59.9985 + 40 fits whole.
    const a2 = g.evaluate(ev('A'), [bid('0.40', 100, 'A'), buyNo('0.50', 80, 'A')], T0);
    expect(show(a2.approved)).toEqual(['BUY A:0 0.4 x 100', 'BUY A:1 0.5 x 80']);
    expect(g.snapshot(T0).events[0]).toMatchObject({ markets: ['A', 'B', 'C'], worstLoss: d('99.9985') });
    // One share more would pass it in that resolution, which names A.
    const a3 = g.evaluate(ev('A'), [bid('0.40', 100, 'A'), buyNo('0.50', 81, 'A')], T0);
    expect(show(a3.approved)).toEqual(['BUY A:0 0.4 x 100', 'BUY A:1 0.5 x 80']);
    expect(a3.eventLimit).toEqual({ event: 'E', market: 'A', loss: d('100.4985'), limit: d(100), yes: 'A' });
  });

  it('an order exactly at the limit passes', () => {
    const g = gate('40');
    expect(show(g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0).approved)).toEqual(['BUY A:0 0.4 x 100']);
    expect(g.evaluate(ev('B'), [bid('0.40', 5, 'B')], T0).refused).toEqual({ 'event-loss': 1 });
  });

  it('a holding past the limit: orders that lower the worst case pass, the others are refused', () => {
    const g = gate('80');
    // 200 Yes that cost 100: 100 lost if A resolves No, past 80.
    const h = ev('A', { pos: ['200', '0'], paid: ['100', '0'] });
    const r = g.evaluate(h, [ask('0.55', 100, 'A'), bid('0.45', 10, 'A')], T0);
    // Selling 100 of them loses (1 - 0.5) x 100 = 50 only where A resolves Yes: -100 + 50.
    expect(show(r.approved)).toEqual(['SELL A:0 0.55 x 100']);
    expect(r.refused).toEqual({ 'event-loss': 1 });
    expect(r.eventLimit).toMatchObject({ loss: d('104.5'), yes: undefined });
    expect(worst(g)).toEqual([['E', '100', undefined]]);
  });

  it('shares whose cost is not known count at 1 a share', () => {
    const g = gate('150');
    g.evaluate(ev('A', { pos: ['200', '0'], paid: [undefined, '0'] }), [], T0);
    expect(worst(g)).toEqual([['E', '200', undefined]]);
  });

  it('cancels always pass, and give the room back once answered', () => {
    const g = gate('100');
    g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0);
    // A wants nothing: nothing refused. Its bid may rest until its cancel is answered: still counted.
    const cancel = g.evaluate(ev('A'), [], T0, [resting(bid('0.40', 100, 'A'))]);
    expect([cancel.approved, cancel.refused, cancel.pulled]).toEqual([[], {}, false]);
    expect(show(g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0).approved)).toEqual(['BUY B:0 0.45 x 133.33']);
    // Answered: A has nothing; B gets all of it.
    g.evaluate(ev('A'), [], T0, []);
    expect(show(g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0).approved)).toEqual(['BUY B:0 0.45 x 200']);
    // 90 whether A or an outcome not quoted resolves Yes: the first is named.
    expect(worst(g)).toEqual([['E', '90', 'A']]);
  });

  it('a pulled market refuses under its own reason, and keeps counting what it still has', () => {
    const g = gate('100');
    g.setKillSwitch(true, 'test');
    const r = g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0, [resting(bid('0.40', 100, 'A'))]);
    expect([r.pulled, r.refused]).toEqual([true, { 'kill-switch': 1 }]);
    expect(worst(g)).toEqual([['E', '40', undefined]]);
  });

  it('replacements go with their cancels only when both sets together fit the event', () => {
    const old = [resting(bid('0.40', 100, 'A'))];
    const wanted = [bid('0.41', 50, 'A')];
    // 40 + 20.5 = 60.5 while the cancel is out.
    expect(gate('60').evaluate(ev('A'), wanted, T0, old).overlap).toBe(false);
    const g = gate('60.5');
    expect(g.evaluate(ev('A'), wanted, T0, old).overlap).toBe(true);
    expect(worst(g)).toEqual([['E', '60.5', undefined]]);
    // Without the overlap the market counts the larger of the two sets.
    const h = gate('60');
    h.evaluate(ev('A'), wanted, T0, old);
    expect(worst(h)).toEqual([['E', '40', undefined]]);
  });

  it('places after cancels go only if the cancelled orders, filled unheard, keep the event within the limit', () => {
    const g = gate('100');
    const r = g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    const unheard = (remaining: string, price?: string) => [
      { tokenId: 'A:0', side: 'BUY' as const, remaining: d(remaining), ...(price === undefined ? {} : { price: d(price) }) },
    ];
    // 40 + 100 x 0.50 = 90; 40 + 150 x 0.50 = 115; at an unknown price, 40 + 100 x 1.
    expect(r.unheardFit!(unheard('100', '0.50'))).toBe(true);
    expect(r.unheardFit!(unheard('150', '0.50'))).toBe(false);
    expect(r.unheardFit!(unheard('100'))).toBe(false);
    // Off: the per-market limits alone decide.
    expect(gate('0').evaluate(ev('A'), [bid('0.40', 100, 'A')], T0).unheardFit!(unheard('100'))).toBe(true);
  });

  it('a market no longer quoted leaves its event', () => {
    const g = gate('100');
    g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    g.forgetMarket('A');
    expect(worst(g)).toEqual([]);
    expect(show(g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0).approved)).toEqual(['BUY B:0 0.45 x 200']);
  });

  it('a reload applies at the next evaluation', () => {
    const g = gate('100');
    g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    g.setLimits(validateRiskLimits({ perEvent: { maxWorstLossUsdc: '50' } }));
    expect(show(g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0).approved)).toEqual(['BUY B:0 0.45 x 22.22']);
    expect(g.snapshot(T0).eventLossLimit).toEqual(d(50));
  });
});

describe('what the limit does not count together', () => {
  it('"0" turns it off: orders pass whole, the worst case is still shown', () => {
    const g = gate('0');
    g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
    const b = g.evaluate(ev('B'), [bid('0.45', 200, 'B')], T0);
    expect(show(b.approved)).toEqual(['BUY B:0 0.45 x 200']);
    expect(b.eventLimit).toBeUndefined();
    expect(worst(g)).toEqual([['E', '130', undefined]]);
    expect(g.snapshot(T0).eventLossLimit).toBeUndefined();
  });

  it('markets that are not neg-risk keep the per-market limits only', () => {
    const g = gate('100');
    g.evaluate(view({ market: 'A' }), [bid('0.40', 100, 'A')], T0);
    const b = g.evaluate(view({ market: 'B' }), [bid('0.45', 200, 'B')], T0);
    expect(show(b.approved)).toEqual(['BUY B:0 0.45 x 200']);
    expect(g.snapshot(T0).events).toEqual([]);
  });

  it('two events are two risks', () => {
    const g = gate('100');
    g.evaluate(ev('A', { event: 'E' }), [bid('0.40', 100, 'A')], T0);
    const b = g.evaluate(ev('B', { event: 'F' }), [bid('0.45', 200, 'B')], T0);
    expect(show(b.approved)).toEqual(['BUY B:0 0.45 x 200']);
    expect(worst(g)).toEqual([
      ['E', '40', undefined],
      ['F', '90', undefined],
    ]);
  });

  it('the default is 500 USDC', () => {
    expect(validateRiskLimits({}).perEvent.maxWorstLossUsdc).toEqual(d(500));
  });
});
