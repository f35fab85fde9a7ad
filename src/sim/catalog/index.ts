/** The synthetic catalog's public surface: generation, lookups and the venue-shaped builders. */
export * from './catalog-model.js';
export { generateCatalog, type CatalogOptions, type RewardTerms, rewardsOfTerms } from './generate-catalog.js';
export { indexOf, resolveCreator, eventsInScope, type CatalogIndex } from './catalog-index.js';
export { createCatalogLookup, syntheticAccounts, makerUsers, takerUsers } from './catalog-lookup.js';
export * from './market-builders.js';
export { statusOf, setMarketStatus, type MarketStatus } from './market-status.js';
export * from './event-builders.js';
export { search, type SearchQuery } from './search.js';
export * from './leaderboard.js';
export * from './comment-builders.js';
export { DEFAULT_EPOCH_MS } from './catalog-ids.js';
