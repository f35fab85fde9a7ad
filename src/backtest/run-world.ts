/**
 * A backtest run's world (run-backtest.ts): the synthetic catalog of `markets` markets from the
 * seed (fees as set; a venue world's catalog with `settings.venue`), the markets that end within
 * the run (run-ends.ts), the simulator's matching exchange on a FakeClock, the backtested account,
 * and each market's metadata as the daemon reads it from the catalog's listings.
 */
import { FakeClock } from '../clock/fake-clock.js';
import { toMarketMeta } from '../market/market-metadata.js';
import type { MarketMeta } from '../market/market-view.js';
import type { AccountIdentity } from '../portfolio/fill-attribution.js';
import { createCatalogLookup, generateCatalog } from '../sim/catalog/index.js';
import type { SimAccount } from '../sim/contracts.js';
import { createSimExchange, type SimExchangeRetention } from '../sim/exchange/index.js';
import { generateVenueCatalog } from '../sim/world/venue-catalog.js';
import { createCatalogApi } from '../sim/server/catalog-api.js';
import { operatorAccount, operatorCredentials } from '../sim/server/operator-account.js';
import { scheduleRunEnds } from './run-ends.js';
import type { RunInput } from './run-contract.js';

export type RunWorld = ReturnType<typeof buildRunWorld>;

/**
 * What the run's exchange remembers. A run reads only the account's newest trades (every step:
 * run-backtest.ts collectFills) and never the execution history, closed orders or anyone else's
 * trades, which the simulator's defaults keep by the hundred thousand (memory and garbage-collector
 * work for nothing, in every worker).
 */
const BACKTEST_RETENTION: SimExchangeRetention = {
  executions: 1_000,
  closedOrdersPerAccount: 1_000,
  tradesPerAccount: 1_000,
  operatorHistoryOnly: true,
};

export function buildRunWorld(input: RunInput) {
  const { settings } = input;
  const seed = String(input.seed);
  const catalogOptions = {
    seed,
    markets: settings.markets,
    fee: { ...settings.fee },
    ...(settings.rewards === undefined ? {} : { rewards: settings.rewards }),
  };
  const venue =
    settings.venue === undefined
      ? undefined
      : generateVenueCatalog({ ...catalogOptions, kind: settings.venue.kind, keepFee: settings.venue.feeOverride });
  const generated = venue?.catalog ?? generateCatalog(catalogOptions);
  const given = input.catalog === undefined ? generated : input.catalog(generated);
  const clock = new FakeClock(given.epochMs);
  const startMs = clock.now();
  // --ends-every: markets end within the run, with end dates the listings show (run-ends.ts).
  const endSchedule = scheduleRunEnds(given, startMs, settings.ends);
  const catalog = endSchedule?.catalog ?? given;
  const endMs = startMs + Math.round(settings.hours * 3_600_000);
  // The venue's book-based tick rule is off: the flow switches the tick from its fair value.
  const exchange = createSimExchange({ clock, catalog: createCatalogLookup(catalog), autoTick: false, retention: BACKTEST_RETENTION });
  const account: SimAccount = operatorAccount(operatorCredentials(`backtest:${seed}`));
  const identity: AccountIdentity = { address: account.address, apiKey: account.apiKey };
  const catalogApi = createCatalogApi(catalog, exchange, [account]);
  /** A market's metadata as the daemon makes it from the listings, now (closed, tick, fees). */
  const metaOf = (conditionId: string): MarketMeta => {
    const clob = catalogApi.clobMarket(conditionId);
    const market = catalogApi.market(conditionId);
    const fee = catalogApi.feeRate(`${conditionId}:0`);
    if (clob === undefined || market === undefined || fee === undefined)
      throw new Error(`backtest: market ${conditionId} is not in the catalog`);
    return toMarketMeta(clob, market, fee, clock.now());
  };
  return { seed, venue, catalog, clock, startMs, endMs, endSchedule, exchange, account, identity, metaOf };
}
