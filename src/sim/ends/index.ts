/** Markets that end within a run: the schedule, the end and resolution, and redemption. */
export { DEFAULT_RESOLVE_AFTER_SEC, scheduleEnds, type EndGroup, type EndsOptions, type ScheduledCatalog } from './end-schedule.js';
export { END_HEAT, END_WINDOW_MS, endHeat, endProgress, endPullShare, hasEnded, type MarketEnd } from './market-end.js';
export { MarketEnds, type EndedMarket, type MarketEndsExchange, type MarketEndsOptions } from './market-ends.js';
export { Redemptions, type RedeemExchange, type RedeemOutcome } from './redemptions.js';
export { drawWinners } from './outcome-draw.js';
export { endsView, type EndedMarketView, type EndsView, type SimEnds } from './ends-view.js';
