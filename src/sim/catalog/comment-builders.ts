/**
 * Comments (2.3): GET /comments/user_address/{address} (4.3, newest first) and
 * GET /comments/{id} (4.4, the replies of a comment, oldest first). The author's profile lists
 * their positions: live ones from the exchange through `positionsOf` when the server passes it,
 * else the user's seeded holdings.
 */
import type { Comment } from '../../venue/types.js';
import type { CatalogComment, CatalogUser, SimCatalog } from './catalog-model.js';
import { indexOf } from './catalog-index.js';

export interface CommentPosition {
  readonly tokenId: string;
  /** Decimal string, shares. */
  readonly positionSize: string;
}

export type PositionsOf = (address: string) => readonly CommentPosition[] | undefined;

export interface LimitOffset {
  /** Default 20. */
  readonly limit?: number | undefined;
  /** Default 0. */
  readonly offset?: number | undefined;
}

function positionsFor(user: CatalogUser, positionsOf: PositionsOf | undefined): { tokenId: string; positionSize: string }[] {
  const live = positionsOf?.(user.address);
  if (live !== undefined) return live.map((p) => ({ tokenId: p.tokenId, positionSize: p.positionSize }));
  return user.holdings.map((h) => ({ tokenId: h.tokenId, positionSize: h.size }));
}

export function buildComment(catalog: SimCatalog, c: CatalogComment, positionsOf?: PositionsOf): Comment {
  const ix = indexOf(catalog);
  const user = ix.userByAddress.get(c.userAddress.toLowerCase())!;
  return {
    id: c.id,
    body: c.body,
    parentEntityType: 'Event',
    parentEntityID: Number(c.eventId),
    parentCommentID: c.parentCommentId,
    userAddress: c.userAddress,
    replyAddress: c.replyAddress,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    profile: {
      name: user.name,
      pseudonym: user.pseudonym,
      displayUsernamePublic: user.displayUsernamePublic,
      bio: user.bio,
      isMod: user.isMod,
      isCreator: false,
      proxyWallet: user.address,
      baseAddress: user.address,
      profileImage: user.profileImage,
      profileImageOptimized: { imageUrlSource: user.profileImage, imageUrlOptimized: user.profileImage },
      positions: positionsFor(user, positionsOf),
    },
    reactions: c.reactions.map((r) => ({ id: r.id, commentID: Number(c.id), reactionType: r.reactionType, userAddress: r.userAddress })),
    reportCount: c.reportCount,
    reactionCount: c.reactions.length,
    replyCount: ix.repliesById.get(c.id)?.length ?? 0,
    replies: [],
  };
}

/** GET /comments/user_address/{address}: the user's comments and replies, newest first ([] if none). */
export function commentsByUser(catalog: SimCatalog, address: string, page: LimitOffset = {}, positionsOf?: PositionsOf): Comment[] {
  const mine = indexOf(catalog).commentsByUser.get(address.toLowerCase()) ?? [];
  const offset = page.offset ?? 0;
  return mine
    .slice()
    .reverse()
    .slice(offset, offset + (page.limit ?? 20))
    .map((c) => buildComment(catalog, c, positionsOf));
}

/** GET /comments/{id}: replies of the comment, oldest first; undefined for an unknown id (404). */
export function commentReplies(
  catalog: SimCatalog,
  commentId: string,
  page: LimitOffset = {},
  positionsOf?: PositionsOf,
): Comment[] | undefined {
  const ix = indexOf(catalog);
  if (!ix.commentById.has(commentId)) return undefined;
  const offset = page.offset ?? 0;
  return (ix.repliesById.get(commentId) ?? []).slice(offset, offset + (page.limit ?? 20)).map((c) => buildComment(catalog, c, positionsOf));
}
