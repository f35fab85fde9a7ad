/**
 * The liquidity-rewards row: what makerd estimates it earns (src/rewards/reward-estimator.ts,
 * one sample a minute), kept apart from the PnL rows because an estimate is not money received.
 */
import { I, M, ORANGE, stat, timeseries } from './panels.mjs';

/** @type {{ title: string, panels: import('./panels.mjs').P[] }[]} */
export const REWARD_ROWS = [
  {
    title: 'Liquidity rewards (estimated)',
    panels: [
      timeseries(
        'Reward score by market',
        "`makerd_reward_score`: makerd's Q_min at the last one-minute sample (design.md §7; 0 when the market pays nothing or is not estimated).",
        [{ expr: `max by (market) (makerd_reward_score{${I}, ${M}})`, legend: '{{market}}' }],
        { w: 6, min: 0 },
      ),
      timeseries(
        'Reward share by market',
        "`makerd_reward_share`: makerd's estimated share of the market's rewards at the last sample (others pooled from the visible book: docs/rewards.md).",
        [{ expr: `max by (market) (makerd_reward_share{${I}, ${M}})`, legend: '{{market}}' }],
        { w: 6, unit: 'percentunit', min: 0, max: 1 },
      ),
      timeseries(
        'Estimated rewards per day',
        'USDC per day at the pace of the last hour (`makerd_rewards_estimated_usdc_total`), and the UTC day so far (`makerd_rewards_estimated_today_usdc`, back to 0 at 00:00 UTC).',
        [
          { expr: `sum by (market) (rate(makerd_rewards_estimated_usdc_total{${I}, ${M}}[1h])) * 86400`, legend: 'pace/day: {{market}}' },
          { expr: `sum(makerd_rewards_estimated_today_usdc{${I}, ${M}})`, legend: 'today so far' },
        ],
        { w: 8, unit: 'currencyUSD', min: 0 },
      ),
      stat(
        'Malformed rewards',
        "`makerd_reward_rules_malformed_total`: markets' rewards objects that could not be read (counted once per market and reason; quoted as paying nothing).",
        [{ expr: `sum(makerd_reward_rules_malformed_total{${I}})`, legend: 'malformed' }],
        {
          h: 8,
          steps: [
            { color: 'green', value: null },
            { color: ORANGE, value: 1 },
          ],
        },
      ),
      timeseries(
        'Estimated rewards vs trading PnL (today)',
        "The day's estimated rewards (UTC day, `makerd_rewards_estimated_today_usdc`) beside the day's trading PnL (`makerd_daily_pnl_usdc`, from risk.dayResetHourUtc): two figures, never added into one another.",
        [
          { expr: `sum(makerd_rewards_estimated_today_usdc{${I}})`, legend: 'estimated rewards (UTC day)' },
          { expr: `sum(makerd_daily_pnl_usdc{${I}})`, legend: 'trading PnL (day)' },
        ],
        { w: 20, h: 6, unit: 'currencyUSD' },
      ),
      stat(
        'Market swaps (1 h)',
        '`makerd_selector_swaps_total`: markets the selector moved into (`in`) and out of (`out`) the quoted set in the last hour (selector.by rewards with selector.rerankSec; 0 otherwise). docs/rewards.md, changing markets while running.',
        [{ expr: `sum by (direction) (increase(makerd_selector_swaps_total{${I}}[1h]))`, legend: '{{direction}}' }],
        { w: 4, h: 6 },
      ),
    ],
  },
];
