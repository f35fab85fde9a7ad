/**
 * The risk gate's per-intent checks of an ACTIVE or REDUCING market (risk-gate.ts, step 3). Pure.
 *
 * The intents are processed closest to the touch first: by distance in outcome-0
 * price from the market's midpoint (view.mid, else the outcome-0 book's, else 1 - the
 * outcome-1 book's, else 0.5), bids below and asks above it; ties keep the strategy's order.
 * Each intent goes through, in order: price range and tick, size grid, post-only (moved one
 * tick off the opposite best or refused), minimum size, maximum order size (trim), REDUCING
 * direction and room (trim), position per token (trim), net exposure worst case (trim), the
 * neg-risk event's worst-case loss (trim; event-limit.ts), orders per market, open orders over
 * all markets, gross notional over all markets. Each
 * check sees the sizes already approved before it in this order. Limits that trim cut the size
 * down to what fits on the size grid and refuse the order under their own reason when that is
 * below the minimum size; the count and notional limits drop whole orders, so the farthest
 * from the touch go first (after the first order refused for gross notional, every farther
 * one is refused too).
 */
import { Decimal, ONE, ZERO, isMultipleOf, roundToTick } from '../money.js';
import { netExposure, type MarketView } from '../market/market-view.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { CheckOptions, CheckResult } from './check-result.js';
import { checkIntentsMicro } from './intent-checks-micro.js';
import type { RefusalReason } from './refusal-reasons.js';

export type { CheckOptions, CheckResult } from './check-result.js';

const HALF = new Decimal('0.5');

/**
 * a - b and a + b, without a new Decimal when b is zero (most of a market's running totals and
 * positions are): the same value, and decimal.js's form of a value is unique.
 */
function minus(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.minus(b);
}
function plus(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.plus(b);
}

/** The market's outcome-0 reference price for ordering intents by distance from the touch. */
function referencePrice(view: MarketView): Decimal {
  if (view.mid !== undefined) return view.mid;
  const mid0 = view.books[0]?.mid;
  if (mid0 !== undefined) return mid0;
  const mid1 = view.books[1]?.mid;
  return mid1 !== undefined ? ONE.minus(mid1) : HALF;
}

/**
 * The per-intent checks of an ACTIVE or REDUCING market (step 3 of the header). Pure. In exact
 * integers (intent-checks-micro.ts) whenever every input has a micro-unit form, else in Decimal:
 * the same result either way.
 */
export function checkIntents(view: MarketView, intents: readonly OrderIntent[], o: CheckOptions): CheckResult {
  return checkIntentsMicro(view, intents, o) ?? checkIntentsDecimal(view, intents, o);
}

/** The checks in Decimal: the reference the integer path is held to, and the path for values beyond it. */
export function checkIntentsDecimal(view: MarketView, intents: readonly OrderIntent[], o: CheckOptions): CheckResult {
  const { limits } = o;
  const { tokens, tickSize: tick, sizeStep: step, minOrderSize: minSize } = view.meta;
  const q = netExposure(view.position);
  const held = [view.position.outcome0, view.position.outcome1] as const;
  const ref = referencePrice(view);
  const onGrid = (d: Decimal): Decimal => roundToTick(d, step, 'down');
  const maxSize = onGrid(limits.maxOrderSize);

  const queue = intents
    .map((intent, index) => {
      const outcome = intent.tokenId === tokens[0] ? 0 : 1;
      const p0 = outcome === 0 ? intent.price : ONE.minus(intent.price);
      return { intent, index, outcome, distance: intent.quoteSide === 'bid' ? ref.minus(p0) : p0.minus(ref) };
    })
    .sort((a, b) => a.distance.cmp(b.distance) || a.index - b.index);

  const refused: Partial<Record<RefusalReason, number>> = {};
  const approved: { index: number; intent: OrderIntent }[] = [];
  let trimmed = 0;
  let moved = 0;
  let bids = ZERO;
  let asks = ZERO;
  const buys = [ZERO, ZERO];
  let notional = ZERO;
  let notionalFull = false;
  const event = o.eventRoom?.();

  const refuse = (reason: RefusalReason): void => {
    refused[reason] = (refused[reason] ?? 0) + 1;
  };
  /** A limit that trims: `size` cut to the room left on the size grid, or undefined (refused under `reason`). */
  const trimTo = (size: Decimal, room: Decimal, reason: RefusalReason): Decimal | undefined => {
    const allowed = onGrid(room);
    if (allowed.lt(minSize)) {
      refuse(reason);
      return undefined;
    }
    return size.gt(allowed) ? allowed : size;
  };

  for (const { intent, index, outcome } of queue) {
    const isBid = intent.quoteSide === 'bid';
    let price = intent.price;
    let size = intent.size;

    if (price.lt(limits.minPrice) || price.gt(limits.maxPrice) || !isMultipleOf(price, tick)) {
      refuse('price-range');
      continue;
    }
    if (!size.gt(ZERO) || !isMultipleOf(size, step)) {
      refuse('order-size');
      continue;
    }
    // Post-only: never at or through the opposite best of the token's own book.
    const book = view.books[outcome];
    if (intent.side === 'BUY') {
      const bestAsk = book?.asks[0]?.price;
      if (bestAsk !== undefined && price.gte(bestAsk)) {
        price = bestAsk.minus(tick);
        if (price.lt(limits.minPrice) || !price.gt(ZERO)) {
          refuse('post-only-cross');
          continue;
        }
      }
    } else {
      const bestBid = book?.bids[0]?.price;
      if (bestBid !== undefined && price.lte(bestBid)) {
        price = bestBid.plus(tick);
        if (price.gt(limits.maxPrice) || !price.lt(ONE)) {
          refuse('post-only-cross');
          continue;
        }
      }
    }
    if (size.lt(minSize)) {
      refuse('below-min-size');
      continue;
    }
    if (size.gt(maxSize)) {
      size = maxSize;
      if (size.lt(minSize)) {
        refuse('below-min-size');
        continue;
      }
    }
    let trimmedTo: Decimal | undefined;
    if (o.reducing) {
      // Only toward zero (bids when short outcome 0, asks when long), and never past it.
      if (!(isBid ? q.lt(ZERO) : q.gt(ZERO))) {
        refuse('reducing');
        continue;
      }
      trimmedTo = trimTo(size, minus(q.abs(), isBid ? bids : asks), 'reducing');
      if (trimmedTo === undefined) continue;
      size = trimmedTo;
    }
    if (intent.side === 'BUY') {
      trimmedTo = trimTo(size, minus(minus(limits.maxPositionPerToken, held[outcome]!), buys[outcome]!), 'position-limit');
      if (trimmedTo === undefined) continue;
      size = trimmedTo;
    }
    const exposureRoom = isBid ? minus(minus(limits.maxNetExposure, q), bids) : minus(plus(limits.maxNetExposure, q), asks);
    trimmedTo = trimTo(size, exposureRoom, 'exposure-limit');
    if (trimmedTo === undefined) continue;
    size = trimmedTo;
    const eventRoom = event?.room(outcome as 0 | 1, intent.side, price, size);
    if (eventRoom !== undefined) {
      trimmedTo = trimTo(size, eventRoom, 'event-loss');
      if (trimmedTo === undefined) continue;
      // No room at all on a market without a minimum size: refused, not approved at 0.
      if (trimmedTo.isZero()) {
        refuse('event-loss');
        continue;
      }
      size = trimmedTo;
    }
    if (approved.length >= limits.maxOrdersPerMarket) {
      refuse('market-orders');
      continue;
    }
    if (o.otherOrders + approved.length >= limits.maxOpenOrders) {
      refuse('open-orders');
      continue;
    }
    const cost = price.mul(size);
    if (notionalFull || plus(plus(o.otherNotional, notional), cost).gt(limits.maxGrossNotional)) {
      notionalFull = true;
      refuse('gross-notional');
      continue;
    }

    notional = plus(notional, cost);
    if (isBid) bids = plus(bids, size);
    else asks = plus(asks, size);
    if (intent.side === 'BUY') buys[outcome] = plus(buys[outcome]!, size);
    event?.take(outcome as 0 | 1, intent.side, price, size);
    const wasTrimmed = !size.eq(intent.size);
    const wasMoved = !price.eq(intent.price);
    if (wasTrimmed) trimmed++;
    if (wasMoved) moved++;
    approved.push({ index, intent: wasTrimmed || wasMoved ? { ...intent, price, size } : intent });
  }

  approved.sort((a, b) => a.index - b.index);
  return { approved: approved.map((a) => a.intent), refused, trimmed, moved, notional, bids, asks };
}
