/**
 * The guards' cost per market evaluation (issue: <= 5 µs): the whole guard stage of
 * src/guard/guarded-quote.ts less the strategy, i.e. the fair value, `observe` (volatility, jumps,
 * sweeps, trade-throughs, mark-outs) and `apply` on a strategy's two-level quotes, with the
 * default settings. The views are a prepared random walk of one market around 0.5 with 5-level
 * books, a jump now and then and a fill of ours every few evaluations, so every guard has work to
 * do (holds engage and return). Medians over rounds, µs per evaluation.
 */
import { fairValue } from '../src/guard/fair-value.js';
import { MarketGuard, parseGuardSettings } from '../src/guard/index.js';
import type { BookView } from '../src/market/book-view.js';
import type { MarketView } from '../src/market/market-view.js';
import { Decimal } from '../src/money.js';
import type { Quote } from '../src/strategy/strategy.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';
import { SimRng } from '../src/sim/rng.js';

const VIEWS = 2_000;
const ROUNDS = 15;
const QUICK_ROUNDS = 3;
const TICK = new Decimal('0.01');

/** A seeded stream (the simulator's own generator), so a case is reproducible by its number. */
function rng(seed: number): () => number {
  const r = new SimRng(seed);
  return () => r.next();
}

interface Step {
  readonly view: MarketView;
  readonly quotes: readonly Quote[];
  readonly fill: { side: 'bid' | 'ask'; price: Decimal } | undefined;
}

function steps(): Step[] {
  const r = rng(7);
  const out: Step[] = [];
  let cents = 50;
  const nowMs = 1_763_800_000_000;
  for (let i = 0; i < VIEWS; i++) {
    cents += r() < 0.02 ? (r() < 0.5 ? -6 : 6) : r() < 0.3 ? (r() < 0.5 ? -1 : 1) : 0;
    cents = Math.min(90, Math.max(10, cents));
    const p = (c: number) => new Decimal(c).div(100);
    const level = (c: number) => ({ price: p(c), size: new Decimal(100 + ((i * 7 + c) % 200)) });
    const book: BookView = {
      tokenId: 'm:0',
      market: 'm',
      bids: [1, 2, 3, 4, 5].map((k) => level(cents - k)),
      asks: [1, 2, 3, 4, 5].map((k) => level(cents + k)),
      tickSize: TICK,
      minOrderSize: new Decimal(5),
      negRisk: false,
      timestampMs: nowMs + i * 1000,
      hash: `h${i}`,
      lastTradePrice: undefined,
      mid: p(cents),
    };
    const view = {
      meta: { conditionId: 'm', tokens: ['m:0', 'm:1'], tickSize: TICK },
      books: [book, book],
      mid: p(cents),
      position: { outcome0: new Decimal(0), outcome1: new Decimal(0) },
      liveOrders: [],
      nowMs: nowMs + i * 1000,
    } as unknown as MarketView;
    const q = (side: 'bid' | 'ask', c: number): Quote => ({ side, price: p(c), size: new Decimal(30) });
    const quotes = [q('bid', cents - 2), q('ask', cents + 2), q('bid', cents - 4), q('ask', cents + 4)];
    const fill = r() < 0.2 ? { side: r() < 0.5 ? ('bid' as const) : ('ask' as const), price: p(cents) } : undefined;
    out.push({ view, quotes, fill });
  }
  return out;
}

function pass(all: readonly Step[]): number {
  const guard = new MarketGuard('m', parseGuardSettings(undefined, undefined, 'bench'));
  let kept = 0;
  const start = process.hrtime.bigint();
  for (const s of all) {
    if (s.fill !== undefined) guard.onFill({ side: s.fill.side, price: s.fill.price, atMs: s.view.nowMs });
    const fair = fairValue(s.view, guard.settings.fairValue);
    guard.observe(s.view, fair);
    kept += guard.apply(s.quotes, TICK, s.view.nowMs).length;
  }
  const ns = Number(process.hrtime.bigint() - start);
  if (kept === 0) throw new Error('guard benchmark: the guards pulled every quote of every evaluation');
  return ns / 1_000 / all.length;
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const rounds = options?.quick === true ? QUICK_ROUNDS : ROUNDS;
  const all = steps();
  pass(all); // warm-up
  const us: number[] = [];
  for (let r = 0; r < rounds; r++) us.push(pass(all));
  return {
    guard_eval_us: round(median(us)),
    scenario:
      'guard stage (fair value, observe, apply) per market evaluation, default settings, one market with 5-level books, jumps and fills',
    evaluationsPerRound: all.length,
    rounds,
    p90_us: round([...us].sort((a, b) => a - b)[Math.floor(us.length * 0.9)] ?? Number.NaN),
  };
}
