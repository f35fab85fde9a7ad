/**
 * risk.perEvent on random trading: an event of 5 neg-risk outcomes, random wishes on both tokens
 * of each market (BUY and SELL, prices on the tick, sizes on the step), the approved orders resting
 * in place of the market's earlier ones, and random partial fills of any resting order folded into
 * a real portfolio. After every step the event's true worst case (recomputed here by brute force
 * from the portfolio's shares and cost basis and the orders resting) stays within the limit; with
 * the limit off, the per-market limits alone let the same trading go past it.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { Decimal, ONE, ZERO } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { SimRng } from '../../src/sim/rng.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { paidForHeld } from '../../src/trading/held-cost.js';
import { T0, book, view } from './view-fixture.js';

const MARKETS = ['M1', 'M2', 'M3', 'M4', 'M5'] as const;
const LIMIT = new Decimal(150);
const SEQUENCES = 10;
const STEPS = 120;

interface Resting {
  readonly id: string;
  readonly market: string;
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  remaining: Decimal;
}

/** Books wide open (0.01 / 0.99) on both tokens: no order is moved for crossing. */
function marketView(market: string, portfolio: Portfolio): MarketView {
  const v = view({ market });
  const t0 = `${market}:0`;
  const t1 = `${market}:1`;
  const position = { outcome0: portfolio.position(t0), outcome1: portfolio.position(t1) };
  const paid = paidForHeld(portfolio);
  return {
    ...v,
    meta: { ...v.meta, negRisk: true, eventId: 'E' },
    books: [book(t0, [['0.01', '100']], [['0.99', '100']]), book(t1, [['0.01', '100']], [['0.99', '100']])],
    position,
    paid: [paid(t0, position.outcome0), paid(t1, position.outcome1)],
  };
}

/**
 * The event's worst case from the truth, by brute force: every resolution (each market Yes, or
 * another outcome), each token's cost basis less its payout, each resting order filled when that
 * loses (a SELL takes its shares out at their average cost).
 */
function trueWorst(portfolio: Portfolio, resting: readonly Resting[]): Decimal {
  let worst: Decimal | undefined;
  for (const yes of [...MARKETS, undefined]) {
    const pays = (tokenId: string): Decimal => {
      const [market, outcome] = tokenId.split(':');
      return (market === yes) === (outcome === '0') ? ONE : ZERO;
    };
    let loss = ZERO;
    for (const m of MARKETS) {
      for (const t of [`${m}:0`, `${m}:1`]) loss = loss.plus(portfolio.costBasis(t)).minus(portfolio.position(t).mul(pays(t)));
    }
    for (const o of resting) {
      const held = portfolio.position(o.tokenId);
      const perShare = o.side === 'BUY' ? o.price.minus(pays(o.tokenId)) : pays(o.tokenId).minus(portfolio.costBasis(o.tokenId).div(held));
      if (perShare.gt(ZERO)) loss = loss.plus(perShare.mul(o.remaining));
    }
    if (worst === undefined || loss.gt(worst)) worst = loss;
  }
  return worst!;
}

/** Random wishes for one market: both tokens, BUY and SELL (SELLs only of shares held and not already offered). */
function wishes(r: SimRng, market: string, portfolio: Portfolio): OrderIntent[] {
  const out: OrderIntent[] = [];
  const selling = [ZERO, ZERO];
  for (let i = r.int(0, 4); i > 0; i--) {
    const outcome = r.int(0, 1) as 0 | 1;
    const tokenId = `${market}:${outcome}`;
    const price = new Decimal(r.int(2, 98)).div(100);
    let size = new Decimal(r.int(500, 20_000)).div(100);
    let side: 'BUY' | 'SELL' = r.chance(0.35) ? 'SELL' : 'BUY';
    if (side === 'SELL') {
      const free = portfolio.position(tokenId).minus(selling[outcome]!);
      if (free.lt(5)) side = 'BUY';
      else {
        size = Decimal.min(size, free);
        selling[outcome] = selling[outcome]!.plus(size);
      }
    }
    const quoteSide = (outcome === 0) === (side === 'BUY') ? 'bid' : 'ask';
    out.push({ conditionId: market, tokenId, side, price, size, quoteSide });
  }
  return out;
}

/** One sequence of trading; the largest true worst case seen, and the refusals for the event. */
function trade(seed: string, limit: string): { worst: Decimal; over: number; refused: number } {
  const r = new SimRng(seed);
  const clock = new FakeClock(T0);
  const portfolio = new Portfolio({ clock });
  const gate = new RiskGate(validateRiskLimits({ perEvent: { maxWorstLossUsdc: limit } }));
  let resting: Resting[] = [];
  let ids = 0;
  let worst = ZERO;
  let over = 0;
  for (let step = 0; step < STEPS; step++) {
    const market = r.pick(MARKETS);
    const mine = resting.filter((o) => o.market === market);
    const live: LiveOrderView[] = mine.map((o) => ({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: o.remaining }));
    const decision = gate.evaluate(marketView(market, portfolio), wishes(r, market, portfolio), clock.now(), live, false);
    // The executor cancels the market's orders and places the approved ones.
    resting = [
      ...resting.filter((o) => o.market !== market),
      ...decision.approved.map((a) => ({ id: `o${++ids}`, market, tokenId: a.tokenId, side: a.side, price: a.price, remaining: a.size })),
    ];
    // Fills: any resting order, in part or whole.
    for (let k = r.int(0, 3); k > 0 && resting.length > 0; k--) {
      const o = r.pick(resting);
      const size = Decimal.min(o.remaining, new Decimal(r.int(1, 20_000)).div(100));
      clock.advance(1);
      portfolio.apply(fillOf(o, size, clock.now(), `${seed}-${step}-${k}`));
      o.remaining = o.remaining.minus(size);
      if (o.remaining.isZero()) resting = resting.filter((x) => x !== o);
    }
    const w = trueWorst(portfolio, resting);
    if (w.gt(worst)) worst = w;
    // A hair of slack for the 40 digits of the brute force's average costs.
    if (w.gt(LIMIT.plus('1e-20'))) over++;
  }
  return { worst, over, refused: gate.snapshot(clock.now()).refusals['event-loss'] };
}

function fillOf(o: Resting, size: Decimal, atMs: number, id: string): Fill {
  const [conditionId, outcome] = o.tokenId.split(':') as [string, string];
  return {
    tradeId: id,
    conditionId,
    tokenId: o.tokenId,
    outcomeIndex: outcome === '0' ? 0 : 1,
    side: o.side,
    price: o.price,
    size,
    role: 'maker',
    fee: ZERO,
    rebate: ZERO,
    matchTime: new Date(atMs).toISOString(),
    timestampMs: atMs,
    orderId: o.id,
  };
}

describe('an event of 5 neg-risk outcomes, random orders and fills', () => {
  it(`never goes past risk.perEvent.maxWorstLossUsdc (${SEQUENCES} sequences of ${STEPS} steps)`, () => {
    let refused = 0;
    let highest = ZERO;
    for (let s = 0; s < SEQUENCES; s++) {
      const run = trade(`event-random-${s}`, LIMIT.toFixed());
      expect(run.over, `sequence ${s}: worst ${run.worst.toFixed()}`).toBe(0);
      refused += run.refused;
      highest = Decimal.max(highest, run.worst);
    }
    // The limit did the work: orders were refused for it, and the worst case came close to it.
    expect(refused).toBeGreaterThan(0);
    expect(highest.gt(LIMIT.mul('0.9'))).toBe(true);
  });

  it('the per-market limits alone (risk.perEvent off) let the same trading go past it', () => {
    let over = 0;
    for (let s = 0; s < SEQUENCES; s++) {
      const run = trade(`event-random-${s}`, '0');
      expect(run.refused).toBe(0);
      if (run.over > 0) over++;
    }
    expect(over).toBeGreaterThan(SEQUENCES / 2);
  });
});
