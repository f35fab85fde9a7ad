/**
 * The guard stage as a whole: it only ever pulls or widens (randomized), never compounds a
 * widening on kept orders, survives a failing strategy or guard, quotes around the microprice
 * when asked, and refuses bad settings with the strategy-parameter errors.
 */
import { describe, expect, it } from 'vitest';
import { MarketGuard, parseQuotingParams, quoteGuarded } from '../../src/guard/index.js';
import { fairValue } from '../../src/guard/fair-value.js';
import { Decimal, ONE } from '../../src/money.js';
import type { Quote, Strategy } from '../../src/strategy/strategy.js';
import avellaneda, { type AvellanedaParams, type AvellanedaState } from '../../strategies/avellaneda.js';
import bands, { type BandsParams } from '../../strategies/bands.js';
import { CONDITION, liveOrder, makeView } from '../strategy/view-fixture.js';
import { TICK, ms, only, q, shown, viewAt } from './guard-fixture.js';
import { SimRng } from '../../src/sim/rng.js';

/** A seeded stream (the simulator's own generator), so a case is reproducible by its number. */
function rng(seed: number): () => number {
  const r = new SimRng(seed);
  return () => r.next();
}

describe('apply: only pulls or widens', () => {
  it('on 3,000 random quote sets and guard states: no more quotes, none tighter, none off the grid or out of range', () => {
    for (let c = 0; c < 3000; c++) {
      const r = rng(c + 1);
      const tick = [new Decimal('0.01'), new Decimal('0.001'), new Decimal('0.1')][Math.floor(r() * 3)]!;
      const units = Math.round(ONE.div(tick).toNumber());
      const g = new MarketGuard(CONDITION, only({ burstFills: 1, burstWindowS: 10, widenTicks: 1 + Math.floor(r() * 30), coolDownS: 60 }));
      if (r() < 0.6) g.onFill({ side: 'bid', price: new Decimal('0.5'), atMs: ms(0) });
      if (r() < 0.6) g.onFill({ side: 'ask', price: new Decimal('0.5'), atMs: ms(0) });
      const quotes: Quote[] = [];
      for (let i = Math.floor(r() * 8); i > 0; i--) {
        const p = tick.mul(1 + Math.floor(r() * (units - 1)));
        quotes.push({ side: r() < 0.5 ? 'bid' : 'ask', price: p, size: new Decimal(1 + Math.floor(r() * 50)) });
      }
      const out = g.apply(quotes, tick, ms(1 + r() * 100));
      const label = `case ${c + 1}`;
      expect(out.length, label).toBeLessThanOrEqual(quotes.length);
      for (const side of ['bid', 'ask'] as const) {
        const wanted = quotes.filter((x) => x.side === side);
        const given = out.filter((x) => x.side === side);
        expect(given.length, label).toBeLessThanOrEqual(wanted.length);
        // Total size per side never grows; prices distinct; none tighter than the tightest wanted.
        const sum = (xs: Quote[]) => xs.reduce((a, x) => a.plus(x.size), new Decimal(0));
        expect(sum(given).lte(sum(wanted)), label).toBe(true);
        // Distinct wanted prices stay distinct (a widened quote never lands on another's price).
        if (new Set(wanted.map((x) => x.price.toFixed())).size === wanted.length)
          expect(new Set(given.map((x) => x.price.toFixed())).size, label).toBe(given.length);
        for (const x of given) {
          expect(x.price.gte(tick) && x.price.lte(ONE.minus(tick)), label).toBe(true);
          expect(x.price.div(tick).isInteger(), label).toBe(true);
          const best = side === 'bid' ? Decimal.max(...wanted.map((w) => w.price)) : Decimal.min(...wanted.map((w) => w.price));
          expect(side === 'bid' ? x.price.lte(best) : x.price.gte(best), label).toBe(true);
        }
      }
    }
  });

  it('gives a kept order back at its own price widened once, not again at every evaluation', () => {
    const g = new MarketGuard(CONDITION, only({ burstFills: 1, widenTicks: 2, coolDownS: 60 }));
    g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: ms(0) });
    const first = g.apply([q('bid', '0.48')], TICK, ms(1));
    expect(shown(first)).toEqual(['bid 0.46 x 10']);
    // A keeper (bands) returns the resting order at 0.46: it stays at 0.46.
    expect(shown(g.apply(first, TICK, ms(2)))).toEqual(['bid 0.46 x 10']);
    expect(shown(g.apply(first, TICK, ms(3)))).toEqual(['bid 0.46 x 10']);
  });

  it('does not widen again a kept order it widened before a release, when a guard engages while the re-price is on its way', () => {
    const g = new MarketGuard(CONDITION, only({ burstFills: 1, widenTicks: 2, coolDownS: 60 }));
    g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: ms(0) });
    expect(shown(g.apply([q('bid', '0.48')], TICK, ms(1)))).toEqual(['bid 0.46 x 10']);
    // Released: the order resting at 0.46 (a keeper returns it) goes back to the strategy's 0.48.
    expect(shown(g.apply([q('bid', '0.46')], TICK, ms(300)))).toEqual(['bid 0.48 x 10']);
    // A new burst before that re-price is done: the order still rests at 0.46, which is already
    // the 0.48 widened by 2 ticks (it was 0.44: a widening on a widening).
    g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: ms(300.2) });
    expect(shown(g.apply([q('bid', '0.46')], TICK, ms(300.3)))).toEqual(['bid 0.46 x 10']);
  });

  it('after a release, maps a kept price back only for a re-price round trip: later 0.46 is the strategy own price', () => {
    const g = new MarketGuard(CONDITION, only({ burstFills: 1, widenTicks: 2, coolDownS: 60 }));
    g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: ms(0) });
    g.apply([q('bid', '0.48')], TICK, ms(1));
    expect(shown(g.apply([q('bid', '0.46')], TICK, ms(300)))).toEqual(['bid 0.48 x 10']);
    // Seconds later the strategy wants 0.46 itself (the midpoint moved): quoted as wanted.
    expect(shown(g.apply([q('bid', '0.46')], TICK, ms(310)))).toEqual(['bid 0.46 x 10']);
    g.onFill({ side: 'bid', price: new Decimal('0.46'), atMs: ms(311) });
    expect(shown(g.apply([q('bid', '0.46')], TICK, ms(311.1)))).toEqual(['bid 0.44 x 10']);
  });

  it('drops a widened quote that would leave [tick, 1 - tick], and a second quote landing on a taken price', () => {
    const g = new MarketGuard(CONDITION, only({ burstFills: 1, widenTicks: 2, coolDownS: 60 }));
    g.onFill({ side: 'ask', price: new Decimal('0.98'), atMs: ms(0) });
    expect(shown(g.apply([q('ask', '0.98'), q('ask', '0.97'), q('bid', '0.02')], TICK, ms(1)))).toEqual(['ask 0.99 x 10', 'bid 0.02 x 10']);
  });
});

describe('quoteGuarded', () => {
  const thrower: Strategy = {
    ...bands,
    name: 'thrower',
    quote: () => {
      throw new Error('boom');
    },
  };

  it('pulls the quotes and says which stage failed when the strategy throws', () => {
    const out = quoteGuarded(makeView(), thrower, {}, 's0', undefined);
    expect(out.quotes).toEqual([]);
    expect(out.state).toBe('s0');
    expect(out.failed?.stage).toBe('strategy');
  });

  it('pulls the quotes when a guard throws, and keeps the strategy from running on a broken guard', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 1 }));
    g.observe = () => {
      throw new Error('guard bug');
    };
    const params = parseQuotingParams(bands, {}, 'test').params as BandsParams;
    const out = quoteGuarded(makeView(), bands, params, bands.initialState(params), g);
    expect(out.quotes).toEqual([]);
    expect(out.failed?.stage).toBe('guard');
    expect(out.failed?.error).toEqual(new Error('guard bug'));
  });

  it('quotes around the microprice when fairValue is microprice', () => {
    // Outcome 0: best bid 0.49 x 100, best ask 0.51 x 80 (the fixture); our 30 at the bid are not the market's.
    const view = makeView({ live: [liveOrder('o1', 0, 'BUY', '0.49', '30')] });
    // (0.49 x 80 + 0.51 x 70) / 150 = 0.499333...
    expect(fairValue(view, 'microprice')?.toFixed()).toBe('0.499333');
    expect(fairValue(view, 'mid')?.toFixed()).toBe('0.5');
    const parsed = parseQuotingParams(avellaneda, { guards: { fairValue: 'microprice' }, sigmaInitial: 0.003 }, 'test');
    const params = parsed.params as AvellanedaParams;
    const guards = parsed.guards;
    const g = new MarketGuard(CONDITION, guards);
    const seen: string[] = [];
    const spy: Strategy<AvellanedaParams, AvellanedaState> = {
      ...avellaneda,
      quote: (v, p, s) => {
        seen.push(v.mid?.toFixed() ?? 'none');
        return avellaneda.quote(v, p, s);
      },
    };
    quoteGuarded(view, spy, params, avellaneda.initialState(params), g);
    expect(seen).toEqual(['0.499333']);
  });

  it('reports guard events of the evaluation', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 0 }));
    const params = parseQuotingParams(bands, {}, 'test').params as BandsParams;
    quoteGuarded(viewAt(0, '0.50'), bands, params, bands.initialState(params), g);
    const out = quoteGuarded(viewAt(1, '0.45'), bands, params, bands.initialState(params), g);
    expect(out.events.map((e) => `${e.side} ${e.guard} ${e.action}`)).toEqual(['bid jump widen']);
    expect(shown(out.quotes)).toEqual(['bid 0.41 x 20', 'ask 0.47 x 20']);
  });
});

describe('settings', () => {
  const where = 'market 0xabc (avellaneda)';
  it.each([
    [{ jumpTicks: -1 }, 'params.guards.jumpTicks must be a number >= 0 (got -1)'],
    [{ jumpAction: 'hide' }, 'params.guards.jumpAction must be one of "pull", "widen" (got "hide")'],
    [{ widenTicks: 0 }, 'params.guards.widenTicks must be an integer >= 1 and <= 100 (got 0)'],
    [{ toxicityThreshold: 'x' }, 'params.guards.toxicityThreshold must be a decimal >= -1 and <= 1 (got "x")'],
    [{ sweep: 2 }, 'params.guards.sweep is not a known parameter'],
  ])('refuses %j naming the market, the key, the rule and the value', (guards, message) => {
    expect(() => parseQuotingParams(avellaneda, { guards }, where)).toThrow(`${where}: ${message}`);
  });

  it('refuses guards that are not an object', () => {
    expect(() => parseQuotingParams(avellaneda, { guards: true }, where)).toThrow(`${where}: params.guards must be an object (got true)`);
  });

  it("layers the schema's defaults, the strategy's defaults and the operator's keys", () => {
    const s: Strategy = { ...bands, guardDefaults: { widenTicks: 7, coolDownS: 5 } };
    const { guards } = parseQuotingParams(s, { guards: { coolDownS: 9 } }, where);
    expect([guards.widenTicks, guards.coolDownS, guards.jumpTicks]).toEqual([7, 9, 5]);
    expect(parseQuotingParams(s, {}, where).guards.widenTicks).toBe(7);
  });
});
