/** Comments and replies of the synthetic users on events (one forked stream per event). */
import type { SimRng } from '../rng.js';
import type { CatalogComment, CatalogEvent, CatalogUser } from './catalog-model.js';
import { COMMENT_BODIES, COMMENT_OPENERS, REPLY_BODIES } from './catalog-words.js';

export interface CommentsInput {
  readonly rng: SimRng;
  readonly epochMs: number;
  readonly events: readonly CatalogEvent[];
  readonly users: readonly CatalogUser[];
}

const FIRST_COMMENT_ID = 900_000;

interface Draft extends Omit<CatalogComment, 'id' | 'createdAt' | 'updatedAt'> {
  readonly atMs: number;
}

export function generateComments(input: CommentsInput): CatalogComment[] {
  const drafts: Draft[] = [];
  const ids: string[] = [];
  let nextId = FIRST_COMMENT_ID;
  const reactions = (rng: SimRng) =>
    Array.from({ length: rng.int(0, 3) }, () => ({
      id: String(nextId * 10 + rng.int(0, 9)),
      reactionType: 'HEART',
      userAddress: rng.pick(input.users).address,
    }));

  for (const event of input.events) {
    const rng = input.rng.fork(`comments:${event.id}`);
    const createdMs = Date.parse(event.createdAt);
    const span = Math.max(1, input.epochMs - createdMs);
    for (let c = rng.int(0, 4); c > 0; c--) {
      const author = rng.pick(input.users);
      const atMs = createdMs + Math.floor(rng.next() * span);
      const parentId = String(nextId++);
      ids.push(parentId);
      drafts.push({
        atMs,
        body: `${rng.pick(COMMENT_OPENERS)} ${rng.pick(COMMENT_BODIES)}`,
        eventId: event.id,
        parentCommentId: '',
        userAddress: author.address,
        replyAddress: '',
        reactions: reactions(rng),
        reportCount: rng.chance(0.05) ? 1 : 0,
      });
      for (let r = rng.int(0, 3); r > 0; r--) {
        const replier = rng.pick(input.users.filter((u) => u.address !== author.address));
        ids.push(String(nextId++));
        drafts.push({
          atMs: atMs + rng.int(60, 86_400) * 1000,
          body: rng.pick(REPLY_BODIES),
          eventId: event.id,
          parentCommentId: parentId,
          userAddress: replier.address,
          replyAddress: author.address,
          reactions: reactions(rng),
          reportCount: 0,
        });
      }
    }
  }
  const comments = drafts.map(({ atMs, ...rest }, i) => {
    const at = new Date(Math.floor(atMs / 1000) * 1000).toISOString();
    return { id: ids[i]!, ...rest, createdAt: at, updatedAt: at };
  });
  // Oldest first; ties by id so the order never depends on the sort's stability.
  return comments.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : Number(a.id) - Number(b.id)));
}
