/**
 * The income row: what makerd earns counted whole (`makerd_income_usdc`, src/portfolio/income.ts),
 * one figure beside its parts. The parts split realized PnL (trading, settlement, rebates) and add
 * unrealized and the rewards beside it, each once: `total` is their sum, never summed again here.
 */
import { I, M, timeseries } from './panels.mjs';

/** @type {{ title: string, panels: import('./panels.mjs').P[] }[]} */
export const INCOME_ROWS = [
  {
    title: 'Income (counted whole)',
    panels: [
      timeseries(
        'Income by part (all markets)',
        '`makerd_income_usdc{market="all"}` by part: trading (closing gains − fees), settlement, rebates (the three make realized PnL), unrealized, rewards_estimated (UTC day under way), rewards_credited (completed days), and total, their sum.',
        [{ expr: `sum by (part) (makerd_income_usdc{${I}, market="all"})`, legend: '{{part}}' }],
        { w: 12, unit: 'currencyUSD' },
      ),
      timeseries(
        'Income by market',
        '`makerd_income_usdc{part="total"}` per configured market (`other`: markets no longer configured): PnL total + liquidity rewards.',
        [{ expr: `sum by (market) (makerd_income_usdc{${I}, ${M}, market!="all", part="total"})`, legend: '{{market}}' }],
        { w: 12, unit: 'currencyUSD' },
      ),
    ],
  },
];
