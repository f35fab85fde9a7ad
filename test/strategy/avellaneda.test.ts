/** avellaneda: exact quotes from the model, inventory skew, online volatility, tau, bounds. */
import { describe, expect, it } from 'vitest';
import type { MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import avellaneda, { observeMid, sigmaOf, tauOf, type AvellanedaParams, type AvellanedaState } from '../../strategies/avellaneda.js';
import { NOW_MS, makeView, show } from './view-fixture.js';

const WHERE = 'market 0xabc (avellaneda)';
const paramsOf = (raw: Record<string, unknown> = {}) => parseStrategyParams(avellaneda, raw, WHERE);
/** gamma 0.1, k 5, sigma 0.01 (until 3 returns are seen), tau = horizon 1800 s. */
const MODEL = { gamma: 0.1, k: 5, sigmaInitial: 0.01, sigmaMinSamples: 3, sigmaHalfLifeS: 10, horizon: 1800 };

function run(view: MarketView, params: AvellanedaParams, state: AvellanedaState = avellaneda.initialState(params)) {
  return avellaneda.quote(view, params, state);
}
const quotes = (view: MarketView, params: AvellanedaParams) => show(run(view, params).quotes);

/** The model, written out independently of the strategy: [bid, ask] before rounding. */
function model(mid: number, q: number, gamma: number, k: number, sigma: number, tau: number, level = 0, spacing = 0): [number, number] {
  const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
  const x = Math.log(mid / (1 - mid));
  const xr = x - q * gamma * sigma ** 2 * tau;
  const delta = (gamma * sigma ** 2 * tau) / 2 + Math.log(1 + gamma / k) / gamma;
  return [sigmoid(xr - delta - level * spacing), sigmoid(xr + delta + level * spacing)];
}
/** Expected grid prices: bid floored, ask ceiled to the tick, as text. */
function onGrid([bid, ask]: [number, number], tick: number): [string, string] {
  const t = new Decimal(tick);
  return [new Decimal(bid).div(t).floor().mul(t).toFixed(), new Decimal(ask).div(t).ceil().mul(t).toFixed()];
}

describe('avellaneda: prices', () => {
  it('quotes the model at the defaults a few ticks wide around 0.5 (tick 0.01)', () => {
    // Defaults: gamma 0.05, k 10, sigma 0.003, tau 3600 s: delta = 0.00081 + 20 ln(1.005) = 0.10056.
    expect(onGrid(model(0.5, 0, 0.05, 10, 0.003, 3600), 0.01)).toEqual(['0.47', '0.53']);
    const out = run(makeView(), paramsOf());
    expect(show(out.quotes)).toEqual(['bid 0.47 x 10', 'ask 0.53 x 10']);
    expect(out.idleReason).toBeUndefined();
  });

  it('quotes exact prices for known gamma, k, sigma, tau and q (tick 0.001)', () => {
    const p = paramsOf(MODEL);
    expect(onGrid(model(0.6, 0, 0.1, 5, 0.01, 1800), 0.001)).toEqual(['0.549', '0.649']);
    expect(quotes(makeView({ mid: '0.6', tick: '0.001' }), p)).toEqual(['bid 0.549 x 10', 'ask 0.649 x 10']);
    expect(onGrid(model(0.6, 20, 0.1, 5, 0.01, 1800), 0.001)).toEqual(['0.459', '0.563']);
    expect(quotes(makeView({ mid: '0.6', tick: '0.001', position: ['30', '10'] }), p)).toEqual(['bid 0.459 x 8', 'ask 0.563 x 10']);
  });

  it('quotes further levels levelSpacing apart in log-odds', () => {
    const p = paramsOf({ levels: 3, levelSpacing: 0.05 });
    expect([0, 1, 2].map((i) => onGrid(model(0.5, 0, 0.05, 10, 0.003, 3600, i, 0.05), 0.01))).toEqual([
      ['0.47', '0.53'],
      ['0.46', '0.54'],
      ['0.45', '0.55'],
    ]);
    expect(quotes(makeView(), p)).toEqual([
      'bid 0.47 x 10',
      'ask 0.53 x 10',
      'bid 0.46 x 10',
      'ask 0.54 x 10',
      'bid 0.45 x 10',
      'ask 0.55 x 10',
    ]);
  });

  it('floors the spread at minSpread around the reservation price', () => {
    expect(quotes(makeView(), paramsOf({ minSpread: '0.1' }))).toEqual(['bid 0.45 x 10', 'ask 0.55 x 10']);
    expect(quotes(makeView(), paramsOf({ minSpread: '0.05' }))).toEqual(['bid 0.47 x 10', 'ask 0.53 x 10']);
  });
});

describe('avellaneda: inventory', () => {
  const p = paramsOf(MODEL);
  const at = (position: [string, string]) => quotes(makeView({ mid: '0.6', tick: '0.001', position }), p);

  it('long (q > 0) lowers both quotes and shrinks the bid; short raises both and shrinks the ask', () => {
    expect(at(['0', '0'])).toEqual(['bid 0.549 x 10', 'ask 0.649 x 10']);
    expect(at(['30', '10'])).toEqual(['bid 0.459 x 8', 'ask 0.563 x 10']);
    expect(onGrid(model(0.6, -20, 0.1, 5, 0.01, 1800), 0.001)).toEqual(['0.636', '0.726']);
    expect(at(['0', '20'])).toEqual(['bid 0.636 x 10', 'ask 0.726 x 8']);
  });

  it('the README example: defaults, mid 0.5, 20 shares of outcome 0 held', () => {
    expect(onGrid(model(0.5, 20, 0.05, 10, 0.003, 3600), 0.01)).toEqual(['0.46', '0.52']);
    expect(quotes(makeView({ position: ['20', '0'] }), paramsOf())).toEqual(['bid 0.46 x 8', 'ask 0.52 x 10']);
  });

  it('drops the adding side below the minimum size and at maxInventory', () => {
    // q = 95: 10 x (1 - 95/100) = 0.5 shares, below the minimum of 5.
    expect(run(makeView({ mid: '0.6', tick: '0.001', position: ['95', '0'] }), p).quotes.map((q) => q.side)).toEqual(['ask']);
    expect(run(makeView({ mid: '0.6', tick: '0.001', position: ['0', '150'] }), p).quotes.map((q) => q.side)).toEqual(['bid']);
  });

  it('rounds a shrunk size down to the size step', () => {
    // q = 33: 10 x 0.67 = 6.7 shares; step 1 gives 6.
    const sides = run(makeView({ mid: '0.6', tick: '0.001', position: ['33', '0'], sizeStep: '1' }), p).quotes;
    expect(sides.map((q) => `${q.side} ${q.size.toFixed()}`)).toEqual(['bid 6', 'ask 10']);
  });
});

describe('avellaneda: volatility', () => {
  const p = paramsOf(MODEL);
  const mids = ['0.5', '0.52', '0.49', '0.5'];

  it('estimates sigma as the exponentially weighted mean of r^2 / dt, used after sigmaMinSamples returns', () => {
    const x = mids.map((m) => Math.log(Number(m) / (1 - Number(m))));
    const inst = [1, 2, 3].map((i) => (x[i]! - x[i - 1]!) ** 2 / 10);
    // Half-life 10 s, one return every 10 s: weights 1/8, 1/4, 1/2, normalised.
    const expected = Math.sqrt((inst[0]! / 8 + inst[1]! / 4 + inst[2]! / 2) / (1 / 8 + 1 / 4 + 1 / 2));
    expect(expected).toBeCloseTo(0.024387235, 9);

    let state = avellaneda.initialState(p);
    const seen: string[][] = [];
    mids.forEach((mid, i) => {
      const out = run(makeView({ mid, tick: '0.001', nowMs: NOW_MS + i * 10_000 }), p, state);
      state = out.state;
      seen.push(show(out.quotes));
    });
    expect(state.samples).toBe(3);
    expect(sigmaOf(state, p)).toBeCloseTo(expected, 12);
    expect(onGrid(model(0.5, 0, 0.1, 5, 0.01, 1800), 0.001)).toEqual(['0.448', '0.552']);
    expect(onGrid(model(0.5, 0, 0.1, 5, expected, 1800), 0.001)).toEqual(['0.437', '0.563']);
    expect(seen).toEqual([
      ['bid 0.448 x 10', 'ask 0.552 x 10'], // sigmaInitial
      ['bid 0.468 x 10', 'ask 0.572 x 10'],
      ['bid 0.438 x 10', 'ask 0.542 x 10'],
      ['bid 0.437 x 10', 'ask 0.563 x 10'], // the estimate, 0.0244: wider
    ]);
  });

  it('learns nothing from an evaluation at the same instant or earlier', () => {
    const first = observeMid(avellaneda.initialState(p), new Decimal('0.5'), NOW_MS, 10);
    expect(observeMid(first, new Decimal('0.6'), NOW_MS, 10)).toBe(first);
    expect(observeMid(first, new Decimal('0.6'), NOW_MS - 1, 10)).toBe(first);
  });

  it('never goes below sigmaFloor', () => {
    let state = avellaneda.initialState(p);
    for (let i = 0; i < 5; i++) state = observeMid(state, new Decimal('0.5'), NOW_MS + i * 1000, 10);
    expect(state.samples).toBe(4);
    expect(sigmaOf(state, p)).toBe(0.0005);
    expect(sigmaOf(state, { ...p, sigmaFloor: 0.002 })).toBe(0.002);
  });

  it('keeps its state when idle', () => {
    const state = observeMid(avellaneda.initialState(p), new Decimal('0.5'), NOW_MS, 10);
    expect(run(makeView({ mid: null }), p, state).state).toBe(state);
  });
});

describe('avellaneda: tau', () => {
  it('is the horizon without an end date, the time left when sooner, and 0 after the end', () => {
    expect(tauOf(makeView(), 1800)).toBe(1800);
    expect(tauOf(makeView({ endDateMs: NOW_MS + 600_000 }), 1800)).toBe(600);
    expect(tauOf(makeView({ endDateMs: NOW_MS + 7_200_000 }), 1800)).toBe(1800);
    expect(tauOf(makeView({ endDateMs: NOW_MS - 1000 }), 1800)).toBe(0);
  });

  it("runs to the market's stop (end less quoting.stopBeforeEndSec) when the view has one", () => {
    // End in 15 min, stop 5 min before it: 600 s at risk, not 900.
    const ending = { ...makeView({ endDateMs: NOW_MS + 900_000 }), stopAtMs: NOW_MS + 600_000 };
    expect(tauOf(ending, 1800)).toBe(600);
    expect(tauOf({ ...ending, stopAtMs: NOW_MS + 7_200_000 }, 1800)).toBe(1800);
    // Inside the window: nothing at risk left to quote for.
    expect(tauOf({ ...ending, stopAtMs: NOW_MS - 1 }, 1800)).toBe(0);
    // The quotes are the model's at tau 600 (as an end date 600 s away gives, below).
    const p = paramsOf(MODEL);
    const long = makeView({ mid: '0.5', tick: '0.001', position: ['20', '0'], endDateMs: NOW_MS + 900_000 });
    expect(quotes({ ...long, stopAtMs: NOW_MS + 600_000 }, p)).toEqual(['bid 0.42 x 8', 'ask 0.521 x 10']);
    expect(quotes(long, p)).not.toEqual(['bid 0.42 x 8', 'ask 0.521 x 10']);
  });

  it('shrinks the inventory skew as the end date nears', () => {
    const p = paramsOf(MODEL);
    const long = { mid: '0.5', tick: '0.001', position: ['20', '0'] } as const;
    expect(onGrid(model(0.5, 20, 0.1, 5, 0.01, 1800), 0.001)).toEqual(['0.361', '0.462']);
    expect(quotes(makeView(long), p)).toEqual(['bid 0.361 x 8', 'ask 0.462 x 10']);
    expect(onGrid(model(0.5, 20, 0.1, 5, 0.01, 600), 0.001)).toEqual(['0.42', '0.521']);
    expect(quotes(makeView({ ...long, endDateMs: NOW_MS + 600_000 }), p)).toEqual(['bid 0.42 x 8', 'ask 0.521 x 10']);
  });
});

describe('avellaneda: bounds and idling', () => {
  const p = paramsOf();

  it('clamps to [tick, 1 - tick] and keeps bid < ask', () => {
    // mid 0.011: model 0.00996 / 0.01215 -> bid 0 clamped to 0.01, ask 0.02.
    expect(quotes(makeView({ mid: '0.011' }), p)).toEqual(['bid 0.01 x 10', 'ask 0.02 x 10']);
    // mid 0.003: both round and clamp to 0.01; the ask moves a tick up.
    expect(quotes(makeView({ mid: '0.003' }), p)).toEqual(['bid 0.01 x 10', 'ask 0.02 x 10']);
    // mid 0.995: 0.99447 / 0.99548 -> bid 0.99, ask 1.00 clamped to 0.99; the bid moves a tick down.
    expect(quotes(makeView({ mid: '0.995' }), p)).toEqual(['bid 0.98 x 10', 'ask 0.99 x 10']);
    expect(quotes(makeView({ mid: '0.995', tick: '0.001' }), p)).toEqual(['bid 0.994 x 10', 'ask 0.996 x 10']);
  });

  it('drops a further level that clamps onto a nearer one', () => {
    expect(quotes(makeView({ mid: '0.011' }), paramsOf({ levels: 3 }))).toEqual(['bid 0.01 x 10', 'ask 0.02 x 10']);
  });

  it('quotes nothing without a midpoint or with a book missing', () => {
    expect(run(makeView({ mid: null }), p)).toMatchObject({ quotes: [], idleReason: 'no-midpoint' });
    expect(run(makeView({ missingBook: 0 }), p)).toMatchObject({ quotes: [], idleReason: 'no-book' });
    expect(run(makeView({ missingBook: 1 }), p)).toMatchObject({ quotes: [], idleReason: 'no-book' });
  });
});

describe('avellaneda: parameters', () => {
  it('documents and checks every parameter', () => {
    expect(() => paramsOf({ gamma: 0 })).toThrow('market 0xabc (avellaneda): params.gamma must be a number > 0 (got 0)');
    expect(() => paramsOf({ levels: 0 })).toThrow('market 0xabc (avellaneda): params.levels must be an integer >= 1 and <= 20 (got 0)');
    expect(() => paramsOf({ maxInventory: '0' })).toThrow('market 0xabc (avellaneda): params.maxInventory must be a decimal > 0 (got "0")');
    for (const rule of Object.values(avellaneda.params)) expect('unit' in rule && rule.unit !== undefined).toBe(true);
  });
});
