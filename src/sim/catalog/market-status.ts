/**
 * Where a market stands in its life while the simulator runs (src/sim/ends): open (no entry),
 * closed at its end, then resolved to one outcome. The catalog is frozen (one seed, one catalog),
 * so the status is kept beside it, by market, as the rewards overrides are, and every builder of
 * a venue answer reads it through `statusOf`.
 */
import type { CatalogMarket } from './catalog-model.js';

export interface MarketStatus {
  /** The market stopped accepting orders at its end. */
  readonly closed: boolean;
  /** Each token's price when it closed (decimal text), shown until it resolves; undefined: unknown. */
  readonly closingPrices?: readonly [string, string] | undefined;
  /** The winning outcome's index once the market resolved. */
  readonly winner?: 0 | 1 | undefined;
}

const OPEN: MarketStatus = Object.freeze({ closed: false });

const statuses = new WeakMap<CatalogMarket, MarketStatus>();

/** The market's status now (open unless it ended). */
export function statusOf(m: CatalogMarket): MarketStatus {
  return statuses.get(m) ?? OPEN;
}

export function setMarketStatus(m: CatalogMarket, status: MarketStatus): void {
  statuses.set(m, Object.freeze({ ...status }));
}
