/**
 * Each venue-world market's model (venue-market-model.ts), at the catalog's initial fair value,
 * with its random streams forked from `venue-flow:<seed>` per market and purpose.
 */
import type { SimCatalog } from '../catalog/catalog-model.js';
import { SimRng } from '../rng.js';
import { VenueMarketModel } from './venue-market-model.js';
import type { MarketTraits } from './venue-traits.js';

export function createVenueModels(catalog: SimCatalog, traits: readonly MarketTraits[], seed: string): Map<string, VenueMarketModel> {
  const root = new SimRng(`venue-flow:${seed}`);
  const byId = new Map(traits.map((t) => [t.conditionId, t]));
  const models = new Map<string, VenueMarketModel>();
  for (const market of catalog.markets) {
    const t = byId.get(market.conditionId);
    if (t === undefined) continue;
    const rng = root.fork(`market:${market.conditionId}`);
    models.set(
      market.conditionId,
      new VenueMarketModel(t, Number(market.initialFair), Number(market.tickSize), Number(market.minOrderSize), {
        walk: rng.fork('walk'),
        news: rng.fork('news'),
        takers: rng.fork('takers'),
      }),
    );
  }
  return models;
}
