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
export {
  estimateSample,
  OTHERS_ACCOUNT,
  OWN_ACCOUNT,
  type OwnRestingOrder,
  type SampleEstimate,
  type VisibleBook,
} from './reward-estimate.js';
export {
  type EstimateDayState,
  type MarketObservation,
  type MarketRewardEstimate,
  RewardEstimator,
  type RewardEstimatorOptions,
} from './reward-estimator.js';
export { type MissEpisode, MissedSamples } from './missed-samples.js';
