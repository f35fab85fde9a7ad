/** The strategy stage's public surface: the contract, grid helpers, legs, parameters, loading. */
export type { Quote, QuoteSide, Strategy, StrategyOutput, ParamRule, ParamSchema, OrderIntent } from './strategy.js';
export { bidPrice, askPrice, clampPrice, gridSize, isOnPriceGrid, isOnSizeGrid } from './grid.js';
export { toOrderIntents } from './legs.js';
export { validateParams, parseStrategyParams, describeParams, describeRule, type ParamRow } from './param-schema.js';
export { loadStrategies, builtinStrategiesDir, resolveStrategy, strategyFiles } from './strategy-registry.js';
