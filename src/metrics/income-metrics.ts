/**
 * makerd_income_usdc{market,part}: per market, the income makerd earns as one figure (`total`)
 * beside its parts (src/portfolio/income.ts: trading, settlement, rebates, unrealized,
 * rewards_estimated, rewards_credited), read at scrape time from the portfolio and the reward
 * estimator. Labels as makerd_pnl_usdc's: a configured market's condition id, `other` for the
 * markets the journal holds but the configuration no longer quotes, `all` for the account. Every
 * configured market has its series from start-up (0 before its first fill or sample).
 */
import { Gauge, type Registry } from 'prom-client';
import { moneyNumber } from '../money.js';
import { INCOME_PARTS, type Income, incomeOf, type RewardIncome, sumIncome } from '../portfolio/income.js';
import type { PortfolioSnapshot } from '../portfolio/index.js';
import type { MarketRewardEstimate } from '../rewards/reward-estimator.js';

export interface IncomeMetricsSource {
  readonly portfolio: () => PortfolioSnapshot;
  /** The reward estimator's per-market figures; undefined or empty before quoting starts. */
  readonly rewards: () => readonly MarketRewardEstimate[] | undefined;
  /** Condition ids of the configured markets; others are labelled `other`. */
  readonly markets: () => Iterable<string>;
}

/**
 * A market's rewards as income: the UTC day under way is an estimate (`today`); the days the
 * estimator completed since it began (`accrued` - `today`) are what the venue credits at 00:00 UTC.
 */
export function rewardIncome(e: MarketRewardEstimate | undefined): RewardIncome | undefined {
  return e === undefined ? undefined : { estimated: e.today, credited: e.accrued.sub(e.today) };
}

/** Income per market (every configured market, and every market with fills or rewards) and the account's. */
export function incomeByMarket(
  snap: PortfolioSnapshot,
  rewards: readonly MarketRewardEstimate[] | undefined,
  configured: Iterable<string>,
): { readonly markets: ReadonlyMap<string, Income>; readonly all: Income } {
  const pnl = new Map(snap.markets.map((m) => [m.conditionId, m]));
  const reward = new Map((rewards ?? []).map((e) => [e.market, e]));
  const ids = new Set([...configured, ...pnl.keys(), ...reward.keys()]);
  const markets = new Map([...ids].map((id) => [id, incomeOf(pnl.get(id), rewardIncome(reward.get(id)))]));
  return { markets, all: sumIncome(markets.values()) };
}

export function registerIncomeMetrics(registry: Registry, src: IncomeMetricsSource): void {
  const gauge = new Gauge({
    name: 'makerd_income_usdc',
    help: 'Income by market and part, USDC: trading (closing gains - fees), settlement, rebates, unrealized, rewards_estimated (UTC day under way), rewards_credited (completed days); total = their sum = PnL total + rewards; market="all" for the account',
    labelNames: ['market', 'part'],
    registers: [registry],
    collect() {
      const configured = new Set(src.markets());
      const { markets, all } = incomeByMarket(src.portfolio(), src.rewards(), configured);
      const byLabel = new Map<string, Income[]>();
      for (const [id, income] of markets) {
        const label = configured.has(id) ? id : 'other';
        byLabel.set(label, [...(byLabel.get(label) ?? []), income]);
      }
      gauge.reset();
      const set = (market: string, income: Income): void => {
        for (const part of INCOME_PARTS) gauge.set({ market, part }, moneyNumber(income[part]));
      };
      set('all', all);
      for (const [label, items] of byLabel) set(label, sumIncome(items));
    },
  });
}
