/**
 * What the survey (run-survey.ts) reads through and is given, and what it gathers: the client's
 * public reads, the options, each market's observations and what could not be read.
 */
import type { Clock } from '../clock/clock.js';
import type { FeeModel } from '../market/market-view.js';
import type { RewardRulesResult } from '../rewards/reward-rules.js';
import type { CheckedBook, CheckedMidpoints } from '../venue/checked-book.js';
import type { FeeRate, Market, Paged, PriceHistory } from '../venue/types.js';
import type { BookSample, MidSeries } from './book-stats.js';
import type { TapeTrade } from './maker-edge.js';
import type { GetTrades, TapeRead } from './tape.js';

/** What the survey calls: public reads only (a VenueClient has them all). */
export interface SurveyClient {
  iterateMarkets(params: object, options?: { signal?: AbortSignal }): AsyncIterable<Paged<Market>>;
  getFeeRate(params: { token_id: string }): Promise<FeeRate>;
  postBooks(tokenIds: readonly string[]): Promise<CheckedBook[]>;
  postMidpoints(tokenIds: readonly string[]): Promise<CheckedMidpoints>;
  getTrades: GetTrades;
  getPricesHistory(
    params: { market: string; startTs: number; endTs: number; fidelity: number },
    options?: { signal?: AbortSignal },
  ): Promise<PriceHistory>;
}

export interface SurveyOptions {
  /** How many markets of the listing (those accepting orders), or all of them. */
  readonly markets: number | 'all';
  readonly forMs: number;
  readonly intervalMs: number;
  readonly lookbackS: number;
  readonly clock: Clock;
  /** Ends the window early (the tapes are still read). */
  readonly signal?: AbortSignal;
  /** A line of progress, at most every PROGRESS_EVERY_MS of the clock. */
  readonly progress?: (line: string) => void;
}

export interface SurveyMarket {
  readonly conditionId: string;
  readonly slug: string;
  readonly tokens: readonly [string, string];
  readonly rewards: RewardRulesResult;
  /** The fee schedule of outcome 0's token; undefined when it could not be read. */
  fees: FeeModel | undefined;
}

export interface MarketObservations {
  readonly market: SurveyMarket;
  /** Usable polls of outcome 0's book. */
  readonly books: BookSample[];
  /** Books answered with levels that cannot be used, by reason. */
  readonly unusableBooks: Map<string, number>;
  /** Polled midpoints of outcome 0 and outcome 1. */
  readonly mids: readonly [MidSeries, MidSeries];
  tape: { readonly read: TapeRead; readonly trades: TapeTrade[]; readonly unparsed: number } | undefined;
  /** The price history of outcome 0 and outcome 1 (undefined: not read, or it could not be). */
  history: [MidSeries | undefined, MidSeries | undefined];
}

/** Something the survey could not read, as `unread` in the JSON and on stderr. */
export interface Unread {
  readonly what: 'listing' | 'fee-rate' | 'rewards' | 'books' | 'midpoints' | 'trades' | 'prices-history';
  readonly market?: string;
  /** Requests that failed, of how many (polls). */
  readonly failed?: number;
  readonly of?: number;
  /** Trades read before the tape could not be read further. */
  readonly read?: number;
  readonly error: string;
}

export interface SurveyData {
  readonly startMs: number;
  readonly endMs: number;
  readonly intervalMs: number;
  readonly lookbackS: number;
  /** Polls started; and their batch requests that failed, by kind. */
  readonly polls: number;
  readonly markets: MarketObservations[];
  /** Listed markets left out: not binary. */
  readonly skippedMarkets: number;
  readonly unread: Unread[];
}
