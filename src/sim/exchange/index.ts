/**
 * The simulator's exchange (matching engine, accounts, fills, positions, fees).
 * `createSimExchange` is the entry point; the rest is exported for tests and benchmarks.
 */
import { MatchingExchange, type SimExchangeOptions } from './sim-exchange.js';

export {
  MatchingExchange,
  type BookLevels,
  type ClosedOrder,
  type Redemption,
  type RestingLevels,
  type SimExchangeOptions,
  type SimExchangeRetention,
} from './sim-exchange.js';
export { exactFee, feeRateBps, fillFees, takerFee, FEE_DECIMALS, type FillFees } from './fees.js';

/** The exchange behind the simulator server; it implements SimExchange (src/sim/contracts.ts). */
export function createSimExchange(options: SimExchangeOptions): MatchingExchange {
  return new MatchingExchange(options);
}
