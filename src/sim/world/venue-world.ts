/**
 * The venue world put together: its catalog (venue-catalog.ts), each market's model, the past
 * hours back-filled into the public tape and price history (backfill.ts), and the live flow that
 * takes over from where the past ended (venue-flow.ts).
 */
import type { Clock } from '../../clock/clock.js';
import type { SimCatalog } from '../catalog/catalog-model.js';
import type { SimExchange } from '../contracts.js';
import type { MarketEnd } from '../ends/market-end.js';
import type { OrderFlow } from '../flow/flow-contract.js';
import type { SimHistory } from '../history/index.js';
import { SimRng } from '../rng.js';
import { backfillVenue } from './backfill.js';
import { createVenueFlow } from './venue-flow.js';
import { createVenueModels } from './venue-models.js';
import type { MarketTraits } from './venue-traits.js';

export interface VenueFlowInput {
  readonly clock: Clock;
  readonly exchange: SimExchange;
  readonly catalog: SimCatalog;
  readonly traits: readonly MarketTraits[];
  readonly seed: string;
  readonly stepMs?: number | undefined;
  readonly tickRule?: 'venue' | 'fair' | undefined;
  /** Where the past goes; undefined: no past (a backtest starts from the catalog's fair values). */
  readonly history?: SimHistory | undefined;
  /** Hours of past (default 24). */
  readonly pastHours?: number | undefined;
  /** Markets that end within the run, by condition id (src/sim/ends). */
  readonly ends?: ReadonlyMap<string, MarketEnd> | undefined;
}

export function venueFlow(input: VenueFlowInput): OrderFlow {
  const models = createVenueModels(input.catalog, input.traits, input.seed);
  if (input.history !== undefined) {
    const past = backfillVenue({ catalog: input.catalog, models, endMs: input.clock.now(), hours: input.pastHours, seed: input.seed });
    for (const m of past) {
      input.history.addPastTrades(m.trades);
      input.history.seedPrices(m.conditionId, m.startSec, m.stepSec, m.prices);
    }
  }
  return createVenueFlow({
    clock: input.clock,
    exchange: input.exchange,
    catalog: input.catalog,
    models,
    accounts: new SimRng(`venue-accounts:${input.seed}`),
    stepMs: input.stepMs,
    tickRule: input.tickRule,
    ends: input.ends,
  });
}
