export { GUARD_SCHEMA, type GuardSettings, parseGuardSettings } from './guard-settings.js';
export { type GuardEvent, type GuardFill, guardFillOf, type SideStatus } from './guard-events.js';
export { MarketGuard } from './market-guard.js';
export { type GuardedQuotes, quoteGuarded } from './guarded-quote.js';
export { parseQuotingParams, type QuotingParams } from './guard-params.js';
export type { GuardName } from './side-hold.js';
