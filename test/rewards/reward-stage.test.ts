/**
 * The reward-aware stage in the pipeline: the guards apply after it (their pull or widening
 * wins), the risk gate and the loss limits after them (a side they forbid stays forbidden), a
 * failing stage leaves the strategy's quotes; and, on random books, rules, positions and quotes,
 * it never crosses, stays on the grid and in [tick, 1 − tick], and never passes its size and
 * inventory bounds.
 */
import { describe, expect, it } from 'vitest';
import { parseGuardSettings, MarketGuard, quoteGuarded } from '../../src/guard/index.js';
import { type MarketView, netExposure } from '../../src/market/market-view.js';
import { Decimal, ONE } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { rewardMidpoint, rewardQuotes } from '../../src/rewards/reward-quoting.js';
import { oneSidedScores } from '../../src/rewards/reward-score.js';
import { SimRng } from '../../src/sim/rng.js';
import { toOrderIntents } from '../../src/strategy/legs.js';
import type { Quote, Strategy } from '../../src/strategy/strategy.js';
import { CONDITION, NOW_MS, liveOrder } from '../strategy/view-fixture.js';
import { AROUND_HALF, q, rewardView, settings, shown } from './reward-quoting-fixture.js';

/** A strategy that wants `quotes`, whatever it sees. */
function fixed(quotes: readonly Quote[]): Strategy {
  return {
    name: 'fixed',
    description: 'test',
    params: {},
    parse: () => ({}),
    initialState: () => null,
    quote: (_v, _p, s) => ({ quotes, state: s }),
  };
}

const OFF = { jumpTicks: 0, sweepLevels: 0, tradeThrough: false, burstFills: 0, toxicityMaxTicks: 0 };
const S = settings({ maxInventory: '1000' });

describe('order of the stages', () => {
  it('without guards: the strategy, then the stage', () => {
    const out = quoteGuarded(rewardView(AROUND_HALF), fixed([q('bid', '0.46', '20')]), {}, null, undefined, S);
    expect(shown(out.quotes)).toEqual(['bid 0.48 x 50', 'ask 0.52 x 50']);
    // Off, or not given: the strategy's quotes as they are.
    const off = quoteGuarded(rewardView(AROUND_HALF), fixed([q('bid', '0.46', '20')]), {}, null, undefined, settings({ enabled: false }));
    expect(shown(off.quotes)).toEqual(['bid 0.46 x 20']);
    expect(shown(quoteGuarded(rewardView(AROUND_HALF), fixed([q('bid', '0.46', '20')]), {}, null, undefined).quotes)).toEqual([
      'bid 0.46 x 20',
    ]);
  });

  it("a guard's widening applies to what the stage made (the widened bid no longer scores: the guard wins)", () => {
    const g = new MarketGuard(
      CONDITION,
      parseGuardSettings({ ...OFF, burstFills: 1, burstWindowS: 10, widenTicks: 2, coolDownS: 60 }, undefined, 't'),
    );
    g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: NOW_MS });
    const out = quoteGuarded(rewardView(AROUND_HALF), fixed([q('bid', '0.46', '20'), q('ask', '0.54', '20')]), {}, null, g, S);
    expect(shown(out.quotes)).toEqual(['bid 0.46 x 50', 'ask 0.52 x 50']);
  });

  it("a guard's pull removes the side the stage would have made score", () => {
    // A fill of ours at 0.50, then a fair value of 0.495 below it: a trade-through holds the bid.
    const g = new MarketGuard(
      CONDITION,
      parseGuardSettings({ ...OFF, tradeThrough: true, jumpAction: 'pull', coolDownS: 60 }, undefined, 't'),
    );
    g.onFill({ side: 'bid', price: new Decimal('0.50'), atMs: NOW_MS - 1000 });
    const view = rewardView({ bids: [['0.48', '100']], asks: [['0.51', '100']] });
    const out = quoteGuarded(view, fixed([q('bid', '0.45', '20'), q('ask', '0.55', '20')]), {}, null, g, S);
    expect(out.events.map((e) => `${e.side} ${e.guard} ${e.action}`)).toEqual(['bid trade-through pull']);
    // Midpoint 0.495: the ask moves to 0.495 + 0.015 = 0.51; the bid is gone.
    expect(shown(out.quotes)).toEqual(['ask 0.51 x 50']);
  });

  it('a stage that throws leaves the strategy quotes as they are and says so', () => {
    const v = rewardView(AROUND_HALF);
    const rules = v.meta.rewards?.kind === 'paying' ? v.meta.rewards.rules : undefined;
    const boom = {
      div: () => {
        throw new Error('boom');
      },
    } as unknown as Decimal;
    const broken: MarketView = { ...v, meta: { ...v.meta, rewards: { kind: 'paying', rules: { ...rules!, maxSpreadCents: boom } } } };
    const out = quoteGuarded(broken, fixed([q('bid', '0.46', '20')]), {}, null, undefined, S);
    expect(shown(out.quotes)).toEqual(['bid 0.46 x 20']);
    expect(String(out.rewardsFailed)).toBe('Error: boom');
    expect(out.failed).toBeUndefined();
  });
});

describe('the risk gate and the loss limits still decide', () => {
  const view = (position: [string, string]) => rewardView({ ...AROUND_HALF, position });
  const wanted = [q('bid', '0.46', '20'), q('ask', '0.54', '20')];
  const approved = (gate: RiskGate, v: MarketView) => {
    const quotes = rewardQuotes(v, wanted, S);
    return gate.evaluate(v, toOrderIntents(v, quotes), NOW_MS);
  };

  it('REDUCING (net exposure beyond the limit): the stage makes the bid score, the gate refuses it', () => {
    const gate = new RiskGate(validateRiskLimits({ maxNetExposure: 60 }));
    const v = view(['70', '0']);
    expect(shown(rewardQuotes(v, wanted, S))).toEqual(['bid 0.48 x 50', 'ask 0.52 x 50']);
    const d = approved(gate, v);
    expect(d.state).toBe('REDUCING');
    expect(d.refused).toEqual({ reducing: 1 });
    // Only the ask, as a SELL of the outcome 0 held.
    expect(d.approved.map((i) => `${i.quoteSide} ${i.side} ${i.price.toFixed()} x ${i.size.toFixed()}`)).toEqual(['ask SELL 0.52 x 50']);
  });

  it('a loss limit halting every market (the portfolio override): nothing rests', () => {
    const gate = new RiskGate(validateRiskLimits({}));
    gate.setOverride('*', 'portfolio.dailyLoss', 'HALTED');
    const d = approved(gate, view(['0', '0']));
    expect([d.state, d.pulled, d.approved.length]).toEqual(['HALTED', true, 0]);
  });

  it('a market configured REDUCING while short: the bid reduces and rests, the ask the stage enlarged does not', () => {
    const gate = new RiskGate(validateRiskLimits({}));
    gate.setConfiguredState(CONDITION, 'REDUCING');
    const d = approved(gate, view(['0', '40']));
    // Short 40: the bid of 50 is trimmed to 40 (never past flat), the ask refused.
    expect(d.approved.map((i) => `${i.quoteSide} ${i.side} ${i.price.toFixed()} x ${i.size.toFixed()}`)).toEqual(['bid BUY 0.48 x 40']);
    expect(d.refused).toEqual({ reducing: 1 });
  });
});

/** A seeded stream (the simulator's own generator), so a case is reproducible by its number. */
function rng(seed: number): () => number {
  const r = new SimRng(seed);
  return () => r.next();
}

describe('randomized: never crosses, stays on the grid and in range, within its size and inventory bounds', () => {
  it('on 2,000 random books, rules, positions, settings and quote sets', () => {
    let changedCases = 0;
    let keptCases = 0;
    for (let c = 0; c < 2000; c++) {
      const r = rng(c + 1);
      const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
      const tick = pick(['0.01', '0.001']);
      const t = new Decimal(tick);
      const units = Math.round(ONE.div(t).toNumber());
      // A split of the grid: our bids and the book's at or below it, asks above it.
      const split = int(2, units - 2);
      const level = (lo: number, hi: number): readonly [string, string] => [t.mul(int(lo, hi)).toFixed(), String(int(1, 700))];
      const bookSide = (lo: number, hi: number): (readonly [string, string])[] => {
        const ls = Array.from({ length: int(r() < 0.1 ? 0 : 1, 4) }, () => level(lo, hi));
        return [...new Map(ls.map((l) => [l[0], l])).values()];
      };
      const bids = bookSide(Math.max(1, split - 10), split).sort((a, b) => Number(b[0]) - Number(a[0]));
      const asks = bookSide(split + 1, Math.min(units - 1, split + 10)).sort((a, b) => Number(a[0]) - Number(b[0]));
      // Our resting orders, in outcome-0 terms on either side (a bid rests as a BUY of outcome 0 or a SELL of outcome 1).
      const live = Array.from({ length: int(0, 2) }, (_, k) => {
        const bid = r() < 0.5;
        const p = t.mul(bid ? int(Math.max(1, split - 12), split) : int(split + 1, Math.min(units - 1, split + 12)));
        const outcome = r() < 0.5 ? 0 : 1;
        const side = (outcome === 0) === bid ? 'BUY' : 'SELL';
        return liveOrder(`o${k}`, outcome, side, (outcome === 0 ? p : ONE.minus(p)).toFixed(), String(int(1, 300)));
      });
      const rewards = {
        rates: [{ rewards_daily_rate: 50 }],
        min_size: pick([5, 20, 50, 100, 200]),
        max_spread: pick([1, 2, 3, 3.5, 4.5, 6]),
      };
      const view = rewardView({
        bids,
        asks,
        rewards,
        tick,
        minOrderSize: pick(['1', '5', '15']),
        position: [String(int(0, 120)), String(int(0, 120))],
        live,
      });
      const s = settings({
        spreadFraction: pick(['0.05', '0.3', '0.5', '0.8', '0.95']),
        sizeMultiple: pick(['1', '1.5', '3']),
        maxSize: pick(['10', '120', '400', '1000']),
        maxInventory: pick(['0', '60', '300', '1000']),
        twoSided: r() < 0.7,
      });
      const keepTicks = pick([1, 2, 5]);
      const wanted: Quote[] = [];
      for (let i = int(r() < 0.05 ? 0 : 1, 6); i > 0; i--) {
        const side = r() < 0.5 ? 'bid' : 'ask';
        const p = side === 'bid' ? int(Math.max(1, split - 12), split) : int(split + 1, Math.min(units - 1, split + 12));
        wanted.push({ side, price: t.mul(p), size: new Decimal(int(100, 8000)).div(100) });
      }
      const out = rewardQuotes(view, wanted, s);
      const label = `case ${c + 1}`;
      const { minSize, maxSpreadCents } = (view.meta.rewards as { rules: { minSize: Decimal; maxSpreadCents: Decimal } }).rules;
      const v = maxSpreadCents.div(100);
      const mid = rewardMidpoint(view, minSize);
      const q0 = netExposure(view.position);

      expect(out.length, label).toBeGreaterThanOrEqual(wanted.length);
      expect(out.length, label).toBeLessThanOrEqual(wanted.length + 2);
      const bestBid = Decimal.max(...out.filter((x) => x.side === 'bid').map((x) => x.price), ONE.neg());
      const bestAsk = Decimal.min(...out.filter((x) => x.side === 'ask').map((x) => x.price), ONE.mul(2));
      const crossedBefore = wanted.some((a) => wanted.some((b) => a.side === 'bid' && b.side === 'ask' && a.price.gte(b.price)));
      if (!crossedBefore) expect(bestBid.lt(bestAsk), label).toBe(true);
      const changedSides = new Set<string>();
      out.forEach((x, i) => {
        expect(x.price.gte(t) && x.price.lte(ONE.minus(t)) && x.price.div(t).isInteger(), label).toBe(true);
        const before = wanted[i];
        if (before?.price.eq(x.price) && before.size.eq(x.size)) return;
        // A change: at most one per side, only from a quote of the same side or added to an empty side.
        expect(changedSides.has(x.side), label).toBe(false);
        changedSides.add(x.side);
        if (before === undefined) expect(wanted.some((w) => w.side === x.side) || !s.twoSided, label).toBe(false);
        else {
          expect(before.side, label).toBe(x.side);
          expect(x.size.gte(before.size), label).toBe(true);
        }
        expect(mid, label).toBeDefined();
        // It now scores: inside max_spread, at least min_size, on the size grid.
        expect(x.price.minus(mid!).abs().lt(v) && x.size.gte(minSize), label).toBe(true);
        expect(x.size.gte(view.meta.minOrderSize) && x.size.div(view.meta.sizeStep).isInteger(), label).toBe(true);
        if (before === undefined || x.size.gt(before.size)) expect(x.size.lte(s.maxSize), label).toBe(true);
        // A moved or added price is short of the other side of both books.
        if (before === undefined || !before.price.eq(x.price)) {
          const [b0, b1] = view.books;
          if (x.side === 'bid') {
            if (b0?.asks[0] !== undefined) expect(x.price.lt(b0.asks[0].price), label).toBe(true);
            if (b1?.bids[0] !== undefined) expect(x.price.lt(ONE.minus(b1.bids[0].price)), label).toBe(true);
          } else {
            if (b0?.bids[0] !== undefined) expect(x.price.gt(b0.bids[0].price), label).toBe(true);
            if (b1?.asks[0] !== undefined) expect(x.price.gt(ONE.minus(b1.asks[0].price)), label).toBe(true);
          }
        }
        // Filled whole it keeps |net exposure| within maxInventory, or at least does not grow it.
        const after = x.side === 'bid' ? q0.plus(x.size) : q0.minus(x.size);
        expect(after.abs().lte(s.maxInventory) || after.abs().lte(q0.abs()), label).toBe(true);
      });
      if (changedSides.size > 0) {
        changedCases++;
        // Outside [0.10, 0.90] a change is made only when both sides then score.
        if (!oneSidedScores({ market: mid, complement: undefined }))
          for (const side of ['bid', 'ask'] as const)
            expect(
              out.some((x) => x.side === side && x.price.minus(mid!).abs().lt(v) && x.size.gte(minSize)),
              label,
            ).toBe(true);
      }

      // keepTicks: each quote is the one above, or one of our resting orders standing in for it:
      // scoring, no larger, no nearer the touch and at most keepTicks ticks behind it.
      const kept = rewardQuotes(view, wanted, { ...s, keepTicks });
      expect(kept.length, label).toBe(out.length);
      const bestKeptBid = Decimal.max(...kept.filter((x) => x.side === 'bid').map((x) => x.price), ONE.neg());
      const bestKeptAsk = Decimal.min(...kept.filter((x) => x.side === 'ask').map((x) => x.price), ONE.mul(2));
      if (!crossedBefore) expect(bestKeptBid.lt(bestKeptAsk), label).toBe(true);
      kept.forEach((x, i) => {
        const planned = out[i]!;
        if (x.price.eq(planned.price) && x.size.eq(planned.size)) return;
        keptCases++;
        expect(x.side, label).toBe(planned.side);
        const resting = live.some((o) => {
          const zero = o.tokenId === view.meta.tokens[0];
          const side = zero === (o.side === 'BUY') ? 'bid' : 'ask';
          return side === x.side && (zero ? o.price : ONE.minus(o.price)).eq(x.price) && o.remaining.eq(x.size);
        });
        expect(resting, label).toBe(true);
        const scores = (y: Quote) => y.price.minus(mid!).abs().lt(v) && y.size.gte(minSize);
        expect(scores(x) && scores(planned) && x.size.lte(planned.size), label).toBe(true);
        const behind = x.side === 'bid' ? planned.price.minus(x.price) : x.price.minus(planned.price);
        expect(behind.gte(0) && behind.lte(t.mul(keepTicks)), label).toBe(true);
      });
    }
    // The cases exercise the stage, not only its pass-through.
    expect(changedCases).toBeGreaterThan(500);
    expect(keptCases).toBeGreaterThanOrEqual(10);
  });
});
