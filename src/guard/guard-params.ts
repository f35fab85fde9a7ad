/**
 * A market's quoting parameters as configured: the strategy's own (`params`, checked against its
 * schema) and the guards' (`params.guards`, guard-settings.ts, over the strategy's defaults).
 * One entry point for start-up, `check-config`, SIGHUP and the backtester, so every path refuses
 * the same values with the same message.
 */
import { parseStrategyParams } from '../strategy/param-schema.js';
import type { Strategy } from '../strategy/strategy.js';
import { type GuardSettings, parseGuardSettings } from './guard-settings.js';

export interface QuotingParams {
  readonly params: unknown;
  readonly guards: GuardSettings;
}

export function parseQuotingParams(strategy: Strategy, raw: unknown, where: string): QuotingParams {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !Object.hasOwn(raw, 'guards')) {
    return { params: parseStrategyParams(strategy, raw, where), guards: parseGuardSettings(undefined, strategy.guardDefaults, where) };
  }
  const { guards, ...rest } = raw as Record<string, unknown>;
  return { params: parseStrategyParams(strategy, rest, where), guards: parseGuardSettings(guards, strategy.guardDefaults, where) };
}
