/**
 * The market stage's public surface: what other stages (metrics, trading, main) may read.
 * Import from here, not from the files behind it.
 */
export { BookPoller, type BookSource, type MarketSnapshot, type PollerOptions, type PollerStats, type UnusableReason } from './poller.js';
export { bookProblem, toBookView, type BookLevel, type BookProblem, type BookView } from './book-view.js';
export { discoverTokens, type MarketCatalog } from './discover-tokens.js';
