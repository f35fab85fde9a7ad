/**
 * bands (strategies/bands.ts), its steps 1 to 4 on exact integers in micro-units (grid-micro.ts),
 * with no closures, per-band arrays or Decimal distances: bands runs at every evaluation of every
 * market. Used when the midpoint,
 * the market's grid, the bands and every live order of the market have micro-unit form (always on
 * the venue); otherwise bands' Decimal path decides. Same quotes, in the same order.
 */
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { type Decimal, fromScaledInt, microOf } from '../../src/money.js';
import { sortSmall } from '../../src/stable-sort.js';
import {
  ONE_MICRO,
  ceilToMultiple,
  clampPriceMicro,
  floorToMultiple,
  gridSizeMicro,
  isOnPriceGridMicro,
  isOnSizeGridMicro,
} from '../../src/strategy/grid-micro.js';
import type { Quote, QuoteSide } from '../../src/strategy/strategy.js';
import type { Band, BandsParams } from './band.js';

interface MicroBand {
  readonly minMargin: number;
  readonly avgMargin: number;
  readonly maxMargin: number;
  readonly minAmount: number;
  readonly avgAmount: number;
  readonly maxAmount: number;
}

/** One live order that may be kept: its outcome-0 price, size and distance, and its band. Pooled. */
interface LiveMicro {
  order: LiveOrderView;
  outcome: 0 | 1;
  side: QuoteSide;
  price: number;
  size: number;
  distance: number;
  band: number;
}

/** The bands in micro-units, per parsed params (null: some value has no such form). */
const MICRO_BANDS = new WeakMap<readonly Band[], readonly MicroBand[] | null>();
/** Live orders of the evaluation in progress (the first `n` hold it); reused between calls. */
const LIVE: LiveMicro[] = [];
/** One band's orders on one side (the first `count` of sideQuotesMicro); reused, never shortened. */
const MEMBERS: LiveMicro[] = [];

function microBands(bands: readonly Band[]): readonly MicroBand[] | null {
  let found = MICRO_BANDS.get(bands);
  if (found === undefined) {
    const list: MicroBand[] = [];
    for (const b of bands) {
      const m = [b.minMargin, b.avgMargin, b.maxMargin, b.minAmount, b.avgAmount, b.maxAmount].map(microOf);
      if (m.some((x) => x === undefined)) break;
      const [minMargin, avgMargin, maxMargin, minAmount, avgAmount, maxAmount] = m as number[];
      list.push({
        minMargin: minMargin!,
        avgMargin: avgMargin!,
        maxMargin: maxMargin!,
        minAmount: minAmount!,
        avgAmount: avgAmount!,
        maxAmount: maxAmount!,
      });
    }
    found = list.length === bands.length ? list : null;
    MICRO_BANDS.set(bands, found);
  }
  return found;
}

/** The quotes, or null when some value has no micro-unit form (or a sum leaves the safe integers). */
export function quoteMicro(view: MarketView, params: BandsParams, midDecimal: Decimal): Quote[] | null {
  const { tokens } = view.meta;
  const mid = microOf(midDecimal);
  const tick = microOf(view.meta.tickSize);
  const step = microOf(view.meta.sizeStep);
  const min = microOf(view.meta.minOrderSize);
  const bands = microBands(params.bands);
  if (mid === undefined || tick === undefined || step === undefined || min === undefined || bands === null) return null;
  if (!(tick > 0) || !(step > 0)) return null;
  let n = 0;
  for (const o of view.liveOrders) {
    const outcome = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (outcome === undefined) continue;
    const raw = microOf(o.price);
    const size = microOf(o.remaining);
    if (raw === undefined || size === undefined) return null;
    const price = outcome === 0 ? raw : ONE_MICRO - raw;
    if (!isOnPriceGridMicro(price, tick) || !isOnSizeGridMicro(size, step, min)) continue;
    const side: QuoteSide = (outcome === 0) === (o.side === 'BUY') ? 'bid' : 'ask';
    const distance = side === 'bid' ? mid - price : price - mid;
    // The first band holding it: the inner one at a boundary two bands share.
    let band = 0;
    while (band < bands.length && !(distance >= bands[band]!.minMargin && distance <= bands[band]!.maxMargin)) band++;
    if (band === bands.length) continue;
    const e = LIVE[n] ?? (LIVE[n] = { order: o, outcome, side, price, size, distance, band });
    e.order = o;
    e.outcome = outcome;
    e.side = side;
    e.price = price;
    e.size = size;
    e.distance = distance;
    e.band = band;
    n++;
  }
  const out: Quote[] = [];
  if (params.sides !== 'ask' && !sideQuotesMicro(out, 'bid', bands, n, mid, tick, step, min)) return null;
  if (params.sides !== 'bid' && !sideQuotesMicro(out, 'ask', bands, n, mid, tick, step, min)) return null;
  return out;
}

/** sideQuotes: one side's quotes appended to `out`; false when a sum leaves the safe integers. */
function sideQuotesMicro(
  out: Quote[],
  side: QuoteSide,
  bands: readonly MicroBand[],
  n: number,
  mid: number,
  tick: number,
  step: number,
  min: number,
): boolean {
  for (let b = 0; b < bands.length; b++) {
    const band = bands[b]!;
    let count = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const e = LIVE[i]!;
      if (e.side !== side || e.band !== b) continue;
      MEMBERS[count++] = e;
      total += e.size;
    }
    if (!Number.isSafeInteger(total)) return false;
    sortSmall(MEMBERS, dropOrder, count);
    let first = 0;
    while (total > band.maxAmount && first < count) total -= MEMBERS[first++]!.size;
    // Kept orders nearest first.
    for (let i = count - 1; i >= first; i--) {
      const e = MEMBERS[i]!;
      out.push({ side, price: e.outcome === 0 ? e.order.price : fromScaledInt(e.price), size: e.order.remaining });
    }
    if (total < band.minAmount) {
      const fresh = newQuoteMicro(band, mid, side, band.avgAmount - total, tick, step, min);
      if (fresh !== undefined) out.push(fresh);
    }
  }
  return true;
}

/** Farthest from the mid first, then smaller, then by id: the order in which orders are dropped. */
function dropOrder(a: LiveMicro, b: LiveMicro): number {
  if (a.distance !== b.distance) return a.distance > b.distance ? -1 : 1;
  if (a.size !== b.size) return a.size < b.size ? -1 : 1;
  const x = a.order.id;
  const y = b.order.id;
  return x < y ? -1 : x > y ? 1 : 0;
}

function newQuoteMicro(
  band: MicroBand,
  mid: number,
  side: QuoteSide,
  wanted: number,
  tick: number,
  step: number,
  min: number,
): Quote | undefined {
  const size = gridSizeMicro(wanted, step, min);
  if (size === undefined) return undefined;
  const bid = side === 'bid';
  const raw = bid ? mid - band.avgMargin : mid + band.avgMargin;
  const away = clampPriceMicro(bid ? floorToMultiple(raw, tick) : ceilToMultiple(raw, tick), tick);
  const toward = clampPriceMicro(bid ? ceilToMultiple(raw, tick) : floorToMultiple(raw, tick), tick);
  const price = inBandMicro(band, bid ? mid - away : away - mid)
    ? away
    : inBandMicro(band, bid ? mid - toward : toward - mid)
      ? toward
      : undefined;
  return price === undefined ? undefined : { side, price: fromScaledInt(price), size: fromScaledInt(size) };
}

function inBandMicro(band: MicroBand, distance: number): boolean {
  return distance >= band.minMargin && distance <= band.maxMargin;
}
