export { parseRewardRules, type RewardRules, type RewardRulesResult } from './reward-rules.js';
export {
  type AccountScore,
  adjustedMidpoint,
  oneSidedScores,
  orderScore,
  type RewardLevel,
  type RewardMidpoints,
  type RewardOutcome,
  type RewardSide,
  type ScoredOrder,
  sampleShares,
  scoreSample,
  twoSidedScore,
} from './reward-score.js';
export { creditedAmount, dayReward, RewardDay, SAMPLE_INTERVAL_MS, SAMPLES_PER_DAY, sampleSlotOf, utcDayOf } from './reward-day.js';
