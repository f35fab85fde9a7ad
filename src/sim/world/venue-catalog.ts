/**
 * The venue world's catalog: the synthetic catalog (src/sim/catalog) with each market's reward
 * terms and fee schedule replaced by the ones its traits drew (venue-traits.ts), and enough maker
 * users for the busiest markets' competition. Everything else — events, titles, ticks, initial
 * fair values — is the catalog's.
 */
import { generateCatalog, rewardsOfTerms, type CatalogOptions, type SimCatalog } from '../catalog/index.js';
import type { MarketKind } from './market-kinds.js';
import { drawVenueTraits, type MarketTraits } from './venue-traits.js';
import { VENUE_WORLD } from './venue-world-params.js';

export interface VenueCatalog {
  readonly catalog: SimCatalog;
  /** Each market's traits, in catalog order. */
  readonly traits: readonly MarketTraits[];
}

const NO_REWARDS = { dailyRate: 0, maxSpread: 0, minSize: 0 };

export interface VenueCatalogOptions extends CatalogOptions {
  readonly kind?: MarketKind | undefined;
  /** true: every market keeps the catalog's fee schedule (`fee`) instead of its drawn one. */
  readonly keepFee?: boolean | undefined;
}

export function generateVenueCatalog(options: VenueCatalogOptions): VenueCatalog {
  const { kind, keepFee, ...catalogOptions } = options;
  const base = generateCatalog({ ...catalogOptions, makers: Math.max(options.makers ?? 0, VENUE_WORLD.makersMax + 2) });
  const seed = String(options.seed);
  const traits = drawVenueTraits(base.markets, { seed, kind, payingShare: options.samplingShare ?? 0.5 });
  const markets = base.markets.map((m, i) => {
    const t = traits[i]!;
    // Rewards given explicitly (a backtest's --reward-* terms) win over the drawn ones.
    const rewards = options.rewards !== undefined ? m.rewards : rewardsOfTerms(t.rewards ?? NO_REWARDS);
    return Object.freeze({ ...m, rewards, fee: keepFee === true ? m.fee : Object.freeze({ ...t.fee }) });
  });
  return { catalog: Object.freeze({ ...base, markets: Object.freeze(markets) }) as SimCatalog, traits };
}
