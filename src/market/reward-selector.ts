/**
 * selector.by = "rewards": the quotable sampling markets ranked by reward-ranking.ts, from books
 * read with POST /books (the client splits the tokens into batches of at most 500: a listing of
 * 250 markets is one request, against a limit of 80 per 10 s; the rate limiter admits every
 * request, so the ranking waits rather than exceed a window).
 *
 * A market whose `rewards` object pays nothing, or cannot be read (src/rewards parseRewardRules
 * says which field and why), is not ranked: it is reported to `onRewardsProblem` once per
 * selection (the metric) and logged once per process (`loggedProblems`), and never stops the
 * selection. A market without a midpoint on either token is not ranked either (logged at debug).
 */
import type { Logger } from 'pino';
import { Decimal, parseDecimal, ZERO } from '../money.js';
import { parseRewardRules, type RewardRules } from '../rewards/index.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { CheckedBook } from '../venue/checked-book.js';
import type { SimplifiedMarket } from '../venue/types.js';
import { tokensOf } from './market-metadata.js';
import { byValue, MidHistory, type RankBook, type RankedMarket, rankMarket } from './reward-ranking.js';
import type { RewardStageLimits } from './reward-stage-quote.js';

/** What the ranking reads with: POST /books (the venue client has it). */
export interface RankingClient {
  postBooks?(tokenIds: readonly string[], options?: CallOptions): Promise<readonly CheckedBook[]>;
}

/** The ranking's memory and hooks (market-selection.ts's SelectOptions carries them). */
export interface RankingOptions {
  readonly logger?: Logger | undefined;
  /** The midpoints of earlier rankings (volatility); default a fresh one. */
  readonly midHistory?: MidHistory | undefined;
  /** The time of the ranking (ms), for the volatility; default Date.now(). */
  readonly nowMs?: number | undefined;
  /** Markets whose rewards problem was logged already (logged once across rankings). */
  readonly loggedProblems?: Set<string> | undefined;
  /** Called once per market not ranked for its rewards, per ranking (the metric). */
  readonly onRewardsProblem?: ((problem: RewardsProblem) => void) | undefined;
  /**
   * The reward-aware quoting stage's settings of the configured strategy (`strategy.params.rewards`):
   * the ranking assumes its quotes and gives 0 where it would not quote (reward-stage-quote.ts);
   * undefined: the ranking's fixed assumption, as with the stage off.
   */
  readonly rewardStage?: RewardStageLimits | undefined;
  /** Each selection's ranked picks, with why they rank where they do (/status shows the last). */
  readonly onPicked?: ((picks: readonly PickExplanation[]) => void) | undefined;
}

/** A market the ranking picked: its place in the ranking and the parts of its value. */
export interface PickExplanation {
  readonly market: string;
  readonly place: number;
  readonly why: Readonly<Record<string, string>>;
}

export interface RewardsProblem {
  readonly conditionId: string;
  readonly kind: 'none' | 'malformed';
  readonly reason: string;
}

export interface RankedEntry {
  readonly market: SimplifiedMarket;
  readonly rank: RankedMarket;
  /** Why it ranks where it does, for the log: money as decimal text. */
  readonly why: Record<string, string>;
}

export interface RewardRanking {
  /** Best first. */
  readonly ranked: readonly RankedEntry[];
  /** Markets of the listing not ranked for their rewards (none, malformed). */
  readonly problems: readonly RewardsProblem[];
  /** Ranked markets left out for want of a midpoint. */
  readonly unpriced: number;
  /** Their condition ids (they pay, but neither token had a midpoint this ranking). */
  readonly unpricedIds?: readonly string[] | undefined;
}

const text = (d: Decimal, dp: number): string => d.toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN).toFixed();

function whyOf(r: RankedMarket): Record<string, string> {
  return {
    rate: text(r.dailyRate, 6),
    maxSpreadCents: text(r.maxSpreadCents, 6),
    minSize: text(r.minSize, 6),
    competingScore: text(r.competingScore, 6),
    ourScore: text(r.ourScore, 6),
    expectedShare: text(r.expectedShare, 6),
    expectedRewardPerDay: text(r.expectedRewardPerDay, 6),
    ...(r.rewardBlocked === undefined ? {} : { rewardBlocked: r.rewardBlocked }),
    capital: text(r.capital, 6),
    volatility: text(r.volatility, 6),
    penalty: text(r.penalty, 6),
    value: text(r.value, 8),
  };
}

/** A book whose levels are not usable (too many, garbled: checked-book.ts) ranks as no book. */
function rankBook(b: CheckedBook | undefined): RankBook | undefined {
  return b === undefined || b.problem !== undefined
    ? undefined
    : { bids: b.levels.bids, asks: b.levels.asks, minOrderSize: b.minOrderSize };
}

export async function rankByRewards(
  client: RankingClient,
  listed: readonly SimplifiedMarket[],
  volatilityPenalty: string,
  call: CallOptions,
  options: RankingOptions,
): Promise<RewardRanking> {
  if (client.postBooks === undefined) throw new Error('selector.by "rewards" needs a client that reads POST /books');
  const penalty = parseDecimal(volatilityPenalty) ?? ZERO;
  const history = options.midHistory ?? new MidHistory();
  const nowMs = options.nowMs ?? Date.now();
  const logged = options.loggedProblems ?? new Set<string>();
  const problems: RewardsProblem[] = [];
  const paying: { market: SimplifiedMarket; rules: RewardRules; tokens: [string, string] }[] = [];
  for (const m of listed) {
    const parsed = parseRewardRules(m.rewards);
    if (parsed.kind !== 'paying') {
      const problem: RewardsProblem = {
        conditionId: m.condition_id,
        kind: parsed.kind,
        reason: parsed.kind === 'malformed' ? parsed.reason : 'pays no liquidity rewards',
      };
      problems.push(problem);
      options.onRewardsProblem?.(problem);
      if (!logged.has(m.condition_id)) {
        logged.add(m.condition_id);
        const line = { market: m.condition_id, slug: m.slug, reason: problem.reason };
        if (problem.kind === 'malformed') options.logger?.warn(line, 'selector: rewards object unreadable, market not ranked by reward');
        else options.logger?.info(line, 'selector: market not ranked by reward');
      }
      continue;
    }
    paying.push({ market: m, rules: parsed.rules, tokens: tokensOf(m) });
  }
  const books = new Map<string, CheckedBook>();
  if (paying.length > 0) {
    for (const b of await client.postBooks(
      paying.flatMap((p) => p.tokens),
      call,
    ))
      books.set(b.snapshot.asset_id, b);
  }
  const ranked: RankedEntry[] = [];
  let unpriced = 0;
  const unpricedIds: string[] = [];
  for (const p of paying) {
    const out = rankMarket(
      p.market.condition_id,
      p.rules,
      [rankBook(books.get(p.tokens[0])), rankBook(books.get(p.tokens[1]))],
      (mid) => history.observe(p.market.condition_id, mid, nowMs),
      penalty,
      options.rewardStage,
    );
    if ('reason' in out) {
      unpriced++;
      unpricedIds.push(p.market.condition_id);
      options.logger?.debug({ market: p.market.condition_id, reason: out.reason }, 'selector: market not ranked');
      continue;
    }
    ranked.push({ market: p.market, rank: out.ranked, why: whyOf(out.ranked) });
  }
  ranked.sort((a, b) => byValue(a.rank, b.rank));
  return { ranked, problems, unpriced, unpricedIds };
}
