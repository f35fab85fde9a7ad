/**
 * The risk gate's integer checks (src/risk/intent-checks-micro.ts) against its Decimal checks on
 * thousands of random markets: the same approved orders (prices and sizes to decimal.js's own
 * representation, unchanged intents as the same objects), refusals by reason, trims, moves and
 * totals, with and without a neg-risk event's room (risk.perEvent); and the integer path hands
 * over (undefined) exactly when an input leaves its range.
 */
import { describe, expect, it } from 'vitest';
import type { BookLevel, BookView } from '../../src/market/book-view.js';
import type { MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { checkIntents, checkIntentsDecimal, type CheckOptions, type CheckResult } from '../../src/risk/intent-checks.js';
import { checkIntentsMicro } from '../../src/risk/intent-checks-micro.js';
import { EventBook } from '../../src/risk/event-limit.js';
import { validateRiskLimits } from '../../src/risk/risk-limits.js';
import { SimRng } from '../../src/sim/rng.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { gridValue, multiple, shape } from '../support/random-decimals.js';

const CASES = 4_000;
const TICKS = ['0.01', '0.01', '0.001', '0.005', '0.0001', '0.1'];
const STEPS = ['0.01', '0.01', '1', '0.1', '0.000001'];
const MIN_SIZES = ['5', '5', '1', '15', '0.01'];

function randomBook(r: SimRng, tokenId: string, tick: string, perUnit: number): BookView | undefined {
  if (r.chance(0.05)) return undefined;
  const level = (lo: number, hi: number): BookLevel => ({ price: gridValue(r, tick, lo, hi, 0.01), size: gridValue(r, '0.01', 1, 50_000) });
  const mid = r.int(2, perUnit - 2);
  const bids = r.chance(0.1) ? [] : [level(Math.max(1, mid - 5), mid - 1)];
  const asks = r.chance(0.1) ? [] : [level(mid + 1, Math.min(perUnit - 1, mid + 5))];
  return {
    tokenId,
    market: 'm',
    bids,
    asks,
    tickSize: new Decimal(tick),
    minOrderSize: new Decimal(5),
    negRisk: false,
    timestampMs: 1,
    hash: 'h',
    lastTradePrice: undefined,
    mid: bids[0] !== undefined && asks[0] !== undefined ? bids[0].price.plus(asks[0].price).div(2) : undefined,
  };
}

function randomCase(r: SimRng): { view: MarketView; intents: OrderIntent[]; options: CheckOptions } {
  const tick = r.pick(TICKS);
  const step = r.pick(STEPS);
  const perUnit = Math.round(1 / Number(tick));
  const tokens = ['m:0', 'm:1'] as const;
  const position = (): Decimal => (r.chance(0.4) ? new Decimal(0) : gridValue(r, r.pick(['1', '0.01', '0.000001']), 0, 400, 0.02));
  const view: MarketView = {
    meta: {
      conditionId: 'm',
      slug: 'm',
      tokens,
      tickSize: new Decimal(tick),
      minOrderSize: new Decimal(r.pick(MIN_SIZES)),
      sizeStep: new Decimal(step),
      negRisk: false,
      fees: { rate: new Decimal(0), exponent: 1, takerOnly: true, rebateRate: new Decimal(0) },
      endDateMs: undefined,
      fetchedAtMs: 1,
    },
    books: [randomBook(r, tokens[0], tick, perUnit), randomBook(r, tokens[1], tick, perUnit)],
    mid: r.chance(0.2) ? undefined : gridValue(r, '0.0005', 2, 1998, 0.02),
    position: { outcome0: position(), outcome1: position() },
    liveOrders: [],
    nowMs: 1,
  };
  const intents: OrderIntent[] = [];
  for (let i = r.int(0, 8); i > 0; i--) {
    const outcome = r.int(0, 1) as 0 | 1;
    const side = r.chance(0.7) ? 'BUY' : 'SELL';
    const quoteSide = (outcome === 0) === (side === 'BUY') ? 'bid' : 'ask';
    const price = r.chance(0.05) ? gridValue(r, '0.001', 1, 999) : gridValue(r, tick, 1, perUnit - 1, 0.02);
    const size = r.chance(0.04) ? new Decimal(r.int(-5, 0)) : gridValue(r, r.chance(0.9) ? step : '0.001', 1, 6_000, 0.02);
    intents.push({ conditionId: 'm', tokenId: tokens[outcome], side, price, size, quoteSide });
  }
  const minPrice = multiple(tick, r.int(1, 3));
  const limits = validateRiskLimits({
    minPrice: minPrice.toFixed(),
    maxPrice: new Decimal(1).minus(multiple(tick, r.int(1, 3))).toFixed(),
    maxOrderSize: gridValue(r, '0.001', 1, 100_000).toFixed(),
    maxPositionPerToken: gridValue(r, '0.5', 1, 1_000).toFixed(),
    maxNetExposure: gridValue(r, '0.25', 1, 1_500).toFixed(),
    maxGrossNotional: r.chance(0.1) ? '100000000' : gridValue(r, '0.01', 1, 500_000).toFixed(),
    maxOrdersPerMarket: r.int(1, 10),
    maxOpenOrders: r.int(1, 40),
  });
  let otherNotional = r.chance(0.3) ? new Decimal(0) : gridValue(r, '0.000001', 0, 400_000_000, 0.02);
  // Now and then the room left is exactly one intent's notional: the limit's boundary itself.
  const first = intents[0];
  if (first !== undefined && r.chance(0.2)) otherNotional = Decimal.max(0, limits.maxGrossNotional.minus(first.price.mul(first.size)));
  const options: CheckOptions = { limits, reducing: r.chance(0.2), otherOrders: r.int(0, 30), otherNotional };
  if (!r.chance(0.4)) return { view, intents, options };
  // A neg-risk market: its event's other markets hold and rest at random, the limit is random.
  const book = new EventBook();
  for (let k = r.int(0, 3); k > 0; k--) {
    const other = `o${k}`;
    const otherTokens = [`${other}:0`, `${other}:1`] as const;
    const otherView = {
      ...view,
      meta: { ...view.meta, conditionId: other, tokens: otherTokens },
      position: { outcome0: position(), outcome1: position() },
    };
    const orders = Array.from({ length: r.int(0, 4) }, () => ({
      tokenId: otherTokens[r.int(0, 1)]!,
      side: r.chance(0.7) ? ('BUY' as const) : ('SELL' as const),
      price: gridValue(r, tick, 1, perUnit - 1),
      size: gridValue(r, '0.01', 1, 40_000),
    }));
    book.hold(otherView, 'E', [orders]);
  }
  const paid = (): Decimal | undefined => (r.chance(0.3) ? undefined : gridValue(r, '0.000001', 0, 200_000_000, 0.02));
  const eventView: MarketView = { ...view, meta: { ...view.meta, negRisk: true, eventId: 'E' }, paid: [paid(), paid()] };
  const limit = gridValue(r, '0.01', 1, 300_000);
  return { view: eventView, intents, options: { ...options, eventRoom: () => book.room(eventView, 'E', limit) } };
}

/** A result as comparable values: Decimals by representation, approved intents by content. */
function comparable(res: CheckResult): unknown {
  return {
    approved: res.approved.map((a) => ({ ...a, price: shape(a.price), size: shape(a.size) })),
    refused: res.refused,
    trimmed: res.trimmed,
    moved: res.moved,
    notional: shape(res.notional),
    bids: shape(res.bids),
    asks: shape(res.asks),
  };
}

describe('the integer risk checks equal the Decimal checks', () => {
  it(`on ${CASES} random markets: approvals, refusals, trims, moves and totals`, () => {
    const r = new SimRng('risk-integer-checks');
    let integer = 0;
    const reasons = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const { view, intents, options } = randomCase(r);
      const reference = checkIntentsDecimal(view, intents, options);
      const fast = checkIntentsMicro(view, intents, options);
      for (const k of Object.keys(reference.refused)) reasons.add(k);
      const context = `case ${i}`;
      if (fast !== undefined) {
        integer++;
        expect(comparable(fast), context).toEqual(comparable(reference));
        // An intent the checks left alone is handed on as the very object the strategy made.
        for (const [j, a] of fast.approved.entries()) if (a === reference.approved[j]) expect(a).toBe(reference.approved[j]);
      }
      expect(comparable(checkIntents(view, intents, options)), context).toEqual(comparable(reference));
    }
    // Most cases run the integer path, and the cases reach every per-intent refusal.
    expect(integer).toBeGreaterThan(CASES * 0.6);
    expect([...reasons].sort()).toEqual(
      [
        'below-min-size',
        'exposure-limit',
        'gross-notional',
        'market-orders',
        'open-orders',
        'order-size',
        'position-limit',
        'post-only-cross',
        'price-range',
        'reducing',
        'event-loss',
      ].sort(),
    );
  });

  it('hands over to Decimal when a value has a digit past the micro-unit', () => {
    const r = new SimRng('risk-integer-handover');
    const { view, intents, options } = randomCase(r);
    const fine = { ...view, position: { outcome0: new Decimal('1.0000001'), outcome1: new Decimal(0) } };
    expect(checkIntentsMicro(fine, intents, options)).toBeUndefined();
    expect(checkIntents(fine, intents, options)).toEqual(checkIntentsDecimal(fine, intents, options));
  });
});
