/**
 * bands: the venue's reference keeper's "bands" strategy, in outcome-0 space, without its known
 * defects. Each band is a range of distance from the midpoint, [minMargin, maxMargin] (price
 * units), with a minimum, target (avg) and maximum amount of shares resting there, on each side.
 * Every tick, per side:
 *
 * 1. The account's live orders are read in outcome-0 space (BUY outcome 0 at p and SELL outcome 1
 *    at 1 - p are bids at p; SELL outcome 0 at p and BUY outcome 1 at 1 - p are asks at p) and
 *    each goes to the band whose [minMargin, maxMargin] holds its distance from the mid (bid:
 *    mid - p, ask: p - mid; at a boundary two bands share, the inner band). Orders in no band,
 *    off the current tick, or with a remaining size that is not a valid order size (dust left by a
 *    partial fill) are dropped: they are not in the output, so the executor cancels them.
 * 2. A band holding more than maxAmount drops orders, farthest from the mid first (ties: smaller
 *    first, then by id), until it holds at most maxAmount. The orders nearest the touch are the
 *    ones that earn the spread and hold queue priority, so they stay. (The reference keeper drops
 *    the smallest first.)
 * 3. A band holding less than minAmount gets one new quote at mid -/+ avgMargin, rounded away
 *    from the touch and clamped to [tick, 1 - tick], sized avgAmount - held (rounded down to the
 *    size step, skipped below the minimum size). If that price falls outside the band (a band
 *    narrower than the tick, or a clamp near 0 or 1, which may even cross the mid) the price
 *    rounded toward the touch is used when it is inside the band, else the band stays as it is:
 *    a new order is only ever placed where the next tick would keep it.
 * 4. Kept orders are returned as quotes at their own price and remaining size, so the executor
 *    leaves them resting.
 *
 * Fixed keeper defects: bands are sorted by minMargin (their order in the file does not matter)
 * and may touch but not overlap; all arithmetic is exact; rounding is away from the touch; no
 * quote is made without a midpoint or with a book missing or stale (`no-midpoint`, `no-book`);
 * nothing is sold that is not held (src/strategy/legs.ts maps each quote to a covered leg).
 */
import type { MarketView } from '../src/market/market-view.js';
import { Decimal, ONE, isValidPrice } from '../src/money.js';
import { askPrice, bidPrice, clampPrice, gridSize, isOnPriceGrid, isOnSizeGrid } from '../src/strategy/grid.js';
import type { Quote, QuoteSide, Strategy } from '../src/strategy/strategy.js';
import type { Band, BandsParams } from './bands/band.js';
import { quoteMicro } from './bands/bands-micro.js';

export type { Band, BandsParams } from './bands/band.js';

/** bands keeps no state between ticks: the live orders are its memory. */
export type BandsState = null;

interface LiveQuote {
  readonly id: string;
  readonly side: QuoteSide;
  readonly price: Decimal;
  readonly size: Decimal;
  /** From the mid, positive away from the touch. */
  readonly distance: Decimal;
}

const MARGIN = { type: 'decimal', min: '0', max: '1', unit: 'price' } as const;
const AMOUNT = { type: 'decimal', min: '0', unit: 'shares' } as const;

const bands: Strategy<BandsParams, BandsState> = {
  name: 'bands',
  description:
    'Keeps between minAmount and maxAmount shares resting in each band of distance from the midpoint, topping a band up to avgAmount at avgMargin',
  // Bands keeps its resting orders for their queue priority; the toxicity guard re-prices them on
  // every change of its widening, which cost bands most of its PnL on the news flow profile
  // (backtests in docs/guards.md), so it is off by default here. The other guards keep the
  // schema's defaults (src/guard/guard-settings.ts).
  guardDefaults: { toxicityMaxTicks: 0 },
  params: {
    bands: {
      type: 'list',
      minItems: 1,
      doc: 'The bands, on each side of the midpoint; any order, they may touch but not overlap',
      item: {
        minMargin: { ...MARGIN, doc: 'Inner edge of the band: least distance from the midpoint' },
        avgMargin: { ...MARGIN, doc: 'Distance from the midpoint of a new order in the band' },
        maxMargin: { ...MARGIN, doc: 'Outer edge of the band: greatest distance from the midpoint' },
        minAmount: { ...AMOUNT, doc: 'Below this many shares resting in the band, a new order tops it up' },
        avgAmount: { ...AMOUNT, doc: 'What the band is topped up to' },
        maxAmount: { ...AMOUNT, doc: 'Above this many shares resting in the band, orders are cancelled (farthest from the mid first)' },
      },
      // The reference keeper's band reaches 0.03. With 1-cent ticks and midpoints on half ticks, a new
      // order at avgMargin rounded away from the touch rests 2.5 cents out, half a cent from that edge,
      // so every one-tick move away re-priced it: at 500 tokens on the simulator that alone wanted
      // about 13 posts a second of the venue's sustained ~33 (docs/strategies.md#the-default-band).
      default: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.04', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
    },
    sides: {
      type: 'enum',
      values: ['both', 'bid', 'ask'],
      default: 'both',
      doc: 'Which sides to quote; orders on the other side are cancelled',
    },
  },

  parse(raw): BandsParams {
    const list = (raw.bands as readonly Record<string, Decimal>[]).map((b, index): Band => {
      const band = {
        index,
        minMargin: b.minMargin!,
        avgMargin: b.avgMargin!,
        maxMargin: b.maxMargin!,
        minAmount: b.minAmount!,
        avgAmount: b.avgAmount!,
        maxAmount: b.maxAmount!,
      };
      ordered(`params.bands[${index}]`, 'minMargin <= avgMargin <= maxMargin', band.minMargin, band.avgMargin, band.maxMargin);
      ordered(`params.bands[${index}]`, 'minAmount <= avgAmount <= maxAmount', band.minAmount, band.avgAmount, band.maxAmount);
      return band;
    });
    list.sort((a, b) => a.minMargin.cmp(b.minMargin) || a.maxMargin.cmp(b.maxMargin) || a.index - b.index);
    for (let i = 1; i < list.length; i++) {
      const inner = list[i - 1]!;
      const outer = list[i]!;
      if (outer.minMargin.lt(inner.maxMargin)) {
        throw new Error(
          `params.bands[${inner.index}] and params.bands[${outer.index}] overlap: margins [${inner.minMargin}, ${inner.maxMargin}] and [${outer.minMargin}, ${outer.maxMargin}] (bands may touch, not overlap)`,
        );
      }
    }
    return { bands: list, sides: raw.sides as BandsParams['sides'] };
  },

  initialState: () => null,

  quote(view, params, state) {
    if (view.books[0] === undefined || view.books[1] === undefined) return { quotes: [], state, idleReason: 'no-book' };
    const mid = view.mid;
    if (mid === undefined || !isValidPrice(mid)) return { quotes: [], state, idleReason: 'no-midpoint' };
    const micro = quoteMicro(view, params, mid);
    if (micro !== null) return { quotes: micro, state };
    const live = liveQuotes(view, mid);
    const sides: QuoteSide[] = params.sides === 'both' ? ['bid', 'ask'] : [params.sides];
    const quotes = sides.flatMap((side) =>
      sideQuotes(
        view,
        params.bands,
        mid,
        side,
        live.filter((q) => q.side === side),
      ),
    );
    return { quotes, state };
  },
};

export default bands;

function ordered(path: string, rule: string, lo: Decimal, mid: Decimal, hi: Decimal): void {
  if (lo.gt(mid) || mid.gt(hi)) throw new Error(`${path}: ${rule} is required (got ${lo}, ${mid}, ${hi})`);
}

/** The account's live orders as outcome-0 quotes that may be kept (on the tick, a valid size). */
function liveQuotes(view: MarketView, mid: Decimal): LiveQuote[] {
  const { tokens, tickSize, sizeStep, minOrderSize } = view.meta;
  const out: LiveQuote[] = [];
  for (const o of view.liveOrders) {
    const outcome = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (outcome === undefined) continue;
    const price = outcome === 0 ? o.price : ONE.minus(o.price);
    const side: QuoteSide = (outcome === 0) === (o.side === 'BUY') ? 'bid' : 'ask';
    if (!isOnPriceGrid(price, tickSize) || !isOnSizeGrid(o.remaining, sizeStep, minOrderSize)) continue;
    out.push({ id: o.id, side, price, size: o.remaining, distance: side === 'bid' ? mid.minus(price) : price.minus(mid) });
  }
  return out;
}

function inBand(band: Band, distance: Decimal): boolean {
  return distance.gte(band.minMargin) && distance.lte(band.maxMargin);
}

function sideQuotes(view: MarketView, sorted: readonly Band[], mid: Decimal, side: QuoteSide, live: readonly LiveQuote[]): Quote[] {
  const members = sorted.map(() => [] as LiveQuote[]);
  for (const q of live) {
    const at = sorted.findIndex((b) => inBand(b, q.distance));
    if (at >= 0) members[at]!.push(q);
  }
  const out: Quote[] = [];
  sorted.forEach((band, i) => {
    // Farthest from the mid first, then smaller, then by id: the order in which orders are dropped.
    const drop = members[i]!.sort((a, b) => b.distance.cmp(a.distance) || a.size.cmp(b.size) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let total = drop.reduce((sum, q) => sum.plus(q.size), new Decimal(0));
    while (total.gt(band.maxAmount)) total = total.minus(drop.shift()!.size);
    // Kept orders nearest first.
    for (const q of drop.reverse()) out.push({ side, price: q.price, size: q.size });
    if (total.lt(band.minAmount)) {
      const fresh = newQuote(view, band, mid, side, band.avgAmount.minus(total));
      if (fresh !== undefined) out.push(fresh);
    }
  });
  return out;
}

function newQuote(view: MarketView, band: Band, mid: Decimal, side: QuoteSide, wanted: Decimal): Quote | undefined {
  const { tickSize: tick, sizeStep, minOrderSize } = view.meta;
  const size = gridSize(wanted, sizeStep, minOrderSize);
  if (size === undefined) return undefined;
  const raw = side === 'bid' ? mid.minus(band.avgMargin) : mid.plus(band.avgMargin);
  const away = clampPrice(side === 'bid' ? bidPrice(raw, tick) : askPrice(raw, tick), tick);
  const toward = clampPrice(side === 'bid' ? askPrice(raw, tick) : bidPrice(raw, tick), tick);
  const distance = (p: Decimal) => (side === 'bid' ? mid.minus(p) : p.minus(mid));
  const price = inBand(band, distance(away)) ? away : inBand(band, distance(toward)) ? toward : undefined;
  return price === undefined ? undefined : { side, price, size };
}

// --- The same in micro-units ----------------------------------------------------------------------
