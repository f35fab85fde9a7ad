/**
 * The synthetic catalog as plain, frozen, JSON-serializable data: what `generateCatalog` returns
 * and every builder reads. Money and trading rules are decimal strings here (SimToken turns them
 * into Decimal); dates are ISO strings derived from a fixed epoch, so one seed gives byte-identical
 * output. The venue-shaped responses are produced from this by the builders in this folder.
 */
import type { FeeSchedule, Rewards } from '../../venue/types.js';
import type { SimAccount } from '../contracts.js';

/** The leaderboard's categories (venue-api.md 4.19) other than OVERALL; each is a top-level tag. */
export const CATEGORIES = ['POLITICS', 'SPORTS', 'CRYPTO', 'FINANCE', 'CULTURE', 'MENTIONS', 'WEATHER', 'ECONOMICS', 'TECH'] as const;
export type Category = (typeof CATEGORIES)[number];

export const TIME_PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

export interface CatalogTag {
  readonly id: string;
  readonly label: string;
  readonly slug: string;
  /** The leaderboard category this tag belongs to. */
  readonly category: Category;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly requiresTranslation: boolean;
}

export interface CatalogSeries {
  readonly id: string;
  readonly ticker: string;
  readonly slug: string;
  readonly title: string;
  readonly seriesType: string;
  readonly recurrence: string;
  readonly image: string;
  readonly icon: string;
  readonly category: Category;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CatalogCreator {
  readonly id: string;
  /** Wallet address of the creator (the `creator` of its markets, and a search/tags scope). */
  readonly address: string;
  readonly creatorName: string;
  readonly creatorHandle: string;
  readonly creatorUrl: string;
  readonly creatorImage: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CatalogEvent {
  readonly id: string;
  readonly ticker: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly resolutionSource: string;
  readonly category: Category;
  readonly startDate: string;
  readonly creationDate: string;
  readonly endDate: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly image: string;
  readonly icon: string;
  readonly creatorId: string;
  /** Primary (category) tag first. */
  readonly tagIds: readonly string[];
  readonly seriesId: string | undefined;
  /** Condition ids of its markets, in order. */
  readonly conditionIds: readonly string[];
  readonly negRisk: boolean;
}

export interface CatalogMarket {
  readonly marketId: number;
  readonly conditionId: string;
  readonly questionId: string;
  readonly mirrorConditionId: string;
  readonly question: string;
  readonly slug: string;
  readonly description: string;
  readonly eventId: string;
  readonly category: Category;
  /** Labels of outcome 0 and outcome 1. */
  readonly outcomes: readonly [string, string];
  /** `<condition_id>:0`, `<condition_id>:1` */
  readonly tokenIds: readonly [string, string];
  readonly mirrorTokenIds: readonly [string, string];
  readonly tickSize: string;
  readonly minOrderSize: string;
  readonly negRisk: boolean;
  readonly negRiskMarketId: string;
  readonly negRiskRequestId: string;
  readonly fee: FeeSchedule;
  readonly rewards: Rewards;
  /** Initial fair value of outcome 0, in (0.05, 0.95); outcome 1 starts at 1 minus it. */
  readonly initialFair: string;
  readonly creatorAddress: string;
  readonly fpmm: string;
  readonly image: string;
  readonly icon: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When the book opened (accepting_order_timestamp, gst). */
  readonly acceptingOrdersAt: string;
  /** ISO time of the game for sports markets, '' otherwise. */
  readonly gameStartTime: string;
  readonly secondsDelay: number;
  readonly rfqEnabled: boolean;
}

/** Seeded trading figures of a user from before the simulator started, per time period. */
export interface BaseStats {
  /** Decimal strings, dollars. */
  readonly vol: Readonly<Record<TimePeriod, string>>;
  readonly pnl: Readonly<Record<TimePeriod, string>>;
}

export interface CatalogUser extends SimAccount {
  readonly bio: string;
  readonly profileImage: string;
  readonly xUsername: string | null;
  readonly verifiedBadge: boolean | null;
  readonly displayUsernamePublic: boolean;
  readonly isMod: boolean;
  /** 'maker' users run the background ladders of the synthetic flow; 'taker' users take. */
  readonly role: 'maker' | 'taker';
  readonly baseStats: BaseStats;
  /** Share of the user's activity in each category (sums to 1 over CATEGORIES). */
  readonly categoryShare: Readonly<Record<Category, number>>;
  /** Seeded holdings before the simulator started: token id -> size (decimal string). */
  readonly holdings: readonly { readonly tokenId: string; readonly size: string }[];
}

export interface CatalogComment {
  readonly id: string;
  readonly body: string;
  readonly eventId: string;
  /** '' for a top-level comment. */
  readonly parentCommentId: string;
  readonly userAddress: string;
  /** Author of the parent comment for a reply, '' otherwise. */
  readonly replyAddress: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly reactions: readonly { readonly id: string; readonly reactionType: string; readonly userAddress: string }[];
  readonly reportCount: number;
}

export interface SimCatalog {
  readonly seed: string;
  /** Fixed origin of every date in the catalog (ms since the Unix epoch). */
  readonly epochMs: number;
  readonly tags: readonly CatalogTag[];
  readonly series: readonly CatalogSeries[];
  readonly creators: readonly CatalogCreator[];
  readonly events: readonly CatalogEvent[];
  readonly markets: readonly CatalogMarket[];
  readonly users: readonly CatalogUser[];
  /** Top-level comments and replies, oldest first. */
  readonly comments: readonly CatalogComment[];
  /** The default fee schedule (GET /fee-rate without token_id). */
  readonly defaultFee: FeeSchedule;
}
