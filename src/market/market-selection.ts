/**
 * Which markets this daemon quotes: the configured entries, then the selector's top N, without
 * duplicates, then only those of this daemon's shard (shard.ts).
 *
 * Explicit entries (`markets[i].market`), resolved in config order:
 * - a condition id (`0x` + 64 hex digits, the venue's and the simulator's form) is read with
 *   GET /markets/{id}; a 404 is a CONFIG error naming the entry;
 * - anything else is a slug: a market slug found in GET /sampling-simplified-markets, else an
 *   event slug (GET /events/slug/{slug}: every market of the event counts), else a market slug
 *   found in GET /simplified-markets. Both listings are walked at most `maxPages` pages each, and
 *   only as far as needed (one walk of each listing serves every slug and the selector). A slug
 *   found nowhere is a CONFIG error naming the entry and what was searched.
 * Selector (`selector.top` > 0): the first `top` markets of GET /sampling-simplified-markets, in
 * listing order, that are active, accept orders, are neither closed nor archived, and are binary.
 * With `selector.tag`, a market must also carry that tag. The simplified listing has no tags and
 * only the full market record (GET /markets/{id}, 2.5 `tags`) does, so the tag filter reads each
 * candidate's record, one catalog request per candidate examined (counted against the catalog
 * surface's limits), at most `maxTagLookups` of them; it stops early with fewer than `top`
 * markets when that bound is hit (and says so in the log). A tag matches a market tag equal to
 * it ignoring case, or with the same slug form ("US Politics" = "us-politics").
 *
 * With `selector.by: "rewards"` the selector ranks instead of taking the listing order
 * (reward-selector.ts): every quotable market of the listing whose `rewards` object pays is
 * ranked by expected reward per day per unit of capital (reward-ranking.ts) from its books, read
 * in batches of POST /books; the tag filter then walks that ranking. A market without rewards or
 * with a malformed `rewards` object is not ranked (counted, logged once); explicit entries are
 * resolved as always, whatever their rewards.
 * With `selector.by: "income"` the rewards ranking's first `incomeCandidates` are ranked again by
 * expected income per day per unit of capital (income-reader.ts, income-ranking.ts).
 *
 * With `ends` (the daemon always gives it), a market is also skipped for its end (market-end.ts):
 * inside its stop window (its end less its stopBeforeEndSec), past its end, or without an end date
 * that reads as one. The selector's picks need as long again before their stop (their end at
 * least twice stopBeforeEndSec away): a market that would leave at once is not worth joining. The simplified listings carry no end date: each candidate's full record is
 * read (GET /markets/{id}, the same read and the same bound as the tag filter's, shared), and
 * `onEndSkip` hears every market skipped so.
 *
 * `replace` (the daemon's swaps, when a quoted market ends) asks the selector for `count` more
 * markets of this shard, in its order, that are not in `exclude` (the markets quoted or leaving):
 * the explicit entries are not read, and the walk takes only markets of this shard.
 *
 * A market that cannot be quoted (not binary, closed, archived, inactive, not accepting orders)
 * is skipped with its reason, never an error: markets close while a config stays the same. The
 * selector's N markets are chosen before duplicates are removed (a market both listed and
 * selected counts once, under its explicit entry) and before sharding, so N daemons with one
 * config split the same N markets.
 */
import type { CallOptions } from '../venue/http/call-options.js';
import type { SimplifiedMarket } from '../venue/types.js';
import { rankByIncome } from './income-reader.js';
import { LazyListing } from './lazy-listing.js';
import { type PickExplanation, type RewardRanking, rankByRewards } from './reward-selector.js';
import { resolveEntry } from './entry-resolution.js';
import { type Candidate, candidateOf, check } from './selection-candidate.js';
import { endChecker, endText, tellClosed } from './selection-ends.js';
import { checkSpec, incomeSettingsOf } from './selection-spec.js';
import type {
  SelectedMarket,
  SelectionClient,
  SelectionEntry,
  SelectionResult,
  SelectionSpec,
  SelectOptions,
  SkippedMarket,
} from './selection-types.js';
import { fromArray, selectTop } from './selector-walk.js';
import { inShard } from './shard.js';

export { looksLikeConditionId } from './entry-resolution.js';
export { hasTag } from './market-tag.js';
export type {
  MarketEntrySpec,
  SelectedMarket,
  SelectionClient,
  SelectionEntry,
  SelectionEnds,
  SelectionResult,
  SelectionSpec,
  SelectOptions,
  SkippedMarket,
} from './selection-types.js';

/** selectMarketsDetailed's `selected`. */
export async function selectMarkets(client: SelectionClient, spec: SelectionSpec, signal?: AbortSignal): Promise<SelectedMarket[]> {
  return (await selectMarketsDetailed(client, spec, { signal })).selected;
}

/** The markets of this shard, the ones skipped and why; CONFIG error for an entry that resolves to nothing. */
export async function selectMarketsDetailed(
  client: SelectionClient,
  spec: SelectionSpec,
  options: SelectOptions = {},
): Promise<SelectionResult> {
  checkSpec(spec);
  const call: CallOptions = { signal: options.signal };
  const maxPages = options.maxPages ?? 20;
  const sampling = new LazyListing(() => client.iterateSamplingSimplifiedMarkets({}, call)[Symbol.asyncIterator](), maxPages);
  const simplified = new LazyListing(() => client.iterateSimplifiedMarkets({}, call)[Symbol.asyncIterator](), maxPages);

  const all: SelectedMarket[] = [];
  const skipped: SkippedMarket[] = [];
  const taken = new Map<string, SelectionEntry>();
  const ends = endChecker(client, call, options);
  const consider = async (c: Candidate, entry: SelectionEntry): Promise<boolean> => {
    const prior = taken.get(c.conditionId);
    if (prior !== undefined) {
      if (prior !== entry)
        skipped.push({
          conditionId: c.conditionId,
          slug: c.slug,
          entry,
          reason: `duplicate of ${prior === 'selector' ? 'selector' : `markets[${prior}]`}`,
        });
      return false;
    }
    let judged = c;
    let verdict = check(c);
    // The selector's walk has checked the end of what it picked.
    if (!('reason' in verdict) && entry !== 'selector') {
      const end = await ends(c, entry);
      if ('reason' in end) {
        skipped.push({ conditionId: c.conditionId, slug: c.slug, entry, reason: endText(end.reason), end: end.reason });
        return false;
      }
      judged = end.c;
      verdict = check(judged);
    }
    if ('reason' in verdict) {
      const end = tellClosed(judged, entry, options);
      skipped.push({ conditionId: c.conditionId, slug: c.slug, entry, reason: verdict.reason, ...(end === undefined ? {} : { end }) });
      return false;
    }
    taken.set(c.conditionId, entry);
    all.push({ conditionId: c.conditionId, slug: c.slug, question: c.question, tokens: verdict.tokens, entry });
    return true;
  };

  const replace = options.replace;
  for (const [i, e] of (replace === undefined ? spec.markets : []).entries()) {
    const text = e.market.trim();
    for (const c of await resolveEntry(client, text, `markets[${i}].market`, call, sampling, simplified)) await consider(c, i);
  }

  let ranking: RewardRanking | undefined;
  const top = replace?.count ?? spec.selector.top;
  if (top > 0) {
    let order: AsyncIterable<SimplifiedMarket> = sampling.items();
    if (spec.selector.by === 'rewards' || spec.selector.by === 'income') {
      const listed: SimplifiedMarket[] = [];
      for await (const m of sampling.items()) if (!('reason' in check(candidateOf(m)))) listed.push(m);
      ranking = await rankByRewards(client, listed, spec.selector.volatilityPenalty ?? '1', call, options);
      if (spec.selector.by === 'income') ranking = await rankByIncome(client, ranking, incomeSettingsOf(spec.selector), call, options);
      order = fromArray(ranking.ranked.map((r) => r.market));
    }
    // A replacement walks this shard's markets only, past the ones quoted or leaving.
    const wanted = replace === undefined ? undefined : (id: string): boolean => !replace.exclude.has(id) && inShard(id, spec.shard);
    const picked = await selectTop(client, { ...spec.selector, top }, call, order, sampling, options, ends, wanted);
    for (const c of picked) await consider(c, 'selector');
    if (ranking !== undefined) {
      const picks = new Set(picked.map((c) => c.conditionId));
      const explained: PickExplanation[] = [];
      ranking.ranked.forEach((r, i) => {
        if (!picks.has(r.rank.conditionId)) return;
        options.logger?.info(
          { market: r.rank.conditionId, slug: r.market.slug, place: i + 1, ...r.why },
          `selector picked by ${spec.selector.by}`,
        );
        explained.push({ market: r.rank.conditionId, place: i + 1, why: r.why });
      });
      if (replace === undefined) options.onPicked?.(explained);
    }
  }

  const selected = all.filter((m) => inShard(m.conditionId, spec.shard));
  options.logger?.info(
    { selected: selected.length, total: all.length, skipped: skipped.length, shard: `${spec.shard.index}/${spec.shard.count}` },
    'markets selected',
  );
  for (const s of skipped)
    options.logger?.warn({ market: s.conditionId, slug: s.slug, entry: s.entry, reason: s.reason }, 'market skipped');
  return { selected, skipped, total: all.length, ...(ranking === undefined ? {} : { ranking }) };
}
