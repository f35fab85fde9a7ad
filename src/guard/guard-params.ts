/**
 * A market's quoting parameters as configured: the strategy's own (`params`, checked against its
 * schema), the guards' (`params.guards`, guard-settings.ts, over the strategy's defaults) and the
 * reward-aware stage's (`params.rewards`, src/rewards/reward-quoting-settings.ts, likewise).
 * One entry point for start-up, `check-config`, SIGHUP and the backtester, so every path refuses
 * the same values with the same message.
 */
import { type RewardQuotingSettings, parseRewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import { parseStrategyParams } from '../strategy/param-schema.js';
import type { Strategy } from '../strategy/strategy.js';
import { type GuardSettings, parseGuardSettings } from './guard-settings.js';

export interface QuotingParams {
  readonly params: unknown;
  readonly guards: GuardSettings;
  readonly rewards: RewardQuotingSettings;
}

export function parseQuotingParams(strategy: Strategy, raw: unknown, where: string): QuotingParams {
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  if (!isObject || (!Object.hasOwn(raw, 'guards') && !Object.hasOwn(raw, 'rewards'))) {
    return {
      params: parseStrategyParams(strategy, raw, where),
      guards: parseGuardSettings(undefined, strategy.guardDefaults, where),
      rewards: parseRewardQuotingSettings(undefined, strategy.rewardDefaults, where),
    };
  }
  const { guards, rewards, ...rest } = raw as Record<string, unknown>;
  return {
    params: parseStrategyParams(strategy, rest, where),
    guards: parseGuardSettings(guards, strategy.guardDefaults, where),
    rewards: parseRewardQuotingSettings(rewards, strategy.rewardDefaults, where),
  };
}
