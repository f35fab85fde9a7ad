/**
 * A market's trading state, and the one ordering every part of the risk gate combines them by.
 *
 *   ACTIVE    quote normally, inside every limit;
 *   REDUCING  only orders that bring the market's net exposure toward zero;
 *   HALTED    cancel everything, place nothing.
 *
 * Several things can each ask for a state (the operator's configuration, the kill switch, the
 * limits themselves, the portfolio's loss limits); the one that applies is always the worst of
 * them, so no source can loosen what another has tightened.
 */
export type TradingState = 'ACTIVE' | 'REDUCING' | 'HALTED';

/** Every state, from the most permissive to the most restrictive. */
export const TRADING_STATES: readonly TradingState[] = ['ACTIVE', 'REDUCING', 'HALTED'];

const RANK: Readonly<Record<TradingState, number>> = { ACTIVE: 0, REDUCING: 1, HALTED: 2 };

/** 0 for ACTIVE, 1 for REDUCING, 2 for HALTED (also the value of the state gauge). */
export function stateRank(state: TradingState): number {
  return RANK[state];
}

/** Negative when `a` is less restrictive than `b`, 0 when equal, positive when more. */
export function compareStates(a: TradingState, b: TradingState): number {
  return RANK[a] - RANK[b];
}

/** The most restrictive of the given states (undefined entries ignored); ACTIVE when none. */
export function worstState(...states: readonly (TradingState | undefined)[]): TradingState {
  let worst: TradingState = 'ACTIVE';
  for (const s of states) if (s !== undefined && RANK[s] > RANK[worst]) worst = s;
  return worst;
}

/** The more restrictive of `a` and `b` (undefined ignored): worstState without its argument array, for every evaluation. */
export function worseState(a: TradingState, b: TradingState | undefined): TradingState {
  return b !== undefined && RANK[b] > RANK[a] ? b : a;
}

export function isTradingState(value: unknown): value is TradingState {
  return value === 'ACTIVE' || value === 'REDUCING' || value === 'HALTED';
}
