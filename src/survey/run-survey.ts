/**
 * The survey's reading of the venue (docs/survey.md): the market listing, each market's fee
 * schedule, then for the window polls of outcome 0's books (`POST /books`) and of both outcomes'
 * midpoints (`POST /midpoints`) in batches every `intervalMs`, then each market's public trade
 * tape, then the price history of both tokens of each market whose tape has trades (for the
 * trades the polls do not cover: maker-edge.ts). Only public reads, each through the client (and
 * so through the rate limiter it was built with); a read that fails is counted and named in
 * `unread`, never the end of the survey.
 *
 * Time is the given clock's (the tests' fake clock moves it); polls never overlap: the next starts
 * `intervalMs` after the one before started, or when it ends if it took longer.
 */
import type { Clock } from '../clock/clock.js';
import { feeModelOf, tokensOf } from '../market/market-metadata.js';
import { parseRewardRules } from '../rewards/reward-rules.js';
import { MAX_BATCH_TOKENS } from '../venue/body-rules.js';
import type { CheckedBook, CheckedMidpoints } from '../venue/checked-book.js';
import { parseDecimal, type Decimal } from '../money.js';
import type { PriceHistory } from '../venue/types.js';
import { bookSample, emptySeries, type MidSeries } from './book-stats.js';
import type { TapeTrade } from './maker-edge.js';
import { readTape, tapeTrade } from './tape.js';
import type { MarketObservations, SurveyClient, SurveyData, SurveyMarket, SurveyOptions, Unread } from './survey-contract.js';

export type { MarketObservations, SurveyClient, SurveyData, SurveyMarket, SurveyOptions, Unread } from './survey-contract.js';

/** The tape's page size (trades), and the venue's largest `offset` for `GET /trades`. */
export const TAPE_PAGE = 1_000;
export const TAPE_MAX_OFFSET = 10_000;
/**
 * The price history's fidelity (minutes), and how far a point may be from the instant it stands
 * for: a step + 1 s (the tape's seconds are whole).
 */
export const HISTORY_FIDELITY_MIN = 1;
export const MAX_HISTORY_GAP_MS = HISTORY_FIDELITY_MIN * 60_000 + 1_000;
/** Tries of a tape page, a price history or a fee schedule. */
const ATTEMPTS = 3;
/** Markets whose tape (or price history, or fee schedule) is read at the same time. */
const CONCURRENCY = 4;
export const PROGRESS_EVERY_MS = 10_000;

function failure(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ${message}` : message;
}

/** Waits `ms` of the clock's time; an abort ends the wait early. */
function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) {
      resolve();
      return;
    }
    const onAbort = (): void => {
      clock.clearTimer(handle);
      resolve();
    };
    const handle = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `work` over `items`, `n` at a time. */
async function eachLimited<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** Failures of one kind of request over the window, for `unread`. */
class FailureCount {
  failed = 0;
  of = 0;
  readonly errors = new Map<string, number>();

  add(err: unknown): void {
    this.failed++;
    const text = failure(err);
    this.errors.set(text, (this.errors.get(text) ?? 0) + 1);
  }

  /** The errors, most frequent first, with their counts. */
  text(): string {
    return [...this.errors]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([e, n]) => (n > 1 ? `${n}x ${e}` : e))
      .join('; ');
  }
}

/** The first markets of the listing that accept orders (binary ones), or every one. */
async function listMarkets(
  client: SurveyClient,
  want: number | 'all',
  unread: Unread[],
): Promise<{ markets: SurveyMarket[]; skipped: number }> {
  const markets: SurveyMarket[] = [];
  let skipped = 0;
  try {
    for await (const page of client.iterateMarkets({})) {
      for (const m of page.data) {
        if (!m.active || m.closed || !m.accepting_orders || !m.enable_order_book) continue;
        let tokens: [string, string];
        try {
          tokens = tokensOf(m);
        } catch {
          skipped++;
          continue;
        }
        const slug = typeof m.market_slug === 'string' && m.market_slug !== '' ? m.market_slug : m.slug;
        const rewards = parseRewardRules(m.rewards);
        if (rewards.kind === 'malformed') unread.push({ what: 'rewards', market: m.condition_id, error: rewards.reason });
        markets.push({ conditionId: m.condition_id, slug: typeof slug === 'string' ? slug : '', tokens, rewards, fees: undefined });
        if (want !== 'all' && markets.length >= want) return { markets, skipped };
      }
    }
  } catch (err) {
    // A listing cut short: the markets read so far are surveyed; none at all is the end.
    if (markets.length === 0) throw err;
    unread.push({ what: 'listing', read: markets.length, error: failure(err) });
  }
  return { markets, skipped };
}

export async function runSurvey(client: SurveyClient, o: SurveyOptions): Promise<SurveyData> {
  const { clock } = o;
  const unread: Unread[] = [];
  const listed = await listMarkets(client, o.markets, unread);
  const observations: MarketObservations[] = listed.markets.map((market) => ({
    market,
    books: [],
    unusableBooks: new Map(),
    mids: [emptySeries(), emptySeries()],
    tape: undefined,
    history: [undefined, undefined],
  }));

  await eachLimited(observations, CONCURRENCY, async ({ market }) => {
    let error = '';
    for (let attempt = 1; attempt <= ATTEMPTS && market.fees === undefined; attempt++) {
      try {
        market.fees = feeModelOf(await client.getFeeRate({ token_id: market.tokens[0] }));
      } catch (err) {
        error = failure(err);
      }
    }
    if (market.fees === undefined) unread.push({ what: 'fee-rate', market: market.conditionId, error });
  });

  // Token -> (market's observations, outcome index).
  const byToken = new Map<string, { obs: MarketObservations; outcome: 0 | 1 }>();
  for (const obs of observations) {
    byToken.set(obs.market.tokens[0], { obs, outcome: 0 });
    byToken.set(obs.market.tokens[1], { obs, outcome: 1 });
  }
  const bookBatches = chunks(
    observations.map((m) => m.market.tokens[0]),
    MAX_BATCH_TOKENS,
  );
  const midBatches = chunks(
    observations.flatMap((m) => [...m.market.tokens]),
    MAX_BATCH_TOKENS,
  );
  const booksFailed = new FailureCount();
  const midsFailed = new FailureCount();

  const pollBooks = async (batch: readonly string[]): Promise<void> => {
    booksFailed.of++;
    let books: CheckedBook[];
    try {
      books = await client.postBooks(batch);
    } catch (err) {
      booksFailed.add(err);
      return;
    }
    for (const book of books) {
      const at = byToken.get(book.snapshot.asset_id);
      if (at === undefined || at.outcome !== 0) continue;
      if (book.problem !== undefined) {
        at.obs.unusableBooks.set(book.problem, (at.obs.unusableBooks.get(book.problem) ?? 0) + 1);
        continue;
      }
      const sample = bookSample(book.levels);
      if (sample !== undefined) at.obs.books.push(sample);
    }
  };
  const pollMids = async (batch: readonly string[]): Promise<void> => {
    midsFailed.of++;
    let mids: CheckedMidpoints;
    try {
      mids = await client.postMidpoints(batch);
    } catch (err) {
      midsFailed.add(err);
      return;
    }
    const t = clock.now();
    for (const [token, mid] of mids.prices) {
      const at = byToken.get(token);
      if (at === undefined) continue;
      const s = at.obs.mids[at.outcome];
      const last = s.mid[s.mid.length - 1];
      // The same midpoint as before is kept as the same Decimal (a long survey holds few objects).
      s.t.push(t);
      s.mid.push(last?.eq(mid) ? last : mid);
    }
  };

  const startMs = clock.now();
  const endMs = startMs + o.forMs;
  let polls = 0;
  let lastProgress = startMs;
  const progress = (force: boolean, line: () => string): void => {
    if (o.progress === undefined || (!force && clock.now() - lastProgress < PROGRESS_EVERY_MS)) return;
    lastProgress = clock.now();
    o.progress(line());
  };
  for (let next = startMs; ; ) {
    polls++;
    await Promise.all([...bookBatches.map(pollBooks), ...midBatches.map(pollMids)]);
    progress(false, () => {
      const failed = booksFailed.failed + midsFailed.failed;
      return `${Math.round((clock.now() - startMs) / 1000)} s of ${Math.round(o.forMs / 1000)}: ${polls} polls of ${observations.length} markets${failed > 0 ? ` (${failed} requests failed)` : ''}`;
    });
    const now = clock.now();
    if (now >= endMs || o.signal?.aborted) break;
    next = Math.max(next + o.intervalMs, now);
    await sleep(clock, Math.min(next, endMs) - now, o.signal);
  }
  const stoppedMs = clock.now();
  if (booksFailed.failed > 0) unread.push({ what: 'books', failed: booksFailed.failed, of: booksFailed.of, error: booksFailed.text() });
  if (midsFailed.failed > 0) unread.push({ what: 'midpoints', failed: midsFailed.failed, of: midsFailed.of, error: midsFailed.text() });

  const endS = Math.floor(stoppedMs / 1000);
  progress(
    true,
    () =>
      `window over: ${polls} polls in ${Math.round((stoppedMs - startMs) / 1000)} s; reading the trade tapes of ${observations.length} markets`,
  );
  let tapesRead = 0;
  await eachLimited(observations, CONCURRENCY, async (obs) => {
    const read = await readTape(client.getTrades, {
      market: obs.market.conditionId,
      endS,
      lookbackS: o.lookbackS,
      pageSize: TAPE_PAGE,
      maxOffset: TAPE_MAX_OFFSET,
      attempts: ATTEMPTS,
    });
    const trades: TapeTrade[] = [];
    let unparsed = 0;
    for (const t of read.trades) {
      const parsed = tapeTrade(t);
      if (parsed === undefined) unparsed++;
      else trades.push(parsed);
    }
    obs.tape = { read, trades, unparsed };
    if (read.bound === 'failed')
      unread.push({ what: 'trades', market: obs.market.conditionId, read: read.trades.length, error: read.error ?? 'not read' });
    tapesRead++;
    progress(false, () => `trade tapes: ${tapesRead} of ${observations.length} markets read`);
  });

  // From a point's age before the lookback's first second, so that its oldest trades have one.
  const historyFromS = Math.max(0, endS - o.lookbackS - Math.ceil(MAX_HISTORY_GAP_MS / 1000));
  const priced = observations.filter((obs) => (obs.tape?.trades.length ?? 0) > 0);
  progress(true, () => `reading the price histories of ${priced.length} markets`);
  await eachLimited(priced, CONCURRENCY, async (obs) => {
    let error: string | undefined;
    for (const outcome of [0, 1] as const) {
      const read = await readHistory(client, obs.market.tokens[outcome], historyFromS, endS);
      if (typeof read === 'string') error ??= read;
      else obs.history[outcome] = read;
    }
    if (error !== undefined) unread.push({ what: 'prices-history', market: obs.market.conditionId, error });
  });

  return {
    startMs,
    endMs: stoppedMs,
    intervalMs: o.intervalMs,
    lookbackS: o.lookbackS,
    polls,
    markets: observations,
    skippedMarkets: listed.skipped,
    unread,
  };
}

/**
 * A token's price history over [startS, endS] at HISTORY_FIDELITY_MIN, in time order (t in ms),
 * after up to ATTEMPTS tries; the last failure's text when it could not be read. A point whose
 * price is not a number in [0, 1] the client has refused already.
 */
async function readHistory(client: SurveyClient, token: string, startS: number, endS: number): Promise<MidSeries | string> {
  let error = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let answer: PriceHistory;
    try {
      answer = await client.getPricesHistory({ market: token, startTs: startS, endTs: endS, fidelity: HISTORY_FIDELITY_MIN });
    } catch (err) {
      error = failure(err);
      continue;
    }
    // The venue does not promise an order (design.md): sorted by time, a stable sort.
    const points = [...answer.history].sort((a, b) => a.t - b.t);
    const series: MidSeries = { t: [], mid: [] };
    let last: Decimal | undefined;
    for (const pt of points) {
      const mid = parseDecimal(pt.p)!;
      series.t.push(pt.t * 1000);
      series.mid.push(last?.eq(mid) ? last : mid);
      last = series.mid[series.mid.length - 1];
    }
    return series;
  }
  return error;
}

/** The largest gap (ms) between a trade's instant and the poll whose midpoint stands for it. */
export function maxMidGapMs(intervalMs: number): number {
  return 2 * intervalMs + 1_000;
}
