/** The simulator's liquidity rewards: per-minute samples, UTC-day credits, the `/_sim/rewards` view. */
export { type MarketSample, sampleMarketDecimal, sampleMarketUnits, type UnitTerms, unitTermsOf } from './market-sample.js';
export {
  type RestingBooks,
  type RewardMarket,
  type RewardRow,
  type RewardTotals,
  SimRewards,
  type SimRewardsOptions,
} from './sim-rewards.js';
export { rewardsSummary, rewardsView } from './rewards-view.js';
