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
import type { Logger } from 'pino';
import { ErrorCode, isMakerdError, MakerdError } from '../errors.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { CheckedBook } from '../venue/checked-book.js';
import type { Market, Paged, SimplifiedMarket, VenueEvent } from '../venue/types.js';
import { type IncomeClient, type IncomeSettings, rankByIncome } from './income-reader.js';
import { LazyListing } from './lazy-listing.js';
import { type EndReason, endReason, parseEndDate } from './market-end.js';
import { type PickExplanation, type RankingOptions, type RewardRanking, rankByRewards } from './reward-selector.js';
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
  /** Skip markets for their end (see the header); undefined: end dates are not read. */
  readonly ends?: SelectionEnds | undefined;
  /** Each market skipped for its end, with why and under which entry (an explicit one is in `skipped` too). */
  readonly onEndSkip?:
    | ((m: { readonly conditionId: string; readonly slug: string }, reason: EndReason, entry: SelectionEntry) => void)
    | undefined;
  /** Only `count` more selector markets of this shard, none of `exclude` (see the header). */
  readonly replace?: { readonly count: number; readonly exclude: ReadonlySet<string> } | undefined;
}

function incomeSettingsOf(s: SelectionSpec['selector']): IncomeSettings {
  return {
    candidates: s.incomeCandidates ?? 20,
    lookbackSec: s.incomeLookbackSec ?? 86_400,
    markoutSec: s.incomeMarkoutSec ?? 300,
    inventoryRisk: s.inventoryRisk ?? '1',
  };
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
  /** The end date as listed; undefined with `record` false: the source has none (the simplified listings). */
  readonly endDate: unknown;
  /** From a source that carries the end date (a full record, an event's market list). */
  readonly record: boolean;
}

function configError(field: string, message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `market selection: ${field} ${message}`, { where: 'config', field });
}

/** `record`: m is a full market record (GET /markets/{id}), whose end date counts even when missing. */
function candidateOf(m: SimplifiedMarket | Market, record = false): Candidate {
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
    endDate: full.end_date_iso,
    record,
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
      endDate: m.endDate,
      record: true,
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
  if (by !== undefined && by !== 'listing' && by !== 'rewards' && by !== 'income')
    throw configError('selector.by', `must be "listing", "rewards" or "income" (got ${JSON.stringify(by)})`);
  if (volatilityPenalty !== undefined && !/^\d+(\.\d+)?$/.test(volatilityPenalty))
    throw configError('selector.volatilityPenalty', `must be a decimal number >= 0 (got ${JSON.stringify(volatilityPenalty)})`);
  const { inventoryRisk } = spec.selector;
  if (inventoryRisk !== undefined && !/^\d+(\.\d+)?$/.test(inventoryRisk))
    throw configError('selector.inventoryRisk', `must be a decimal number >= 0 (got ${JSON.stringify(inventoryRisk)})`);
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

/** Why an end skips a market, for the skipped list and the log. */
function endText(reason: EndReason): string {
  return reason === 'stop-window' ? 'ends within its stopBeforeEndSec' : reason.replace(/-/g, ' ');
}

/**
 * A market the venue closed (`closed`, `accepting_orders: false`) is one that ended (market-end.ts):
 * told to onEndSkip when the selection judges ends. Its reason, or undefined for any other.
 */
function tellClosed(c: Candidate, entry: SelectionEntry, options: SelectOptions): EndReason | undefined {
  const reason = c.closed ? 'closed' : c.acceptingOrders === false ? 'not-accepting-orders' : undefined;
  if (reason !== undefined && options.ends !== undefined) options.onEndSkip?.(c, reason, entry);
  return reason;
}

type EndCheck = (c: Candidate, entry: SelectionEntry) => Promise<{ c: Candidate } | { reason: EndReason }>;

/**
 * The end check of `options.ends`: the candidate as its full record (read when the source has no
 * end date), or why its end skips it (told to onEndSkip). Without `ends` every candidate passes.
 */
function endChecker(client: SelectionClient, call: CallOptions, options: SelectOptions): EndCheck {
  return async (c, entry) => {
    const ends = options.ends;
    if (ends === undefined) return { c };
    const full = c.record ? c : candidateOf(await client.getMarket({ condition_id: c.conditionId }, call), true);
    const end = parseEndDate(full.endDate);
    const facts = 'ms' in end ? { endDateMs: end.ms } : { endDateMs: undefined, endDateProblem: end.problem };
    // The selector's picks must have as long again to quote before their stop: one that would
    // leave at once is not worth a join (its rules read, its orders listed) and a place.
    const stop = ends.stopBeforeEndMs(entry);
    const reason = endReason(facts, entry === 'selector' ? 2 * stop : stop, ends.now());
    if (reason === undefined) return { c: full };
    options.onEndSkip?.(c, reason, entry);
    return { reason };
  };
}

/**
 * The first `top` quotable markets of `order` (listing or ranking), with the tag filter and the
 * end check; `wanted` (replacements) leaves out markets before they count.
 */
async function selectTop(
  client: SelectionClient,
  selector: SelectionSpec['selector'],
  call: CallOptions,
  order: AsyncIterable<SimplifiedMarket>,
  sampling: LazyListing,
  options: SelectOptions,
  ends: EndCheck,
  wanted?: (conditionId: string) => boolean,
): Promise<Candidate[]> {
  const tag = selector.tag.trim();
  const maxLookups = options.maxTagLookups ?? 200;
  const picked: Candidate[] = [];
  let lookups = 0;
  for await (const m of order) {
    if (picked.length >= selector.top) break;
    let c = candidateOf(m);
    if (wanted?.(c.conditionId) === false) continue;
    if ('reason' in check(c)) {
      tellClosed(c, 'selector', options);
      continue;
    }
    if (tag !== '' || options.ends !== undefined) {
      if (lookups >= maxLookups) {
        options.logger?.warn(
          { tag, lookups, found: picked.length, wanted: selector.top },
          'selector stopped at its lookup bound (GET /markets/{id} of the tag filter and end dates)',
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
      if (tag !== '' && !hasTag(full.tags, tag)) continue;
      c = candidateOf(full, true);
      if ('reason' in check(c)) {
        tellClosed(c, 'selector', options);
        continue;
      }
      const end = await ends(c, 'selector');
      if ('reason' in end) continue;
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
