/**
 * What makerd estimates it earns in liquidity rewards (src/rewards/reward-estimator.ts), per
 * configured market, read at scrape time: its score and share at the last one-minute sample, the
 * estimated USDC (a counter, and the UTC day's figure as a gauge), malformed `rewards` objects,
 * and the one-minute samples missed (src/trading/reward-sampler.ts). Apart from the PnL series on purpose: an estimate is not money received.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { moneyNumber } from '../money.js';
import type { MarketRewardEstimate } from '../rewards/reward-estimator.js';
import { cumulative } from './cumulative.js';

export interface RewardMetricsSource {
  readonly estimates: () => readonly MarketRewardEstimate[];
  /** Malformed `rewards` objects seen per market (once per market and reason). */
  readonly malformed: () => ReadonlyMap<string, number>;
  /** Minutes whose sample was missed, per market (RewardSampler.missed); absent: none exported. */
  readonly missed?: () => ReadonlyMap<string, number>;
  /** The configured markets: exported at 0 from start-up, before their first sample. */
  readonly markets?: () => Iterable<string>;
}

export function registerRewardMetrics(registry: Registry, src: RewardMetricsSource): void {
  let refresh: () => void = () => {};
  // First registered: its collect() refreshes every series below before they are serialized.
  const score = new Gauge({
    name: 'makerd_reward_score',
    help: "makerd's liquidity-reward score Q_min at the last one-minute sample, by market (0 when not estimated)",
    labelNames: ['market'],
    registers: [registry],
    collect() {
      refresh();
    },
  });
  const share = new Gauge({
    name: 'makerd_reward_share',
    help: "makerd's estimated share (0..1) of the market's rewards at the last one-minute sample",
    labelNames: ['market'],
    registers: [registry],
  });
  const today = new Gauge({
    name: 'makerd_rewards_estimated_today_usdc',
    help: 'Estimated liquidity rewards of the current UTC day so far, USDC (sum of shares / 1440 x daily rate); not in any PnL',
    labelNames: ['market'],
    registers: [registry],
  });
  const addEstimated = cumulative(
    new Counter({
      name: 'makerd_rewards_estimated_usdc_total',
      help: 'Estimated liquidity rewards, USDC, by market (share x daily rate / 1440 per sample); not in any PnL',
      labelNames: ['market'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addMalformed = cumulative(
    new Counter({
      name: 'makerd_reward_rules_malformed_total',
      help: "Markets' rewards objects that could not be read (counted once per market and reason); such a market is not estimated",
      labelNames: ['market'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addMissed = cumulative(
    new Counter({
      name: 'makerd_reward_samples_missed_total',
      help: "Minutes whose reward sample makerd missed, by market (late timer, book missing or stale, rules unknown, an error); each counts 0 in the day's estimate",
      labelNames: ['market'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  refresh = () => {
    score.reset();
    share.reset();
    today.reset();
    // One figure per market and scrape (cumulative() adds what a total grew by since the last call).
    const accrued = new Map<string, number>();
    const malformed = new Map<string, number>();
    const missed = new Map<string, number>();
    for (const market of src.markets?.() ?? []) {
      for (const g of [score, share, today]) g.set({ market }, 0);
      accrued.set(market, 0);
      malformed.set(market, 0);
      missed.set(market, 0);
    }
    for (const e of src.estimates()) {
      const labels = { market: e.market };
      score.set(labels, Number(e.score.toFixed()));
      share.set(labels, Number(e.share.toFixed()));
      today.set(labels, moneyNumber(e.today));
      accrued.set(e.market, moneyNumber(e.accrued));
    }
    for (const [market, n] of src.malformed()) malformed.set(market, n);
    for (const [market, total] of accrued) addEstimated({ market }, total);
    for (const [market, n] of malformed) addMalformed({ market }, n);
    for (const [market, n] of src.missed?.() ?? []) missed.set(market, n);
    for (const [market, n] of missed) addMissed({ market }, n);
  };
}
