/**
 * Rewards terms changed at runtime (`POST /_sim/rewards/rules`). The catalog is frozen (one seed,
 * one catalog), so a change is kept beside it, by market, and every builder of a venue answer
 * reads a market's rewards through `rewardsOf`.
 */
import type { Rewards } from '../../venue/types.js';
import type { CatalogMarket } from './catalog-model.js';

const overrides = new WeakMap<CatalogMarket, Rewards>();

/** The market's rewards as served now: the last change, else the catalog's. */
export function rewardsOf(m: CatalogMarket): Rewards {
  return overrides.get(m) ?? m.rewards;
}

export function overrideRewards(m: CatalogMarket, rewards: Rewards): void {
  overrides.set(m, rewards);
}
