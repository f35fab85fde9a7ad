/**
 * The JSON of `GET /_sim/rewards` (and its summary in `/_sim/stats`): money as decimal strings —
 * scores and shares unrounded, rewards in micro-USDC — so a test can check them to the last digit.
 */
import { type Decimal, toPlainString, ZERO } from '../../money.js';
import { SAMPLE_INTERVAL_MS, SAMPLES_PER_DAY } from '../../rewards/index.js';
import type { SimRewards } from './sim-rewards.js';

const DAY_MS = SAMPLE_INTERVAL_MS * SAMPLES_PER_DAY;
const text = (d: Decimal): string => toPlainString(d);
const money = (d: Decimal): string => d.toFixed(6);
const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Who an account is, when the simulator knows (operator or a catalog user). */
export interface AccountInfo {
  readonly name: string;
  readonly operator: boolean;
}

export interface RewardsFilter {
  readonly account?: string | undefined;
  readonly market?: string | undefined;
}

export function rewardsView(
  rewards: SimRewards,
  nowMs: number,
  filter: RewardsFilter,
  infoOf: (address: string) => AccountInfo | undefined,
): Record<string, unknown> {
  const f = {
    ...(filter.account === undefined ? {} : { account: filter.account }),
    ...(filter.market === undefined ? {} : { market: filter.market }),
  };
  const rows = rewards.rows(f);
  const markets = rewards.payingMarkets().filter((m) => filter.market === undefined || m === filter.market);
  const accounts = new Map<string, { accrued: Decimal; credited: Decimal }>();
  for (const r of rows) {
    const a = accounts.get(r.account) ?? { accrued: ZERO, credited: ZERO };
    accounts.set(r.account, { accrued: a.accrued.add(r.accruedToday), credited: a.credited.add(r.creditedTotal) });
  }
  return {
    now_ms: nowMs,
    day: isoDay(rewards.day),
    last_credited_day: rewards.lastCreditedDay === undefined ? null : isoDay(rewards.lastCreditedDay),
    sample_interval_ms: SAMPLE_INTERVAL_MS,
    last_sample_ms: rewards.lastSampleMs ?? null,
    markets: markets.map((m) => {
      const rules = rewards.rules(m)!;
      const last = rewards.lastSample(m);
      let total = ZERO;
      for (const s of last?.scores.values() ?? []) total = total.add(s.qMin);
      return {
        market: m,
        daily_rate: text(rules.dailyRate),
        max_spread_cents: text(rules.maxSpreadCents),
        min_size: text(rules.minSize),
        samples_today: rewards.samplesToday(m),
        midpoint: last?.mids.market === undefined ? null : text(last.mids.market),
        total_score: text(total),
      };
    }),
    accounts: [...accounts].map(([account, a]) => ({
      account,
      ...(infoOf(account) ?? { name: '', operator: false }),
      accrued_today: money(a.accrued),
      credited_total: money(a.credited),
      balance: money(rewards.balance(account)),
    })),
    scores: rows.map((r) => ({
      account: r.account,
      market: r.market,
      q_one: text(r.score?.qOne ?? ZERO),
      q_two: text(r.score?.qTwo ?? ZERO),
      score: text(r.score?.qMin ?? ZERO),
      share: text(r.share),
      share_sum_today: text(r.shareSum),
      accrued_today: money(r.accruedToday),
      credited_last_day: money(r.creditedLastDay),
      credited_total: money(r.creditedTotal),
    })),
  };
}

/** The `rewards` object of `/_sim/stats`: totals, the operator accounts' part, and the sampler's cost. */
export function rewardsSummary(rewards: SimRewards, operators: readonly string[]): Record<string, unknown> {
  let accrued = ZERO;
  let credited = ZERO;
  let opAccrued = ZERO;
  let opCredited = ZERO;
  let opBalance = ZERO;
  const ops = new Set(operators.map((a) => a.toLowerCase()));
  for (const r of rewards.rows()) {
    accrued = accrued.add(r.accruedToday);
    credited = credited.add(r.creditedTotal);
    if (ops.has(r.account)) {
      opAccrued = opAccrued.add(r.accruedToday);
      opCredited = opCredited.add(r.creditedTotal);
    }
  }
  for (const a of ops) opBalance = opBalance.add(rewards.balance(a));
  return {
    paying_markets: rewards.payingMarkets().length,
    malformed_markets: rewards.malformed.length,
    day: isoDay(rewards.day),
    samples_total: rewards.samplesTotal,
    accrued_today: money(accrued),
    credited_total: money(credited),
    operator: { accrued_today: money(opAccrued), credited_total: money(opCredited), balance: money(opBalance) },
    last_sample_us: rewards.lastSampleUs,
    max_sample_us: rewards.maxSampleUs,
  };
}
