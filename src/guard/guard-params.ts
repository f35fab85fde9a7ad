/**
 * A market's quoting parameters as configured: the strategy's own (`params`, checked against its
 * schema) and the guards' (`params.guards`, guard-settings.ts, over the strategy's defaults).
 * One entry point for start-up, `check-config`, SIGHUP and the backtester, so every path refuses
 * the same values with the same message.
 */
import type { Decimal } from '../money.js';
import { parseStrategyParams } from '../strategy/param-schema.js';
import type { Strategy } from '../strategy/strategy.js';
import { type GuardSettings, parseGuardSettings } from './guard-settings.js';
import type { GuardFill } from './guard-events.js';

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

/**
 * A fill of one of our orders in outcome-0 space: buying outcome 0 at p or selling outcome 1 at
 * 1 - p is a bid at p; selling outcome 0 or buying outcome 1 is an ask.
 */
export function guardFillOf(outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, atMs: number): GuardFill {
  const bid = (outcomeIndex === 0) === (side === 'BUY');
  return { side: bid ? 'bid' : 'ask', price: outcomeIndex === 0 ? price : price.neg().plus(1), atMs };
}
