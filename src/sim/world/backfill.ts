/**
 * The venue world's past: the hours before the simulator starts, synthesized per market from the
 * same model that trades after the start (venue-market-model.ts), so that a survey reads a day of
 * public tape and price history at once, as it would on the venue. Driving the exchange through a
 * day of a thousand markets would take minutes; the past runs instead on a virtual book — each
 * background maker's ladder at the current fair value, as the live makers quote it
 * (venue-ladders.ts), replenished before every taker — in steps of `stepMs` (10 s). Each taker
 * order trades down the virtual book to its limit, one print per maker level it takes, and the
 * minute's price is the virtual book's midpoint. The models end where the live flow takes over.
 */
import type { SimCatalog } from '../catalog/catalog-model.js';
import { makerUsers, takerUsers } from '../catalog/catalog-lookup.js';
import type { PastTrade } from '../history/past-trades.js';
import { SimRng } from '../rng.js';
import { touchMicro, venueLadder, type VenueLevel } from './venue-ladders.js';
import type { VenueMarketModel, VenueTaker } from './venue-market-model.js';

export interface MarketPast {
  readonly conditionId: string;
  /** Oldest first. */
  readonly trades: PastTrade[];
  /** Outcome 0's price each minute from `startSec` (micro-units). */
  readonly prices: Int32Array;
  readonly startSec: number;
  readonly stepSec: number;
}

export interface BackfillOptions {
  readonly catalog: SimCatalog;
  readonly models: ReadonlyMap<string, VenueMarketModel>;
  /** The simulator's start (clock ms): the past ends there. */
  readonly endMs: number;
  readonly hours?: number | undefined;
  readonly stepMs?: number | undefined;
  readonly seed: string;
}

const MINUTE_MS = 60_000;

/** Advances every model through the past and returns each market's tape and price path. */
export function backfillVenue(options: BackfillOptions): MarketPast[] {
  const hours = options.hours ?? 24;
  const stepMs = options.stepMs ?? 10_000;
  const spanMs = Math.round(hours * 3_600_000);
  const startMs = options.endMs - spanMs;
  const makerPool = makerUsers(options.catalog);
  const takers = takerUsers(options.catalog);
  const accounts = new SimRng(`venue-past:${options.seed}`);
  const out: MarketPast[] = [];
  options.catalog.markets.forEach((market, i) => {
    const model = options.models.get(market.conditionId);
    if (model === undefined) return;
    const makers = model.traits.makers;
    const makerAddress = (j: number): string => makerPool[(i + j) % makerPool.length]!.address;
    const tick = Math.round(Number(market.tickSize) * 1_000_000);
    const ticks: [number, number] = [tick, tick];
    const minShares = Math.max(1, Math.ceil(Number(market.minOrderSize)));
    const touch = touchMicro(makers);
    const prices = new Int32Array(Math.floor(spanMs / MINUTE_MS));
    const trades: PastTrade[] = [];
    const book = (tokenIndex: 0 | 1): VenueLevel[] => {
      const levels: VenueLevel[] = [];
      const fair = model.fairMicro(tokenIndex);
      makers.forEach((m, j) => {
        for (const l of venueLadder(m, j, fair, tick, minShares)) levels.push(l);
      });
      return levels;
    };
    let stepStart = 0;
    const trade = (o: VenueTaker): void => {
      const levels = book(o.tokenIndex).filter((l) => l.side !== o.side);
      // Best first: lowest ask for a buyer, highest bid for a seller; makers in order at a price.
      levels.sort((a, b) => (o.side === 'BUY' ? a.priceMicro - b.priceMicro : b.priceMicro - a.priceMicro) || a.maker - b.maker);
      let left = o.shares;
      const timeSec = Math.floor((startMs + stepStart + o.atMs) / 1000);
      const taker = accounts.pick(takers).address;
      for (const l of levels) {
        if (left <= 0 || (o.side === 'BUY' ? l.priceMicro > o.limitMicro : l.priceMicro < o.limitMicro)) break;
        const shares = Math.min(left, l.shares);
        left -= shares;
        trades.push({
          conditionId: market.conditionId,
          outcomeIndex: o.tokenIndex,
          side: o.side,
          priceMicro: l.priceMicro,
          sharesMicro: shares * 1_000_000,
          timeSec,
          taker,
          maker: makerAddress(l.maker),
        });
      }
    };
    for (let t = 0; t < spanMs; t += stepMs) {
      if (t % MINUTE_MS === 0) prices[t / MINUTE_MS] = midpointMicro(book(0), model.fairMicro(0));
      stepStart = t;
      const dt = Math.min(stepMs, spanMs - t);
      model.advance(dt);
      model.takers(dt, ticks, touch, trade);
      model.touched = false;
    }
    trades.sort((a, b) => a.timeSec - b.timeSec);
    out.push({ conditionId: market.conditionId, trades, prices, startSec: Math.floor(startMs / 1000), stepSec: 60 });
  });
  return out;
}

/** The virtual book's midpoint, or fair value when a side is empty (near the bounds). */
function midpointMicro(levels: readonly VenueLevel[], fair: number): number {
  let bid = -1;
  let ask = Number.POSITIVE_INFINITY;
  for (const l of levels) {
    if (l.side === 'BUY') bid = Math.max(bid, l.priceMicro);
    else ask = Math.min(ask, l.priceMicro);
  }
  return bid < 0 || !Number.isFinite(ask) ? fair : Math.round((bid + ask) / 2);
}
