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
 *
 * A market that cannot be quoted (not binary, closed, archived, inactive, not accepting orders)
 * is skipped with its reason, never an error: markets close while a config stays the same. The
 * selector's N markets are chosen before duplicates are removed (a market both listed and
 * selected counts once, under its explicit entry) and before sharding, so N daemons with one
 * config split the same N markets.
 */
import type { Logger } from 'pino';
import { ErrorCode, isMakerdError, MakerdError } from '../errors.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { CheckedBook } from '../venue/checked-book.js';
import type { Market, Paged, SimplifiedMarket, VenueEvent } from '../venue/types.js';
import { LazyListing } from './lazy-listing.js';
import { type RankingOptions, type RewardRanking, rankByRewards } from './reward-selector.js';
import { tokensOf, type TokenListing } from './market-metadata.js';
import { checkShard, inShard, type ShardSpec } from './shard.js';

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
    readonly by?: 'listing' | 'rewards' | undefined;
    /** With by = rewards: penalty per unit of daily volatility (decimal text, default '1'). */
    readonly volatilityPenalty?: string | undefined;
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
}

/** With selector.by = rewards, the ranking's memory and hooks (RankingOptions) apply too. */
export interface SelectOptions extends RankingOptions {
  readonly signal?: AbortSignal | undefined;
  /** Pages read of each listing, at most (default 20). */
  readonly maxPages?: number | undefined;
  /** GET /markets/{id} reads of the tag filter, at most (default 200). */
  readonly maxTagLookups?: number | undefined;
  readonly logger?: Logger | undefined;
}

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

/** Whether an entry names a market by condition id (else it is a slug). */
export function looksLikeConditionId(text: string): boolean {
  return CONDITION_ID.test(text);
}

interface Candidate {
  readonly conditionId: string;
  readonly slug: string;
  readonly question: string;
  readonly listing: TokenListing;
  readonly active: boolean;
  readonly closed: boolean;
  readonly archived: boolean;
  /** undefined when the source does not say (event markets). */
  readonly acceptingOrders: boolean | undefined;
}

function configError(field: string, message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `market selection: ${field} ${message}`, { where: 'config', field });
}

function candidateOf(m: SimplifiedMarket | Market): Candidate {
  const full = m as Partial<Market>;
  return {
    conditionId: m.condition_id,
    slug: (full.market_slug || m.slug) ?? '',
    question: typeof m.question === 'string' ? m.question : '',
    listing: m,
    active: m.active,
    closed: m.closed,
    archived: m.archived,
    acceptingOrders: m.accepting_orders && full.enable_order_book !== false,
  };
}

function parseJsonStrings(text: unknown): string[] | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  } catch {
    return undefined;
  }
}

function eventCandidates(ev: VenueEvent): Candidate[] {
  return (Array.isArray(ev.markets) ? ev.markets : []).map((m) => {
    const ids = parseJsonStrings(m.clobTokenIds) ?? [];
    const outcomes = parseJsonStrings(m.outcomes) ?? [];
    return {
      conditionId: m.conditionId,
      slug: m.slug,
      question: typeof m.question === 'string' ? m.question : '',
      listing: { condition_id: m.conditionId, outcomes, tokens: ids.map((token_id, i) => ({ token_id, outcome: outcomes[i] ?? '' })) },
      active: m.active,
      closed: m.closed,
      archived: m.archived,
      acceptingOrders: undefined,
    };
  });
}

/** Why a candidate cannot be quoted, or its two tokens. */
function check(c: Candidate): { tokens: [string, string] } | { reason: string } {
  if (c.closed) return { reason: 'closed' };
  if (c.archived) return { reason: 'archived' };
  if (!c.active) return { reason: 'not active' };
  if (c.acceptingOrders === false) return { reason: 'not accepting orders' };
  const n = Array.isArray(c.listing.tokens) ? c.listing.tokens.length : 0;
  if (n !== 2) return { reason: `not binary (${n} tokens)` };
  try {
    return { tokens: tokensOf(c.listing) };
  } catch (err) {
    return { reason: `tokens unusable: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function slugForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a market tag list carries `tag` (case-insensitive, or the same slug form). */
export function hasTag(tags: unknown, tag: string): boolean {
  if (!Array.isArray(tags)) return false;
  const want = tag.trim().toLowerCase();
  const wantSlug = slugForm(tag);
  return tags.some((t) => typeof t === 'string' && (t.trim().toLowerCase() === want || (wantSlug !== '' && slugForm(t) === wantSlug)));
}

function checkSpec(spec: SelectionSpec): void {
  if (!Array.isArray(spec.markets)) throw configError('markets', 'must be an array');
  spec.markets.forEach((e, i) => {
    if (typeof e?.market !== 'string' || e.market.trim() === '')
      throw configError(`markets[${i}].market`, 'must be a non-empty condition id or slug');
  });
  const { top, tag } = spec.selector ?? {};
  if (!Number.isSafeInteger(top) || top < 0) throw configError('selector.top', `must be an integer >= 0 (got ${JSON.stringify(top)})`);
  if (typeof tag !== 'string') throw configError('selector.tag', 'must be a string');
  const { by, volatilityPenalty } = spec.selector;
  if (by !== undefined && by !== 'listing' && by !== 'rewards')
    throw configError('selector.by', `must be "listing" or "rewards" (got ${JSON.stringify(by)})`);
  if (volatilityPenalty !== undefined && !/^\d+(\.\d+)?$/.test(volatilityPenalty))
    throw configError('selector.volatilityPenalty', `must be a decimal number >= 0 (got ${JSON.stringify(volatilityPenalty)})`);
  checkShard(spec.shard);
}

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
  const consider = (c: Candidate, entry: SelectionEntry): boolean => {
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
    const verdict = check(c);
    if ('reason' in verdict) {
      skipped.push({ conditionId: c.conditionId, slug: c.slug, entry, reason: verdict.reason });
      return false;
    }
    taken.set(c.conditionId, entry);
    all.push({ conditionId: c.conditionId, slug: c.slug, question: c.question, tokens: verdict.tokens, entry });
    return true;
  };

  for (const [i, e] of spec.markets.entries()) {
    const text = e.market.trim();
    for (const c of await resolveEntry(client, text, `markets[${i}].market`, call, sampling, simplified)) consider(c, i);
  }

  let ranking: RewardRanking | undefined;
  if (spec.selector.top > 0) {
    let order: AsyncIterable<SimplifiedMarket> = sampling.items();
    if (spec.selector.by === 'rewards') {
      const listed: SimplifiedMarket[] = [];
      for await (const m of sampling.items()) if (!('reason' in check(candidateOf(m)))) listed.push(m);
      ranking = await rankByRewards(client, listed, spec.selector.volatilityPenalty ?? '1', call, options);
      order = fromArray(ranking.ranked.map((r) => r.market));
    }
    const picked = await selectTop(client, spec.selector, call, order, sampling, options);
    for (const c of picked) consider(c, 'selector');
    if (ranking !== undefined) {
      const picks = new Set(picked.map((c) => c.conditionId));
      ranking.ranked.forEach((r, i) => {
        if (picks.has(r.rank.conditionId))
          options.logger?.info({ market: r.rank.conditionId, slug: r.market.slug, place: i + 1, ...r.why }, 'selector picked by rewards');
      });
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

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* items;
}

async function resolveEntry(
  client: SelectionClient,
  text: string,
  field: string,
  call: CallOptions,
  sampling: LazyListing,
  simplified: LazyListing,
): Promise<Candidate[]> {
  const shown = JSON.stringify(text);
  if (looksLikeConditionId(text)) {
    try {
      return [candidateOf(await client.getMarket({ condition_id: text }, call))];
    } catch (err) {
      if (isMakerdError(err, ErrorCode.NOT_FOUND))
        throw configError(field, `${shown}: no market with this condition id (GET /markets/{condition_id} answered 404)`);
      throw err;
    }
  }
  const inSampling = await sampling.find((m) => m.slug === text);
  if (inSampling !== undefined) return [candidateOf(inSampling)];
  try {
    const ev = await client.getEventBySlug({ slug: text }, call);
    const markets = eventCandidates(ev);
    if (markets.length === 0) throw configError(field, `${shown}: the event with this slug has no markets`);
    return markets;
  } catch (err) {
    if (!isMakerdError(err, ErrorCode.NOT_FOUND)) throw err;
  }
  const inListing = await simplified.find((m) => m.slug === text);
  if (inListing !== undefined) return [candidateOf(inListing)];
  throw configError(
    field,
    `${shown}: not a condition id (0x + 64 hex digits), and no market or event has this slug ` +
      `(searched ${sampling.describe('GET /sampling-simplified-markets')}, GET /events/slug/{slug}, ${simplified.describe('GET /simplified-markets')})`,
  );
}

/** The first `top` quotable markets of `order` (listing or ranking), with the tag filter. */
async function selectTop(
  client: SelectionClient,
  selector: SelectionSpec['selector'],
  call: CallOptions,
  order: AsyncIterable<SimplifiedMarket>,
  sampling: LazyListing,
  options: SelectOptions,
): Promise<Candidate[]> {
  const tag = selector.tag.trim();
  const maxLookups = options.maxTagLookups ?? 200;
  const picked: Candidate[] = [];
  let lookups = 0;
  for await (const m of order) {
    if (picked.length >= selector.top) break;
    let c = candidateOf(m);
    if ('reason' in check(c)) continue;
    if (tag !== '') {
      if (lookups >= maxLookups) {
        options.logger?.warn(
          { tag, lookups, found: picked.length, wanted: selector.top },
          'selector tag filter stopped at its lookup bound',
        );
        break;
      }
      lookups++;
      let full: Market;
      try {
        full = await client.getMarket({ condition_id: m.condition_id }, call);
      } catch (err) {
        if (isMakerdError(err, ErrorCode.NOT_FOUND)) continue;
        throw err;
      }
      if (!hasTag(full.tags, tag)) continue;
      c = candidateOf(full);
      if ('reason' in check(c)) continue;
    }
    picked.push(c);
  }
  if (picked.length < selector.top) {
    options.logger?.info(
      { wanted: selector.top, found: picked.length, tag, searched: sampling.describe('GET /sampling-simplified-markets') },
      'selector found fewer markets than asked',
    );
  }
  return picked;
}
