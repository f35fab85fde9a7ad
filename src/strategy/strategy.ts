/**
 * The strategy contract. A strategy is a pure, synchronous function from a market view, its
 * parameters and its own state to the quotes it wants, in outcome-0 space: bids (buy outcome 0)
 * and asks (sell outcome 0). Every price and size it returns is exact and on the market's grid:
 * prices rounded to the tick away from the touch and clamped to [tick, 1 - tick], sizes multiples
 * of the size step and at least the minimum size. Internal model quantities (log-odds, volatility)
 * may be plain numbers; money never is.
 *
 * The engine (src/strategy/legs.ts) maps each quote onto a token order: a bid is BUY outcome 0
 * at p, or SELL outcome 1 at 1 - p when that much outcome 1 is held; an ask is SELL outcome 0 at p
 * when held, else BUY outcome 1 at 1 - p. So no strategy regroups tokens and none sells what the
 * account does not hold.
 */
import type { Decimal } from '../money.js';
import type { MarketView } from '../market/market-view.js';

export type QuoteSide = 'bid' | 'ask';

export interface Quote {
  readonly side: QuoteSide;
  /** Outcome-0 price, on the tick, in [tick, 1 - tick]. */
  readonly price: Decimal;
  /** Shares, a multiple of the size step, >= the minimum order size. */
  readonly size: Decimal;
}

export interface StrategyOutput<S> {
  /** Everything the strategy wants resting now; an empty list pulls the market's quotes. */
  readonly quotes: readonly Quote[];
  readonly state: S;
  /** Why nothing is quoted (e.g. 'no-midpoint'), for logs and metrics; bounded set of words. */
  readonly idleReason?: string;
}

/**
 * The range `makerd tune` searches a number or decimal parameter over when no search-space file
 * names it (src/tune): inside the rule's own bounds, which are often open-ended; `log`: values
 * spread evenly in log scale (for a parameter whose effect is by ratio, such as a size).
 */
export interface SearchRange {
  readonly min: number;
  readonly max: number;
  readonly log?: boolean;
}

/** One parameter's rule; validation errors name market, parameter, value and rule. */
export type ParamRule =
  | {
      readonly type: 'number';
      readonly min?: number;
      readonly max?: number;
      readonly exclusiveMin?: boolean;
      readonly integer?: boolean;
      readonly default?: number;
      readonly doc: string;
      readonly unit?: string;
      readonly search?: SearchRange;
    }
  | {
      readonly type: 'decimal';
      readonly min?: string;
      readonly max?: string;
      readonly exclusiveMin?: boolean;
      readonly default?: string;
      readonly doc: string;
      readonly unit?: string;
      readonly search?: SearchRange;
    }
  | { readonly type: 'boolean'; readonly default?: boolean; readonly doc: string }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly default?: string; readonly doc: string }
  | {
      readonly type: 'list';
      readonly item: Readonly<Record<string, ParamRule>>;
      readonly minItems?: number;
      readonly default?: readonly unknown[];
      readonly doc: string;
    };

export type ParamSchema = Readonly<Record<string, ParamRule>>;

export interface Strategy<P = unknown, S = unknown> {
  /** The name config uses; equals the file name in strategies/ without extension. */
  readonly name: string;
  readonly description: string;
  readonly params: ParamSchema;
  /**
   * The strategy's defaults for the adverse-selection guards (src/guard/guard-settings.ts keys,
   * raw config values); the operator's `params.guards` override them key by key.
   */
  readonly guardDefaults?: Readonly<Record<string, unknown>>;
  /** Likewise for the reward-aware quoting stage (`params.rewards`, src/rewards/reward-quoting-settings.ts). */
  readonly rewardDefaults?: Readonly<Record<string, unknown>>;
  /**
   * The strategy quotes with the view's fitted taker-arrival intensity (MarketView.intensity) when
   * it is trusted, else with its configured values: the daemon counts and logs that fallback for it.
   */
  readonly readsFlowIntensity?: boolean;
  /**
   * Turns raw, already schema-checked parameters (numbers, Decimals for 'decimal' rules, lists of
   * objects) into the strategy's typed parameters; throws Error(message naming the parameter and
   * rule) for cross-field rules (e.g. min <= avg <= max).
   */
  parse(raw: Readonly<Record<string, unknown>>): P;
  initialState(params: P): S;
  quote(view: MarketView, params: P, state: S): StrategyOutput<S>;
}

/** A quote mapped onto one token: what the risk gate checks and the executor places. */
export interface OrderIntent {
  readonly conditionId: string;
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly size: Decimal;
  /** The outcome-0 quote it expresses: a bid adds to net exposure, an ask takes from it. */
  readonly quoteSide: QuoteSide;
}
