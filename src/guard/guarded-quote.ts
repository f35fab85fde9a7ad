/**
 * The guard stage between strategy and legs, the one path the daemon's trading loop and the
 * backtester share: the guards learn from the view, the strategy quotes around the fair value the
 * guards choose (the midpoint or the microprice), the reward-aware stage keeps a scoring quote per
 * side where the market pays (src/rewards/reward-quoting.ts; before the guards, so a guard's pull
 * or widening wins), and the guards pull or widen what they get.
 * A strategy that throws, or a guard that throws, pulls the market's quotes (`failed` says which
 * and the caller counts it); neither ever takes the process down. The reward stage failing leaves
 * the strategy's quotes as they are (`rewardsFailed`): the market is quoted as without it.
 */
import type { MarketView } from '../market/market-view.js';
import { rewardQuotes } from '../rewards/reward-quoting.js';
import type { RewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import type { Quote, Strategy } from '../strategy/strategy.js';
import { fairValue } from './fair-value.js';
import type { GuardEvent } from './guard-events.js';
import type { MarketGuard } from './market-guard.js';

export interface GuardedQuotes {
  readonly quotes: readonly Quote[];
  /** The strategy's next state (the old one when it failed). */
  readonly state: unknown;
  readonly idleReason: string | undefined;
  readonly events: readonly GuardEvent[];
  readonly failed: { readonly stage: 'strategy' | 'guard'; readonly error: unknown } | undefined;
  /** The reward-aware stage threw (the strategy's quotes were used as they were). */
  readonly rewardsFailed?: unknown;
}

export function quoteGuarded(
  view: MarketView,
  strategy: Strategy,
  params: unknown,
  state: unknown,
  guard: MarketGuard | undefined,
  rewards?: RewardQuotingSettings | undefined,
): GuardedQuotes {
  let events: readonly GuardEvent[] = [];
  let seen = view;
  if (guard?.settings.enabled) {
    try {
      const fair = fairValue(view, guard.settings.fairValue);
      events = guard.observe(view, fair);
      if (fair !== view.mid) seen = { ...view, mid: fair };
    } catch (error) {
      guard.clearShifts();
      return { quotes: [], state, idleReason: undefined, events, failed: { stage: 'guard', error } };
    }
  }
  let out: ReturnType<Strategy['quote']>;
  try {
    out = strategy.quote(seen, params, state);
  } catch (error) {
    return { quotes: [], state, idleReason: undefined, events, failed: { stage: 'strategy', error } };
  }
  let wanted = out.quotes;
  let rewardsFailed: unknown;
  if (rewards?.enabled === true) {
    try {
      wanted = rewardQuotes(view, wanted, rewards);
    } catch (error) {
      rewardsFailed = error ?? new Error('reward-aware quoting failed');
    }
  }
  if (guard === undefined || !guard.settings.enabled || wanted.length === 0)
    return { quotes: wanted, state: out.state, idleReason: out.idleReason, events, failed: undefined, rewardsFailed };
  try {
    const quotes = guard.apply(wanted, view.meta.tickSize, view.nowMs);
    return {
      quotes,
      state: out.state,
      idleReason: quotes.length === 0 ? 'guarded' : out.idleReason,
      events,
      failed: undefined,
      rewardsFailed,
    };
  } catch (error) {
    guard.clearShifts();
    return { quotes: [], state: out.state, idleReason: undefined, events, failed: { stage: 'guard', error }, rewardsFailed };
  }
}
