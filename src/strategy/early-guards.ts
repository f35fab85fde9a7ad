/**
 * Guard defaults (params.guards) that step in early (a 3-tick, 4-sd jump; 3 levels swept; 3 fills
 * in 10 s; any adverse mark-out average) for the short default hold: a strategy that re-prices
 * every order anyway (avellaneda, glft) loses no queue priority by holding a side (backtests in
 * docs/guards.md).
 */
export const EARLY_GUARD_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  jumpTicks: 3,
  jumpSigmas: 4,
  sweepLevels: 3,
  burstFills: 3,
  burstWindowS: 10,
  toxicityThreshold: '0',
  toxicityMaxTicks: 5,
  toxicityHalfLifeFills: 8,
});
