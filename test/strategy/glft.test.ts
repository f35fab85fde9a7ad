/** glft: the closed form against hand-computed values, quotes on given views (skew, volatility, bounds, intensity). */
import { describe, expect, it } from 'vitest';
import type { IntensityEstimate } from '../../src/market/intensity/intensity-estimate.js';
import type { MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { loadConfig } from '../../src/config/load.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import { reloadConfiguration } from '../../src/trading/config-reload.js';
import { logCapture } from '../support/log-capture.js';
import glft, { glftCoefficients, glftDistances, intensityFor, quotesFor } from '../../strategies/glft.js';
import { makeView, show } from './view-fixture.js';

const WHERE = 'market 0xabc (glft)';
const paramsOf = (raw: Record<string, unknown> = {}) => parseStrategyParams(glft, raw, WHERE);
const mid = (v: MarketView) => v.mid!;

describe('glft: the closed form', () => {
  it('gives c1 = ln(1 + γΔ/k)/(γΔ) and ω = √(γσ²/(2AΔk)·(1 + γΔ/k)^(1 + k/(γΔ))), worked by hand', () => {
    // γ 0.1 /USDC, Δ 10 shares, k 60 /price, A 0.5 /s, σ 0.00075 price/√s: γΔ/k = 1/60, so
    // c1 = ln(61/60) = 0.0165293019512106 and ω² = 0.1 · 0.00075² / 600 · (61/60)^61
    // = 9.375e-11 · 2.74090297498573 = 2.56959e-10: ω = 1.60299611323581e-5 per share.
    const { c1, omega } = glftCoefficients({ a: 0.5, k: 60, gamma: 0.1, size: 10, sigma: 0.00075 });
    expect(c1).toBeCloseTo(Math.log(61 / 60), 15);
    expect(c1).toBeCloseTo(0.0165293019512106, 15);
    expect(omega).toBeCloseTo(1.60299611323581e-5, 17);
  });

  it('tends to 1/k for a small γΔ (the risk-neutral half-spread) and grows the inventory term with σ', () => {
    expect(glftCoefficients({ a: 1, k: 50, gamma: 1e-9, size: 10, sigma: 0.001 }).c1).toBeCloseTo(1 / 50, 8);
    const low = glftCoefficients({ a: 1, k: 50, gamma: 0.1, size: 10, sigma: 0.001 }).omega;
    const high = glftCoefficients({ a: 1, k: 50, gamma: 0.1, size: 10, sigma: 0.002 }).omega;
    expect(high / low).toBeCloseTo(2, 12);
  });

  it('skews both distances by ω a share of inventory, away from adding to it', () => {
    const side = { a: 0.5, k: 60, gamma: 0.1, size: 10, sigma: 0.00075 };
    const { c1, omega } = glftCoefficients(side);
    expect(glftDistances(side, side, 0)).toEqual({ bid: c1 + 5 * omega, ask: c1 + 5 * omega });
    const long = glftDistances(side, side, 40);
    expect(long.bid).toBeCloseTo(c1 + 45 * omega, 15);
    expect(long.ask).toBeCloseTo(c1 - 35 * omega, 15);
  });
});

describe('glft: quotes (price space, tick 0.01, Δ 10, A 0.5, k 60 configured)', () => {
  // Mid 0.40, σx 0.01 log-odds/√s: σ = 0.4·0.6·0.01 = 0.0024 price/√s; γ 1: c1 = ln(7/6)/10 =
  // 0.0154151, ω = 1.68054e-4: half-spread 0.0162553 -> bid 0.383745, ask 0.416255.
  const p = paramsOf({ gamma: 1 });
  const at = (position: readonly [string, string], sigmaX = 0.01) => {
    const v = makeView({ mid: '0.4', position });
    return show(quotesFor(v, mid(v), p, sigmaX));
  };

  it('quotes the model rounded away from the touch: bid 0.38, ask 0.42 flat', () => {
    expect(at(['0', '0'])).toEqual(['bid 0.38 x 10', 'ask 0.42 x 10']);
  });

  it('moves both quotes down when long (40 shares: 0.377022 / 0.409533) and up when short (0.390467 / 0.422978)', () => {
    expect(at(['40', '0'])).toEqual(['bid 0.37 x 10', 'ask 0.41 x 10']);
    expect(at(['0', '40'])).toEqual(['bid 0.39 x 10', 'ask 0.43 x 10']);
  });

  it('widens with volatility: σx 0.2 gives a half-spread of 0.0322 (0.367780 / 0.432220)', () => {
    expect(at(['0', '0'], 0.2)).toEqual(['bid 0.36 x 10', 'ask 0.44 x 10']);
  });

  it('never takes the exposure past maxInventory (100): at 95 the bid buys 5, at 100 it stops; short likewise', () => {
    expect(at(['95', '0'])).toEqual(['bid 0.36 x 5', 'ask 0.41 x 10']);
    // At 100 shares the model's ask is 0.399450, below the midpoint (c1 - 95ω < 0): up to 0.40.
    expect(at(['100', '0'])).toEqual(['ask 0.4 x 10']);
    expect(at(['0', '100'])).toEqual(['bid 0.4 x 10']);
  });

  it('stays inside [tick, 1 - tick]: at a midpoint of 0.02 the bid (0.0045 by the model) rests at 0.01', () => {
    const v = makeView({ mid: '0.02' });
    expect(show(quotesFor(v, mid(v), p, 0.01))).toEqual(['bid 0.01 x 10', 'ask 0.04 x 10']);
  });

  it('widens to minSpread around the midpoint', () => {
    const v = makeView({ mid: '0.4' });
    expect(show(quotesFor(v, mid(v), paramsOf({ gamma: 1, minSpread: '0.1' }), 0.01))).toEqual(['bid 0.35 x 10', 'ask 0.45 x 10']);
  });
});

describe('glft: the fitted intensity', () => {
  const est = (status: IntensityEstimate['status'], a: number, k: number): IntensityEstimate => ({
    status,
    a,
    k,
    kStandardError: 1,
    trades: 500,
  });
  // Defaults (γ 0.1, σx 0.003), mid 0.40: configured A 0.5, k 60 give 0.383394 / 0.416606; a fit
  // of A 2, k 120 on both sides gives 0.391674 / 0.408326.
  const withFit = (status: IntensityEstimate['status']): MarketView => ({
    ...makeView({ mid: '0.4' }),
    intensity: { bid: est(status, 2, 120), ask: est(status, 2, 120) },
  });
  const p = paramsOf();

  it('quotes with a trusted fit: a steeper decay narrows the spread', () => {
    const v = withFit('fitted');
    expect(show(quotesFor(v, mid(v), p, 0.003))).toEqual(['bid 0.39 x 10', 'ask 0.41 x 10']);
  });

  it('quotes with the configured a and k while the fit is not trusted, or with useFit off', () => {
    for (const status of ['few-trades', 'one-distance', 'imprecise', 'out-of-bounds'] as const) {
      const v = withFit(status);
      expect(show(quotesFor(v, mid(v), p, 0.003)), status).toEqual(['bid 0.38 x 10', 'ask 0.42 x 10']);
    }
    const v = withFit('fitted');
    expect(show(quotesFor(v, mid(v), paramsOf({ useFit: false }), 0.003))).toEqual(['bid 0.38 x 10', 'ask 0.42 x 10']);
    expect(show(quotesFor(makeView({ mid: '0.4' }), new Decimal('0.4'), p, 0.003))).toEqual(['bid 0.38 x 10', 'ask 0.42 x 10']);
  });

  it('takes each side its own fit', () => {
    expect(intensityFor(est('fitted', 2, 120), p)).toEqual({ a: 2, k: 120 });
    expect(intensityFor(est('imprecise', 2, 120), p)).toEqual({ a: 0.5, k: 60 });
    const v: MarketView = { ...makeView({ mid: '0.4' }), intensity: { bid: est('fitted', 2, 120), ask: est('few-trades', 2, 120) } };
    expect(show(quotesFor(v, mid(v), p, 0.003))).toEqual(['bid 0.39 x 10', 'ask 0.42 x 10']);
  });

  it('declares that it reads the fit (the daemon counts its fallbacks)', () => {
    expect(glft.readsFlowIntensity).toBe(true);
  });
});

describe('glft: the strategy', () => {
  it('estimates volatility as avellaneda does and quotes from sigmaInitial until enough returns', () => {
    const params = paramsOf({ gamma: 1, sigmaInitial: 0.01 });
    const out = glft.quote(makeView({ mid: '0.4' }), params, glft.initialState(params));
    expect(show(out.quotes)).toEqual(['bid 0.38 x 10', 'ask 0.42 x 10']);
    expect(out.state.lastX).toBeCloseTo(Math.log(0.4 / 0.6), 12);
  });

  it('quotes nothing without a midpoint or a book, saying why', () => {
    const params = paramsOf();
    expect(glft.quote(makeView({ mid: null }), params, glft.initialState(params))).toMatchObject({ quotes: [], idleReason: 'no-midpoint' });
    expect(glft.quote(makeView({ missingBook: 1 }), params, glft.initialState(params))).toMatchObject({
      quotes: [],
      idleReason: 'no-book',
    });
  });

  it('checks its parameters against the schema, naming the market, the parameter and the rule', () => {
    expect(paramsOf()).toMatchObject({ gamma: 0.1, a: 0.5, k: 60, useFit: true });
    expect(() => paramsOf({ gamma: 0 })).toThrow(`${WHERE}: params.gamma must be a number > 0 (got 0)`);
    expect(() => paramsOf({ k: -5 })).toThrow(`${WHERE}: params.k must be a number > 0 (got -5)`);
    expect(() => paramsOf({ useFit: 'yes' })).toThrow(`${WHERE}: params.useFit must be true or false (got "yes")`);
    expect(() => paramsOf({ levels: 2 })).toThrow(/params\.levels is not a known parameter/);
  });
});

describe('glft: SIGHUP', () => {
  it('reloads its parameters like any strategy (new gamma in place, state kept), and refuses a bad one keeping the old', () => {
    const conf = (params: string) =>
      loadConfig({ env: { MAKERD_DATA_DIR: '/tmp/makerd-glft-reload', MAKERD_STRATEGY: 'glft', MAKERD_STRATEGY_PARAMS: params } }).config;
    const running = conf('{"gamma": 0.1}');
    const state = { lastX: 0.1, lastMs: 1, weightedVar: 0, weight: 0, samples: 0 };
    const binding = { conditionId: '0xm', tokens: ['0xm:0', '0xm:1'] as const, strategy: glft, params: paramsOf({ gamma: 0.1 }), state };
    const targets = {
      loop: { markets: [binding], markDirty: () => {} },
      risk: new RiskGate(validateRiskLimits({})),
      killSwitch: { setFlag: () => {} },
      losses: { setLimits: () => ({ daily: false, drawdown: false, changes: [] }) },
      selected: [{ conditionId: '0xm', tokens: ['0xm:0', '0xm:1'] as const, entry: 'selector' as const }],
      strategies: new Map([['glft', glft]]),
      running,
    } as never;
    const { logger, lines } = logCapture();
    reloadConfiguration(() => conf('{"gamma": 2, "useFit": false}'), targets, logger);
    expect(binding.params).toMatchObject({ gamma: 2, useFit: false });
    expect(binding.state).toBe(state);
    reloadConfiguration(() => conf('{"gamma": -1}'), targets, logger);
    expect(binding.params).toMatchObject({ gamma: 2 });
    expect(lines.at(-1)).toMatchObject({ msg: 'configuration reload refused; the previous values stay' });
  });
});
