/**
 * The quotes the selector's reward ranking assumes (reward-ranking.ts): the reward-aware quoting
 * stage's own when it is enabled (src/rewards/reward-quoting.ts places the scoring quotes of a
 * live run), else today's fixed assumption, which the strategy's own quotes may or may not meet.
 *
 * With the stage enabled: size = the stage's scoringSize (min_size × sizeMultiple rounded up to the
 * size step), at least the book's minimum order size, at spreadFraction × max_spread
 * from the adjusted midpoint. The stage never makes a quote larger than `maxSize` to score, nor one
 * that, filled whole from a flat position, takes |exposure| beyond `maxInventory`: a market whose
 * scoring size is above either is one the stage leaves alone, so it earns no reward (`blocked`).
 * With the stage off (or not given): max(min_size, the book's minimum order size) at max_spread / 2.
 */
import { Decimal } from '../money.js';
import { scoringSize } from '../rewards/reward-quoting.js';
import type { RewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import type { RewardRules } from '../rewards/index.js';
import { SIZE_STEP } from './market-metadata.js';

/** What the ranking needs of the configured stage's settings (the strategy's `params.rewards`). */
export type RewardStageLimits = Pick<RewardQuotingSettings, 'enabled' | 'spreadFraction' | 'sizeMultiple' | 'maxSize' | 'maxInventory'>;

export interface AssumedQuote {
  /** Shares of each of the two quotes. */
  readonly size: Decimal;
  /** Distance from the adjusted midpoint, price units. */
  readonly distance: Decimal;
  /** Why the stage would not place the quote (then the market earns no reward); undefined: it would. */
  readonly blocked: string | undefined;
}

const HALF = new Decimal('0.5');
const CENTS = new Decimal(100);

/** The quotes assumed for a market with `rules` whose books need at least `minOrderSize` an order. */
export function assumedQuote(rules: RewardRules, minOrderSize: Decimal, stage: RewardStageLimits | undefined): AssumedQuote {
  const v = rules.maxSpreadCents.div(CENTS);
  if (stage === undefined || !stage.enabled)
    return { size: Decimal.max(rules.minSize, minOrderSize), distance: v.mul(HALF), blocked: undefined };
  const scaled = scoringSize(rules.minSize, stage.sizeMultiple, SIZE_STEP);
  const size = Decimal.max(scaled, minOrderSize);
  const what = sizeText(size, rules.minSize, stage.sizeMultiple, scaled);
  // The stage checks its size bound before the exposure one: the reason names the first it meets.
  const blocked = size.gt(stage.maxSize)
    ? `${what} above rewards.maxSize ${stage.maxSize.toFixed()}`
    : size.gt(stage.maxInventory)
      ? `${what} above rewards.maxInventory ${stage.maxInventory.toFixed()}`
      : undefined;
  return { size, distance: v.mul(stage.spreadFraction), blocked };
}

/** The scoring size as the reason names it: `min_size 200`, or how it came to differ from min_size. */
function sizeText(size: Decimal, minSize: Decimal, multiple: Decimal, scaled: Decimal): string {
  if (size.eq(minSize)) return `min_size ${minSize.toFixed()}`;
  const from = size.gt(scaled)
    ? "the book's minimum order size"
    : `min_size ${minSize.toFixed()} × rewards.sizeMultiple ${multiple.toFixed()}`;
  return `scoring size ${size.toFixed()} (${from})`;
}
