/**
 * The venue's resources with the seed's field names and JSON types (venue-api.md section 2 and
 * design.md section 3). Money-bearing strings stay strings here; code that computes with them
 * parses them into Decimal (see src/money.ts). One file a group under types/; this one gathers them,
 * so that importers need not know which.
 */
export * from './types/books.js';
export * from './types/catalog.js';
export * from './types/markets.js';
export * from './types/orders.js';
export * from './types/paging.js';
