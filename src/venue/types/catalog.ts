/**
 * The catalog's other resources: positions, comments, search, tags, events, creators, leaderboard
 * (venue-api.md 2.2, 2.3, 2.11-2.15).
 */

/** 2.2 element of GET /positions */
export interface Position {
  proxyWallet: string;
  asset: string;
  conditionId: string;
  size: number;
  avgPrice: number;
  initialValue: number;
  currentValue: number;
  cashPnl: number;
  percentPnl: number;
  totalBought: number;
  realizedPnl: number;
  percentRealizedPnl: number;
  curPrice: number;
  redeemable: boolean;
  mergeable: boolean;
  title: string;
  slug: string;
  icon: string;
  eventSlug: string;
  outcome: string;
  outcomeIndex: number;
  oppositeOutcome: string;
  oppositeAsset: string;
  timestamp: number;
  endDate: string;
  negativeRisk: boolean;
}

/** 2.3 comment profile */
export interface CommentProfile {
  name: string;
  pseudonym: string;
  displayUsernamePublic: boolean;
  bio: string;
  isMod: boolean;
  isCreator: boolean;
  proxyWallet: string;
  baseAddress: string;
  profileImage: string;
  profileImageOptimized: Record<string, unknown>;
  positions: { tokenId: string; positionSize: string }[];
}

/** 2.3 */
export interface Comment {
  id: string;
  body: string;
  parentEntityType: string;
  parentEntityID: number;
  parentCommentID: string;
  userAddress: string;
  replyAddress: string;
  createdAt: string;
  updatedAt: string;
  profile: CommentProfile;
  reactions: Record<string, unknown>[];
  reportCount: number;
  reactionCount: number;
  replyCount: number;
  replies: Record<string, unknown>[];
}

/** 2.11 */
export interface SearchResult {
  events: { id: string; ticker: string; slug: string; title: string }[];
  tags: { id: string; label: string; slug: string; event_count: number }[];
  pagination: { hasMore: boolean; totalResults: number };
}

/** 2.12 */
export interface Tag {
  id: string;
  label: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  requiresTranslation: boolean;
}

export interface EventMarket {
  id: string;
  question: string;
  conditionId: string;
  mirrorConditionId: string;
  slug: string;
  resolutionSource: string;
  image: string;
  icon: string;
  description: string;
  outcomes: string;
  clobTokenIds: string;
  mirrorClobTokenIds: string;
  questionID: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
}

export interface Series {
  id: string;
  ticker: string;
  slug: string;
  title: string;
  seriesType: string;
  recurrence: string;
  image: string;
  icon: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** 2.13 */
export interface VenueEvent {
  id: string;
  ticker: string;
  slug: string;
  title: string;
  description: string;
  resolutionSource: string;
  startDate: string;
  creationDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
  image: string;
  icon: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  tags: Tag[];
  markets: EventMarket[];
  series: Series[];
  eventMetadata: Record<string, unknown>;
}

/** 2.14 */
export interface EventCreator {
  id: string;
  creatorName: string;
  creatorHandle: string;
  creatorUrl: string;
  creatorImage: string;
  createdAt: string;
  updatedAt: string;
}

/** 2.15 */
export interface LeaderboardEntry {
  rank: string;
  proxyWallet: string;
  userName: string;
  vol: number;
  pnl: number;
  profileImage: string;
  xUsername: string | null;
  verifiedBadge: boolean | null;
}
