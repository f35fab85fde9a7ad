import { describe, expect, it } from 'vitest';
import { commentReplies, commentsByUser, generateCatalog } from '../../../src/sim/catalog/index.js';
import { expectShape, type Shape } from './shape.js';

const catalog = generateCatalog({ seed: 'comments', markets: 80, users: 20 });

const COMMENT: Shape = {
  id: 'string',
  body: 'string',
  parentEntityType: 'string',
  parentEntityID: 'integer',
  parentCommentID: 'string',
  userAddress: 'string',
  replyAddress: 'string',
  createdAt: 'iso',
  updatedAt: 'iso',
  profile: 'object',
  reactions: 'array',
  reportCount: 'integer',
  reactionCount: 'integer',
  replyCount: 'integer',
  replies: 'array',
};

const PROFILE: Shape = {
  name: 'string',
  pseudonym: 'string',
  displayUsernamePublic: 'boolean',
  bio: 'string',
  isMod: 'boolean',
  isCreator: 'boolean',
  proxyWallet: 'string',
  baseAddress: 'string',
  profileImage: 'string',
  profileImageOptimized: 'object',
  positions: 'array',
};

describe('comments', () => {
  const parent = catalog.comments.find(
    (c) => c.parentCommentId === '' && catalog.comments.filter((r) => r.parentCommentId === c.id).length >= 2,
  )!;

  it('has top-level comments and replies by the synthetic users on events', () => {
    expect(parent).toBeDefined();
    const users = new Set(catalog.users.map((u) => u.address));
    for (const c of catalog.comments) {
      expect(users.has(c.userAddress)).toBe(true);
      expect(catalog.events.some((e) => e.id === c.eventId)).toBe(true);
    }
  });

  it("answers a user's comments (4.3) newest first with limit/offset and the seed shape", () => {
    const author = parent.userAddress;
    const mine = catalog.comments.filter((c) => c.userAddress === author);
    const got = commentsByUser(catalog, author.toUpperCase().replace('0X', '0x'), { limit: 100 });
    expect(got.map((c) => c.id)).toEqual(mine.map((c) => c.id).reverse());
    for (const c of got) {
      expectShape(c, COMMENT, 'comment');
      expectShape(c.profile, PROFILE, 'comment.profile');
      for (const p of c.profile.positions) expectShape(p, { tokenId: 'string', positionSize: 'string' }, 'profile.positions[]');
      expect(c.parentEntityType).toBe('Event');
      expect(c.reactionCount).toBe(c.reactions.length);
    }
    expect(commentsByUser(catalog, author, { limit: 1, offset: 1 }).map((c) => c.id)).toEqual(got.slice(1, 2).map((c) => c.id));
    expect(commentsByUser(catalog, '0x0000000000000000000000000000000000000001')).toEqual([]);
  });

  it('answers replies of a comment (4.4) oldest first, linked to the parent and its author', () => {
    const replies = commentReplies(catalog, parent.id, { limit: 100 })!;
    const expected = catalog.comments.filter((c) => c.parentCommentId === parent.id);
    expect(replies.map((r) => r.id)).toEqual(expected.map((c) => c.id));
    for (const r of replies) {
      expect(r.parentCommentID).toBe(parent.id);
      expect(r.replyAddress).toBe(parent.userAddress);
      expect(r.userAddress).not.toBe(parent.userAddress);
      expect(Date.parse(r.createdAt)).toBeGreaterThan(Date.parse(parent.createdAt));
    }
    const top = commentsByUser(catalog, parent.userAddress, { limit: 100 }).find((c) => c.id === parent.id)!;
    expect(top.replyCount).toBe(expected.length);
    expect(commentReplies(catalog, parent.id, { limit: 1, offset: 1 })!.map((r) => r.id)).toEqual([expected[1]!.id]);
    expect(commentReplies(catalog, 'nope')).toBeUndefined();
  });

  it('shows live positions from positionsOf, else the seeded holdings', () => {
    const author = catalog.users.find((u) => u.address === parent.userAddress)!;
    const seeded = commentsByUser(catalog, author.address)[0]!;
    expect(seeded.profile.positions).toEqual(author.holdings.map((h) => ({ tokenId: h.tokenId, positionSize: h.size })));
    const live = commentsByUser(catalog, author.address, {}, (a) =>
      a === author.address ? [{ tokenId: 'x:0', positionSize: '12.5' }] : undefined,
    )[0]!;
    expect(live.profile.positions).toEqual([{ tokenId: 'x:0', positionSize: '12.5' }]);
  });
});
