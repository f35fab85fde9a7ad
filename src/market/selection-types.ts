/**
 * The selection's contract (market-selection.ts): what it is asked (the config's entries and
 * selector, the shard), what it answers, the venue reads it makes and the options it takes.
 */
import type { Logger } from 'pino';
import type { CallOptions } from '../venue/http/call-options.js';
import type { CheckedBook } from '../venue/checked-book.js';
import type { Market, Paged, SimplifiedMarket, VenueEvent } from '../venue/types.js';
import type { IncomeClient } from './income-reader.js';
import type { EndReason } from './market-end.js';
import type { RankingOptions, RewardRanking } from './reward-selector.js';
import type { ShardSpec } from './shard.js';

export interface MarketEntrySpec {
  /** Condition id or slug (market or event). */
  readonly market: string;
  readonly strategy?: string | undefined;
  readonly params?: object | undefined;
}

export interface SelectionSpec {
  readonly markets: readonly MarketEntrySpec[];
  /** top 0 = off; tag '' = any; by: listing order (default) or rewards. */
  readonly selector: {
    readonly top: number;
    readonly tag: string;
    readonly by?: 'listing' | 'rewards' | 'income' | undefined;
    /** With by = rewards or income: penalty per unit of daily volatility (decimal text, default '1'). */
    readonly volatilityPenalty?: string | undefined;
    /** With by = income (income-reader.ts; defaults 20, 86400, 300, '1'). */
    readonly incomeCandidates?: number | undefined;
    readonly incomeLookbackSec?: number | undefined;
    readonly incomeMarkoutSec?: number | undefined;
    readonly inventoryRisk?: string | undefined;
  };
  readonly shard: ShardSpec;
}

/** Index of the config entry (`markets[i]`), or 'selector'. */
export type SelectionEntry = number | 'selector';

export interface SelectedMarket {
  readonly conditionId: string;
  readonly slug: string;
  /** The market's question as listed (for people: /status, log lines); '' when the listing has none. */
  readonly question?: string | undefined;
  /** Outcome 0's and outcome 1's token ids. */
  readonly tokens: readonly [string, string];
  readonly entry: SelectionEntry;
}

export interface SkippedMarket {
  readonly conditionId: string;
  readonly slug: string;
  readonly entry: SelectionEntry;
  readonly reason: string;
  /** Skipped for its end (`ends`): why, as a metric label. */
  readonly end?: EndReason | undefined;
}

/** What the selection needs to skip markets for their end (market-end.ts). */
export interface SelectionEnds {
  /** The clock's time (read at each market checked: a walk may take a while). */
  readonly now: () => number;
  /** The stop (ms before the end) of a market taken under this entry: its markets[i].stopBeforeEndSec, else quoting.stopBeforeEndSec. */
  readonly stopBeforeEndMs: (entry: SelectionEntry) => number;
}

export interface SelectionResult {
  /** This shard's markets: explicit entries first (config order), then the selector's. */
  readonly selected: SelectedMarket[];
  readonly skipped: SkippedMarket[];
  /** Markets selected before the shard filter (all shards together). */
  readonly total: number;
  /** With by = rewards: the ranking (every ranked market, best first), and the markets not ranked. */
  readonly ranking?: RewardRanking | undefined;
}

/** The client methods selection reads (the venue client has them). */
export interface SelectionClient {
  getMarket(params: { condition_id: string }, options?: CallOptions): Promise<Market>;
  getEventBySlug(params: { slug: string }, options?: CallOptions): Promise<VenueEvent>;
  iterateSamplingSimplifiedMarkets(params?: object, options?: CallOptions): AsyncIterable<Paged<SimplifiedMarket>>;
  iterateSimplifiedMarkets(params?: object, options?: CallOptions): AsyncIterable<Paged<SimplifiedMarket>>;
  /** Needed by selector.by = rewards only. */
  postBooks?(tokenIds: readonly string[], options?: CallOptions): Promise<readonly CheckedBook[]>;
  /** Needed by selector.by = income only (with postBooks). */
  getTrades?: IncomeClient['getTrades'];
  getPricesHistory?: IncomeClient['getPricesHistory'];
  getFeeRate?: IncomeClient['getFeeRate'];
}

/** With selector.by = rewards, the ranking's memory and hooks (RankingOptions) apply too. */
export interface SelectOptions extends RankingOptions {
  readonly signal?: AbortSignal | undefined;
  /** Pages read of each listing, at most (default 20). */
  readonly maxPages?: number | undefined;
  /** GET /markets/{id} reads of the selector's walk (tag filter, end dates), at most (default 200). */
  readonly maxTagLookups?: number | undefined;
  readonly logger?: Logger | undefined;
  /** Skip markets for their end (see market-selection.ts); undefined: end dates are not read. */
  readonly ends?: SelectionEnds | undefined;
  /** Each market skipped for its end, with why and under which entry (an explicit one is in `skipped` too). */
  readonly onEndSkip?:
    | ((m: { readonly conditionId: string; readonly slug: string }, reason: EndReason, entry: SelectionEntry) => void)
    | undefined;
  /** Only `count` more selector markets of this shard, none of `exclude` (see market-selection.ts). */
  readonly replace?: { readonly count: number; readonly exclude: ReadonlySet<string> } | undefined;
}
