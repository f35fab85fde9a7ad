/**
 * The guard stage between strategy and legs, the one path the daemon's trading loop and the
 * backtester share: the guards learn from the view, the strategy quotes around the fair value the
 * guards choose (the midpoint or the microprice), and the guards pull or widen what it wants.
 * A strategy that throws, or a guard that throws, pulls the market's quotes (`failed` says which
 * and the caller counts it); neither ever takes the process down.
 */
import type { MarketView } from '../market/market-view.js';
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
}

export function quoteGuarded(
  view: MarketView,
  strategy: Strategy,
  params: unknown,
  state: unknown,
  guard: MarketGuard | undefined,
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
  if (guard === undefined || !guard.settings.enabled || out.quotes.length === 0)
    return { quotes: out.quotes, state: out.state, idleReason: out.idleReason, events, failed: undefined };
  try {
    const quotes = guard.apply(out.quotes, view.meta.tickSize, view.nowMs);
    return { quotes, state: out.state, idleReason: quotes.length === 0 ? 'guarded' : out.idleReason, events, failed: undefined };
  } catch (error) {
    guard.clearShifts();
    return { quotes: [], state: out.state, idleReason: undefined, events, failed: { stage: 'guard', error } };
  }
}
