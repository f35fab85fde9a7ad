/**
 * The reward-aware quoting stage's settings: one flat object under a market's strategy parameters
 * (`strategy.params.rewards`, `markets[i].params.rewards`), checked with the strategy-parameter
 * rules (src/strategy/param-schema.ts) so a bad value gets the same error as the guards', naming
 * the market, `params.rewards.<key>`, the value and the rule. Layered like `params.guards`: the
 * schema's defaults, then the strategy's (`Strategy.rewardDefaults`), then the operator's keys.
 * Off unless `enabled: true`, so a configuration without it quotes exactly as before.
 */
import type { Decimal } from '../money.js';
import { validateParams } from '../strategy/param-schema.js';
import type { ParamSchema } from '../strategy/strategy.js';

export interface RewardQuotingSettings {
  readonly enabled: boolean;
  /** Where a quote the stage places or moves goes: this fraction of `max_spread` from the adjusted midpoint. */
  readonly spreadFraction: Decimal;
  /** A scoring quote holds at least `min_size` × this many shares. */
  readonly sizeMultiple: Decimal;
  /** The stage never makes a quote larger than this to score (a market whose `min_size` needs more is left alone). */
  readonly maxSize: Decimal;
  /** The stage adds or enlarges nothing that, filled whole, takes |net exposure| beyond this. */
  readonly maxInventory: Decimal;
  /** Add the side the strategy left out (one side alone scores a third, outside [0.10, 0.90] nothing). */
  readonly twoSided: boolean;
  /** Keep a resting order that still scores up to this many ticks behind the side's scoring quote (0: off). */
  readonly keepTicks: number;
}

export const REWARD_QUOTING_SCHEMA: ParamSchema = {
  enabled: {
    type: 'boolean',
    default: false,
    doc: "Keep a scoring order on each side where the market pays liquidity rewards (false: the strategy's quotes as they are)",
  },
  spreadFraction: {
    type: 'decimal',
    min: '0',
    exclusiveMin: true,
    max: '0.95',
    default: '0.5',
    unit: 'of max_spread',
    doc: 'Where a quote the stage moves or adds goes: this fraction of max_spread from the adjusted midpoint (it scores (1 - fraction)^2 per share)',
  },
  sizeMultiple: {
    type: 'decimal',
    min: '1',
    max: '100',
    default: '1',
    unit: 'x min_size',
    doc: 'A scoring quote holds at least min_size times this (rounded up to the size step)',
  },
  maxSize: {
    type: 'decimal',
    min: '0',
    exclusiveMin: true,
    default: '200',
    unit: 'shares',
    doc: 'Largest quote the stage makes to score; a market whose min_size needs more is quoted as the strategy wants',
  },
  maxInventory: {
    type: 'decimal',
    min: '0',
    default: '100',
    unit: 'shares',
    doc: 'The stage adds, moves or enlarges no quote that, filled whole, would take |net exposure| beyond this',
  },
  twoSided: {
    type: 'boolean',
    default: true,
    doc: 'Add the side the strategy left out, so that both sides score (one side alone scores a third, and nothing outside [0.10, 0.90])',
  },
  keepTicks: {
    type: 'number',
    integer: true,
    min: 0,
    max: 100,
    default: 0,
    unit: 'ticks',
    doc: "Keep a resting order of ours that still scores, no larger and no nearer the touch than the side's scoring quote and at most this many ticks behind it, in its place (its queue priority kept; 0: always re-price)",
  },
};

/** The reward keys of the strategy parameters (`params.rewards`), checked, defaults applied. */
export function parseRewardQuotingSettings(
  raw: unknown,
  defaults: Readonly<Record<string, unknown>> | undefined,
  where: string,
): RewardQuotingSettings {
  const given = raw === undefined ? {} : raw;
  // Strategy defaults first, then the operator's keys; unknown keys and bad values are refused
  // by the schema check on the merged object.
  const merged = typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...(defaults ?? {}), ...given } : given;
  return validateParams(REWARD_QUOTING_SCHEMA, merged, where, 'params.rewards') as unknown as RewardQuotingSettings;
}
