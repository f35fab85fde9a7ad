/**
 * A market's liquidity-reward terms (venue-api.md 2.5 `rewards`), parsed once into Decimals.
 * `parseRewardRules` says why a rewards object is unusable instead of guessing: a malformed object
 * means "quote as if the market paid nothing", and the caller counts and logs it once.
 */
import { shownValue } from '../errors.js';
import { Decimal, parseDecimal, ZERO } from '../money.js';

/** What design.md §7 needs to score a market's orders and to price its day. */
export interface RewardRules {
  /** `max_spread`, in cents: orders farther than this from the adjusted midpoint score 0. */
  readonly maxSpreadCents: Decimal;
  /** `min_size`, in shares: smaller orders score 0, smaller levels are ignored by the midpoint. */
  readonly minSize: Decimal;
  /** The sum of `rates[].rewards_daily_rate`: what the market pays out per UTC day. */
  readonly dailyRate: Decimal;
  /** The in-game multiplier `b` (1 unless a market says otherwise). */
  readonly multiplier: Decimal;
}

export type RewardRulesResult =
  | { readonly kind: 'paying'; readonly rules: RewardRules }
  | { readonly kind: 'none' }
  | { readonly kind: 'malformed'; readonly reason: string };

const ONE = new Decimal(1);

function nonNegative(value: unknown, what: string): Decimal | string {
  const d = typeof value === 'number' || typeof value === 'string' ? parseDecimal(value) : undefined;
  if (d === undefined) return `${what} is ${value === undefined ? 'missing' : shownValue(value)}, not a number`;
  if (d.lt(ZERO)) return `${what} is ${d.toFixed()}, below 0`;
  return d;
}

/**
 * Reads a `rewards` object. `none` when the market pays nothing (no rates, a zero rate, or a zero
 * `max_spread`/`min_size`, which is how the venue marks non-sampling markets); `malformed` with a
 * reason naming the field when it cannot be read.
 */
export function parseRewardRules(rewards: unknown, multiplier: Decimal = ONE): RewardRulesResult {
  if (rewards === undefined || rewards === null) return { kind: 'none' };
  if (typeof rewards !== 'object' || Array.isArray(rewards)) {
    return { kind: 'malformed', reason: `rewards is ${shownValue(rewards)}, not an object` };
  }
  const r = rewards as Record<string, unknown>;
  const maxSpread = nonNegative(r.max_spread, 'rewards.max_spread');
  if (typeof maxSpread === 'string') return { kind: 'malformed', reason: maxSpread };
  const minSize = nonNegative(r.min_size, 'rewards.min_size');
  if (typeof minSize === 'string') return { kind: 'malformed', reason: minSize };
  if (!Array.isArray(r.rates))
    return { kind: 'malformed', reason: `rewards.rates is ${r.rates === undefined ? 'missing' : shownValue(r.rates)}, not an array` };
  let dailyRate = ZERO;
  for (const [i, rate] of r.rates.entries()) {
    const value = rate !== null && typeof rate === 'object' ? (rate as Record<string, unknown>).rewards_daily_rate : undefined;
    const d = nonNegative(value, `rewards.rates[${i}].rewards_daily_rate`);
    if (typeof d === 'string') return { kind: 'malformed', reason: d };
    dailyRate = dailyRate.add(d);
  }
  if (dailyRate.isZero() || maxSpread.isZero() || minSize.isZero()) return { kind: 'none' };
  return { kind: 'paying', rules: { maxSpreadCents: maxSpread, minSize, dailyRate, multiplier } };
}
