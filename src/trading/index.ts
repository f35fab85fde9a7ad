/** The trading loop's public surface: what main.ts, metrics and tests may use. */
export {
  TradingLoop,
  type MarketBinding,
  type MetadataSource,
  type SkipReason,
  type TradingLoopOptions,
  type TradingLoopStats,
} from './trading-loop.js';
export { BookStore, type StoredBook } from './book-store.js';
export { buildMarketView, type ViewInputs } from './view-builder.js';
export { PositionPoller, type PositionsVenue } from './position-poller.js';
export {
  applyReload,
  resolveBindings,
  toBinding,
  type ResolvedBinding,
  type SelectedForBinding,
  type StrategyConfig,
} from './market-bindings.js';
export { checkTradingConfig, loadConfiguredStrategies } from './config-check.js';
export { reloadConfiguration, type ReloadTargets } from './config-reload.js';
