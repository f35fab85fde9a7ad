/**
 * The simulator's history (docs/simulator.md, "Public tape and price history"): its public trade
 * tape and its price history reach back before its start, as the venue's do when one first looks.
 * The past is handed in (a generator synthesizes it per market: trades, and a price path of
 * outcome 0); from the start on, every market's live midpoint is sampled once a minute on the
 * clock. `GET /trades` serves the past trades after the live ones (public-tape.ts) and
 * `GET /prices-history` the points (price-history.ts).
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import { Decimal } from '../../money.js';
import type { TradeFill } from '../../venue/types.js';
import type { SimAccount, SimCatalogLookup, TradeFillFilter } from '../contracts.js';
import { PRICE_DECIMALS, toUnits } from '../exchange/units.js';
import { historyMarkets } from './history-markets.js';
import { type PastTrade, PastTradeTape } from './past-trades.js';
import { type HistorySpan, type PricePoint, PricePaths } from './price-history.js';

export type { PastTrade } from './past-trades.js';
export type { HistorySpan, PricePoint } from './price-history.js';
export { HISTORY_INTERVALS, type HistoryInterval, type HistoryQuery, historySpan } from './history-span.js';
export { type LiveFills, publicTradeFills } from './public-tape.js';

export interface SimHistory {
  /** Adds a market's past trades, oldest first (may be called once per market, in any market order). */
  addPastTrades(trades: readonly PastTrade[]): void;
  /** A market's past price path of outcome 0: point i at startSec + i*stepSec, price in micro-units (1..999999). */
  seedPrices(conditionId: string, startSec: number, stepSec: number, micro0: Int32Array): void;
  /** Starts sampling every market's live midpoint once a minute on the clock (after the seeded path); stop() ends it. */
  start(): void;
  stop(): void;
}

/** What the server reads of the history. */
export interface SimHistoryReads {
  /** The past trades' fills of GET /trades (filter, offset and limit applied), newest first. */
  pastFills(filter: TradeFillFilter): TradeFill[];
  /** A token's points over the span, oldest first; undefined for an unknown token. */
  pricePoints(tokenId: string, span: HistorySpan): PricePoint[] | undefined;
}

export interface SimHistoryOptions {
  readonly clock: Clock;
  /** The catalog's tokens (the markets the history knows). */
  readonly lookup: SimCatalogLookup;
  /** The accounts past trades may name (the catalog's users). */
  readonly accounts: readonly SimAccount[];
  /** A token's live midpoint as decimal text; undefined when a side of its book is empty. */
  readonly midpoint: (tokenId: string) => string | undefined;
}

const MINUTE_MS = 60_000;

/** A midpoint's text in micro-units, rounded half-even when it falls between two (a half tick). */
function microOfText(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return (
    toUnits(text, PRICE_DECIMALS) ??
    new Decimal(text)
      .mul(10 ** PRICE_DECIMALS)
      .toDecimalPlaces(0)
      .toNumber()
  );
}

export function createSimHistory(options: SimHistoryOptions): SimHistory & SimHistoryReads {
  const { clock, midpoint } = options;
  const markets = historyMarkets(options.lookup);
  const tape = new PastTradeTape(markets, options.accounts);
  const paths = new PricePaths(markets);
  let timer: TimerHandle | undefined;

  const sample = (): void => {
    paths.sample(Math.floor(clock.now() / MINUTE_MS) * 60, (m) => microOfText(midpoint(m.tokens[0].tokenId)));
  };
  const arm = (): void => {
    const now = clock.now();
    timer = clock.setTimer(
      () => {
        timer = undefined;
        sample();
        arm();
      },
      (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS - now,
    );
  };

  return {
    addPastTrades: (trades) => tape.add(trades),
    seedPrices: (conditionId, startSec, stepSec, micro0) => paths.seed(conditionId, startSec, stepSec, micro0),
    start() {
      if (timer !== undefined) return;
      // At every minute boundary of the clock; the start itself when it lies on one.
      if (clock.now() % MINUTE_MS === 0) sample();
      arm();
    },
    stop() {
      if (timer !== undefined) clock.clearTimer(timer);
      timer = undefined;
    },
    pastFills: (filter) => tape.fills(filter),
    pricePoints: (tokenId, span) => paths.points(tokenId, span),
  };
}
