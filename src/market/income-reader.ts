/**
 * selector.by = "income": the rewards ranking (reward-selector.ts) re-ranked by expected income
 * per day (income-ranking.ts), from public reads through the rate-limited client. Bounded: only
 * the first `candidates` markets of the rewards ranking are read (per market: the tape pages of
 * `GET /trades?market=` back over the lookback, read as the survey reads them (src/survey/tape.ts),
 * `GET /prices-history` of both tokens, `GET /fee-rate`); the others are not ranked.
 *
 * A market whose reads fail is left out of the ranking (logged, and listed as unpriced so that a
 * re-ranking never drops a quoted market for a failed read). Its entry's `why` carries the parts
 * of the income, for the log line of each pick and for /status.
 */
import type { Logger } from 'pino';
import { Decimal, parseDecimal, ZERO } from '../money.js';
import type { MidSeries } from '../survey/book-stats.js';
import { makerEdges, type TapeTrade } from '../survey/maker-edge.js';
import { type GetTrades, readTape, tapeSpan, tapeTrade } from '../survey/tape.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { FeeRate, PriceHistory } from '../venue/types.js';
import { type IncomeParts, incomeOf, variancePerDay } from './income-ranking.js';
import { feeModelOf, tokensOf } from './market-metadata.js';
import type { RankedEntry, RewardRanking } from './reward-selector.js';

/** What the income ranking reads with (the venue client has them). */
export interface IncomeClient {
  getTrades?: GetTrades;
  getPricesHistory?(
    params: { market: string; startTs: number; endTs: number; fidelity: number },
    options?: CallOptions,
  ): Promise<PriceHistory>;
  getFeeRate?(params: { token_id: string }, options?: CallOptions): Promise<FeeRate>;
}

export interface IncomeSettings {
  /** How many of the rewards ranking's best are read and ranked by income. */
  readonly candidates: number;
  readonly lookbackSec: number;
  readonly markoutSec: number;
  /** selector.inventoryRisk (decimal text). */
  readonly inventoryRisk: string;
}

const TAPE_PAGE = 500;
const TAPE_MAX_OFFSET = 10_000;
/** Price history points a minute apart; a point stands for its instant within a step and a second. */
const FIDELITY_MIN = 1;
const HISTORY_GAP_MS = FIDELITY_MIN * 60_000 + 1_000;

const text = (d: Decimal, dp: number): string => d.toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN).toFixed();

/** The parts of a market's expected income, as the log and /status show them. */
export function incomeWhy(p: IncomeParts): Record<string, string> {
  return {
    incomeReward: text(p.reward, 6),
    incomeRebate: text(p.rebate, 6),
    incomeMarkout: text(p.markout, 6),
    incomeInventory: text(p.inventory, 6),
    incomePerDay: text(p.income, 6),
    ourSharesPerDay: text(p.ourSharesPerDay, 6),
    capital: text(p.capital, 6),
    value: text(p.value, 8),
  };
}

function seriesOf(h: PriceHistory): MidSeries {
  const points = [...h.history].sort((a, b) => a.t - b.t);
  const s: MidSeries = { t: [], mid: [] };
  for (const pt of points) {
    const p = parseDecimal(pt.p);
    if (p === undefined) continue;
    s.t.push(pt.t * 1000);
    s.mid.push(p);
  }
  return s;
}

async function measure(client: Required<IncomeClient>, e: RankedEntry, s: IncomeSettings, risk: Decimal, nowMs: number, call: CallOptions) {
  const id = e.rank.conditionId;
  const tokens = tokensOf(e.market);
  const endS = Math.floor(nowMs / 1000);
  const read = await readTape(client.getTrades, {
    market: id,
    endS,
    lookbackS: s.lookbackSec,
    pageSize: TAPE_PAGE,
    maxOffset: TAPE_MAX_OFFSET,
    attempts: 1,
    ...(call.signal === undefined ? {} : { signal: call.signal }),
  });
  if (read.bound === 'failed') throw new Error(`trade tape not read: ${read.error ?? 'failed'}`);
  const trades: TapeTrade[] = [];
  for (const t of read.trades) {
    const parsed = tapeTrade(t);
    if (parsed !== undefined) trades.push(parsed);
  }
  const oldestS = trades.length === 0 ? undefined : trades.reduce((m, t) => Math.min(m, t.ts), Number.POSITIVE_INFINITY);
  const fromS = tapeSpan({ bound: read.bound, oldestS }, endS, s.lookbackSec, endS - s.lookbackSec);
  let shares = ZERO;
  for (const t of trades) if (t.ts >= fromS) shares = shares.add(t.size);
  const sharesPerDay = endS > fromS ? shares.mul(86_400).div(endS - fromS) : ZERO;
  const startS = Math.max(0, fromS - Math.ceil(HISTORY_GAP_MS / 1000));
  const history = new Map<string, MidSeries>();
  for (const token of tokens)
    history.set(
      token,
      seriesOf(await client.getPricesHistory({ market: token, startTs: startS, endTs: endS, fidelity: FIDELITY_MIN }, call)),
    );
  const [edge] = makerEdges(trades, () => undefined, [s.markoutSec], 0, { seriesOf: (t) => history.get(t), maxGapMs: HISTORY_GAP_MS });
  const markoutPerShare = edge === undefined || edge.trades === 0 || edge.usdc.isZero() ? undefined : edge.weighted.div(edge.usdc);
  const fee = feeModelOf(await client.getFeeRate({ token_id: tokens[0] }, call));
  const h0 = history.get(tokens[0])!;
  return incomeOf(e.rank, { sharesPerDay, fee, markoutPerShare, variancePerDay: variancePerDay(h0.t, h0.mid), riskFactor: risk });
}

/** The first `settings.candidates` of `ranking`, ranked by expected income (best first). */
export async function rankByIncome(
  client: IncomeClient,
  ranking: RewardRanking,
  settings: IncomeSettings,
  call: CallOptions,
  options: { readonly logger?: Logger | undefined; readonly nowMs?: number | undefined },
): Promise<RewardRanking> {
  const { getTrades, getPricesHistory, getFeeRate } = client;
  if (getTrades === undefined || getPricesHistory === undefined || getFeeRate === undefined)
    throw new Error('selector.by "income" needs a client that reads GET /trades, GET /prices-history and GET /fee-rate');
  const reads = { getTrades, getPricesHistory: getPricesHistory.bind(client), getFeeRate: getFeeRate.bind(client) };
  const risk = parseDecimal(settings.inventoryRisk) ?? ZERO;
  const nowMs = options.nowMs ?? Date.now();
  const ranked: (RankedEntry & { income: IncomeParts })[] = [];
  const unpricedIds = [...(ranking.unpricedIds ?? [])];
  for (const e of ranking.ranked.slice(0, settings.candidates)) {
    if (call.signal?.aborted) break;
    try {
      const income = await measure(reads, e, settings, risk, nowMs, call);
      ranked.push({ market: e.market, rank: { ...e.rank, value: income.value }, why: { ...e.why, ...incomeWhy(income) }, income });
    } catch (err) {
      unpricedIds.push(e.rank.conditionId);
      options.logger?.warn(
        { market: e.rank.conditionId, err: err instanceof Error ? err.message : String(err) },
        'selector: market not ranked by income (its public reads failed)',
      );
    }
  }
  ranked.sort((a, b) => b.income.value.cmp(a.income.value));
  return { ranked, problems: ranking.problems, unpriced: unpricedIds.length, unpricedIds };
}
