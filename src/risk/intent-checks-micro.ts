/**
 * The risk gate's per-intent checks (intent-checks.ts) in exact integers: prices and sizes in
 * micro-units (10^-6, src/money.ts `microOf`), notional in 10^-12 USDC. Same order of intents,
 * same checks in the same order, same refusals, trims and moves; Decimals are built only for what
 * the result carries (a moved price, a trimmed size, the totals). A randomized test holds it equal
 * to the Decimal checks.
 *
 * Returns undefined, having changed nothing, when any input is not exactly representable (more
 * than 6 decimals, too large) or a running total would leave the range where integers stay exact;
 * the caller then runs the Decimal checks, so the result never depends on which path ran.
 */
import { Decimal, fromScaledInt, MICRO_DP, MICRO_NOTIONAL_DP, microOf, ZERO } from '../money.js';
import { sortSmall } from '../stable-sort.js';
import { LastTotal } from './last-total.js';
import type { MarketView } from '../market/market-view.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { CheckOptions, CheckResult } from './check-result.js';
import type { EventRoom } from './event-limit.js';
import type { RefusalReason } from './refusal-reasons.js';

const UNIT = 1_000_000;
/** Bound on the size totals (micro-shares): differences of a few of them and of limits stay below 2^53. */
const SIZE_BOUND = 1e15;
/** Bound on the market's notional (10^-12 USDC): integers stay exact below 2^53. */
const NOTIONAL_BOUND = Number.MAX_SAFE_INTEGER;

/** floor(x / s) * s for an integer x of either sign and s > 0: the size grid, rounded down. */
function floorTo(x: number, s: number): number {
  const r = x % s;
  return r === 0 ? x : r > 0 ? x - r : x - r - s;
}

/**
 * What the gross-notional check compares a market's notional N against: (limit - others) x 10^12,
 * exact when it is below 2^53 in magnitude; beyond, Number() rounds it to at least 2^53, and as N
 * stays at most 2^53 - 1, N > room comes out as it would exactly. Undefined when the room has
 * more than 12 decimals.
 */
function notionalRoom(limit: Decimal, others: Decimal): number | undefined {
  if (!others.isZero()) return roomText(limit.minus(others));
  // The others' notional is mostly zero (one market) and the limit the same object every time:
  // decimal.js's text of it once, not on every evaluation.
  if (limit !== lastLimit) {
    lastLimit = limit;
    lastLimitRoom = roomText(limit);
  }
  return lastLimitRoom;
}

let lastLimit: Decimal | undefined;
let lastLimitRoom: number | undefined;

function roomText(room: Decimal): number | undefined {
  if (room.decimalPlaces() > MICRO_NOTIONAL_DP) return undefined;
  return Number(room.toFixed(MICRO_NOTIONAL_DP).replace('.', ''));
}

interface Queued {
  readonly intent: OrderIntent;
  readonly index: number;
  readonly outcome: 0 | 1;
  readonly price: number;
  readonly size: number;
  readonly distance: number;
}

/** By distance from the reference price, ties in the strategy's order. */
const closestFirst = (a: Queued, b: Queued): number => a.distance - b.distance || a.index - b.index;

function countRefusal(refused: Partial<Record<RefusalReason, number>>, reason: RefusalReason): void {
  refused[reason] = (refused[reason] ?? 0) + 1;
}

/** checkIntents in integers, or undefined (nothing changed) when the inputs leave the exact range. */
export function checkIntentsMicro(view: MarketView, intents: readonly OrderIntent[], o: CheckOptions): CheckResult | undefined {
  const { limits } = o;
  const { tokens } = view.meta;
  const tick = microOf(view.meta.tickSize);
  const step = microOf(view.meta.sizeStep);
  const minSize = microOf(view.meta.minOrderSize);
  const minPrice = microOf(limits.minPrice);
  const maxPrice = microOf(limits.maxPrice);
  const maxOrderSize = microOf(limits.maxOrderSize);
  const maxPosition = microOf(limits.maxPositionPerToken);
  const maxNet = microOf(limits.maxNetExposure);
  const held0 = microOf(view.position.outcome0);
  const held1 = microOf(view.position.outcome1);
  const ref = referenceMicro(view);
  const grossRoom = notionalRoom(limits.maxGrossNotional, o.otherNotional);
  if (
    tick === undefined ||
    step === undefined ||
    minSize === undefined ||
    minPrice === undefined ||
    maxPrice === undefined ||
    maxOrderSize === undefined ||
    maxPosition === undefined ||
    maxNet === undefined ||
    held0 === undefined ||
    held1 === undefined ||
    ref === undefined ||
    grossRoom === undefined ||
    // A zero or negative grid or minimum is the Decimal path's to judge (zero sizes, signed zeros).
    tick <= 0 ||
    step <= 0 ||
    minSize <= 0
  )
    return undefined;
  const held = [held0, held1] as const;
  const q = held0 - held1;
  const best = [bestPrices(view, 0), bestPrices(view, 1)] as const;
  if (best[0] === undefined || best[1] === undefined) return undefined;

  // Arrays of their exact length: one grown by push reserves 16 slots.
  const queue = new Array<Queued>(intents.length);
  for (let index = 0; index < intents.length; index++) {
    const intent = intents[index]!;
    const price = microOf(intent.price);
    const size = microOf(intent.size);
    if (price === undefined || size === undefined) return undefined;
    const outcome = intent.tokenId === tokens[0] ? 0 : 1;
    const p0 = outcome === 0 ? price : UNIT - price;
    queue[index] = { intent, index, outcome, price, size, distance: intent.quoteSide === 'bid' ? ref - p0 : p0 - ref };
  }
  sortSmall(queue, closestFirst);

  const maxSize = floorTo(maxOrderSize, step);
  const refused: Partial<Record<RefusalReason, number>> = {};
  /** Approved intents at their index in `intents`: the result keeps the strategy's order without a sort. */
  const approvedAt = new Array<OrderIntent | undefined>(intents.length);
  let approvedCount = 0;
  let trimmed = 0;
  let moved = 0;
  let bids = 0;
  let asks = 0;
  const buys = [0, 0];
  let notional = 0;
  let notionalFull = false;
  const event = o.eventRoom?.();

  for (const { intent, index, outcome, price: wantedPrice, size: wantedSize } of queue) {
    const isBid = intent.quoteSide === 'bid';
    let price = wantedPrice;
    let size = wantedSize;

    if (price < minPrice || price > maxPrice || price % tick !== 0) {
      countRefusal(refused, 'price-range');
      continue;
    }
    if (!(size > 0) || size % step !== 0) {
      countRefusal(refused, 'order-size');
      continue;
    }
    // Post-only: never at or through the opposite best of the token's own book.
    if (intent.side === 'BUY') {
      const bestAsk = best[outcome]!.ask;
      if (bestAsk !== undefined && price >= bestAsk) {
        price = bestAsk - tick;
        if (price < minPrice || !(price > 0)) {
          countRefusal(refused, 'post-only-cross');
          continue;
        }
      }
    } else {
      const bestBid = best[outcome]!.bid;
      if (bestBid !== undefined && price <= bestBid) {
        price = bestBid + tick;
        if (price > maxPrice || !(price < UNIT)) {
          countRefusal(refused, 'post-only-cross');
          continue;
        }
      }
    }
    if (size < minSize) {
      countRefusal(refused, 'below-min-size');
      continue;
    }
    if (size > maxSize) {
      size = maxSize;
      if (size < minSize) {
        countRefusal(refused, 'below-min-size');
        continue;
      }
    }
    // A limit that trims: the size cut to the room left on the size grid, or refused.
    if (o.reducing) {
      // Only toward zero (bids when short outcome 0, asks when long), and never past it.
      if (!(isBid ? q < 0 : q > 0)) {
        countRefusal(refused, 'reducing');
        continue;
      }
      const allowed = floorTo(Math.abs(q) - (isBid ? bids : asks), step);
      if (allowed < minSize) {
        countRefusal(refused, 'reducing');
        continue;
      }
      if (size > allowed) size = allowed;
    }
    if (intent.side === 'BUY') {
      const allowed = floorTo(maxPosition - held[outcome]! - buys[outcome]!, step);
      if (allowed < minSize) {
        countRefusal(refused, 'position-limit');
        continue;
      }
      if (size > allowed) size = allowed;
    }
    const exposure = floorTo(isBid ? maxNet - q - bids : maxNet + q - asks, step);
    if (exposure < minSize) {
      countRefusal(refused, 'exposure-limit');
      continue;
    }
    if (size > exposure) size = exposure;
    if (event !== undefined) {
      const allowed = eventRoomMicro(event, outcome, intent.side, price === wantedPrice ? intent.price : fromScaledInt(price), size, step);
      if (allowed < minSize) {
        countRefusal(refused, 'event-loss');
        continue;
      }
      if (size > allowed) size = allowed;
    }
    if (approvedCount >= limits.maxOrdersPerMarket) {
      countRefusal(refused, 'market-orders');
      continue;
    }
    if (o.otherOrders + approvedCount >= limits.maxOpenOrders) {
      countRefusal(refused, 'open-orders');
      continue;
    }
    const cost = price * size;
    // Beyond 2^53 a product or sum rounds up, never below it: the bound is checked soundly.
    if (!(cost <= NOTIONAL_BOUND) || !(notional + cost <= NOTIONAL_BOUND)) return undefined;
    if (notionalFull || notional + cost > grossRoom) {
      notionalFull = true;
      countRefusal(refused, 'gross-notional');
      continue;
    }

    notional += cost;
    if (isBid) bids += size;
    else asks += size;
    if (intent.side === 'BUY') buys[outcome]! += size;
    if (bids > SIZE_BOUND || asks > SIZE_BOUND || buys[outcome]! > SIZE_BOUND) return undefined;
    const wasTrimmed = size !== wantedSize;
    const wasMoved = price !== wantedPrice;
    if (wasTrimmed) trimmed++;
    if (wasMoved) moved++;
    const taken: OrderIntent =
      wasTrimmed || wasMoved
        ? {
            ...intent,
            price: wasMoved ? fromScaledInt(price) : intent.price,
            size: wasTrimmed ? fromScaledInt(size) : intent.size,
          }
        : intent;
    event?.take(outcome, intent.side, taken.price, taken.size);
    approvedAt[index] = taken;
    approvedCount++;
  }

  const approved = new Array<OrderIntent>(approvedCount);
  let k = 0;
  for (const intent of approvedAt) if (intent !== undefined) approved[k++] = intent;
  return {
    approved,
    refused,
    trimmed,
    moved,
    notional: lastNotional.of(notional, MICRO_NOTIONAL_DP),
    bids: lastBids.of(bids, MICRO_DP),
    asks: lastAsks.of(asks, MICRO_DP),
  };
}

const lastNotional = new LastTotal();
const lastBids = new LastTotal();
const lastAsks = new LastTotal();

/**
 * The event's room for an order of `size` micro-shares, on the size grid (micro-shares): `size`
 * when it has no limit or room for all of it, else the room rounded down (0 when none is left).
 */
function eventRoomMicro(event: EventRoom, outcome: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, size: number, step: number): number {
  const room = event.room(outcome, side, price, fromScaledInt(size));
  if (room === undefined) return size;
  if (!room.gt(ZERO)) return 0;
  const micro = microOf(room.toDecimalPlaces(MICRO_DP, Decimal.ROUND_DOWN));
  // Beyond the exact integers the room is far above any order's size.
  if (micro === undefined || micro >= size) return size;
  return floorTo(micro, step);
}

/** The outcome-0 reference price (intent-checks.ts referencePrice) in micro-units, or undefined. */
function referenceMicro(view: MarketView): number | undefined {
  if (view.mid !== undefined) return microOf(view.mid);
  const mid0 = view.books[0]?.mid;
  if (mid0 !== undefined) return microOf(mid0);
  const mid1 = view.books[1]?.mid;
  if (mid1 === undefined) return UNIT / 2;
  const m = microOf(mid1);
  return m === undefined ? undefined : UNIT - m;
}

/** A token's best bid and ask in micro-units (undefined when a side is empty); undefined when one does not convert. */
function bestPrices(view: MarketView, outcome: 0 | 1): { bid: number | undefined; ask: number | undefined } | undefined {
  const book = view.books[outcome];
  const bidPrice = book?.bids[0]?.price;
  const askPrice = book?.asks[0]?.price;
  const bid = bidPrice === undefined ? undefined : microOf(bidPrice);
  const ask = askPrice === undefined ? undefined : microOf(askPrice);
  if ((bidPrice !== undefined && bid === undefined) || (askPrice !== undefined && ask === undefined)) return undefined;
  return { bid, ask };
}
