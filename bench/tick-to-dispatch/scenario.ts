/** The tick-to-dispatch scenario's fixed terms: sizes of books, the daemon's defaults it runs with, and the two strategies. */
import avellaneda from '../../strategies/avellaneda.js';
import bands from '../../strategies/bands.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import type { Strategy } from '../../src/strategy/strategy.js';

export const LEVELS = 3;
/** The daemon's poller.intervalMs default: simulated time between two ticks. */
export const POLL_INTERVAL_MS = 1_000;
/** The daemon's executor.syncIntervalMs default (5 000 ms), in ticks. */
export const SYNC_EVERY_TICKS = 5;
/** Midpoints (outcome 0, in cents) stay within [MID_LO, MID_HI]. */
export const MID_LO = 20;
export const MID_HI = 80;

/** Test credentials (the values of test/support/test-credentials.ts). */
export const CREDENTIALS = {
  address: '0xAbC0000000000000000000000000000000000001',
  apiKey: '1f0c1c9e-6d3a-4f7e-9a51-2b8f3c4d5e6f',
  passphrase: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
  secret: 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==',
};

export const RISK_LIMITS = {
  maxOpenOrders: 100000,
  maxOrdersPerMarket: 100,
  maxGrossNotional: '100000000',
  maxNetExposure: '100000',
  maxPositionPerToken: '100000',
};
export const EXECUTOR_SETTINGS = { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 };

/** The strategy of every market, and its configured params (checked as at start-up). */
export interface StrategySetup {
  readonly strategy: Strategy;
  readonly params: unknown;
  readonly describe: string;
}

/**
 * avellaneda, 3 levels a side 0.1 log-odds apart, the other parameters at their defaults (sigma
 * estimated online from the midpoints, one per simulated second). A one-tick mid move re-prices
 * nearly every level.
 */
export function avellanedaSetup(): StrategySetup {
  const strategy = avellaneda as unknown as Strategy;
  const params = parseStrategyParams(strategy, { levels: LEVELS, levelSpacing: 0.1 }, 'bench avellaneda');
  return { strategy, params, describe: 'avellaneda levels=3 levelSpacing=0.1, other parameters default' };
}

/**
 * bands, 3 bands a side around distances 0.01 / 0.02 / 0.03: a one-tick mid move leaves two of a
 * market's six orders outside every band (one per side), so those are cancelled and replaced.
 */
export function bandsSetup(): StrategySetup {
  const strategy = bands as unknown as Strategy;
  const band = (min: string, avg: string, max: string) => ({
    minMargin: min,
    avgMargin: avg,
    maxMargin: max,
    minAmount: '10',
    avgAmount: '20',
    maxAmount: '30',
  });
  const params = parseStrategyParams(
    strategy,
    { bands: [band('0.005', '0.01', '0.015'), band('0.015', '0.02', '0.025'), band('0.025', '0.03', '0.035')] },
    'bench bands',
  );
  return {
    strategy,
    params,
    describe: 'bands: [0.005, 0.015] / [0.015, 0.025] / [0.025, 0.035], avg margins 0.01 / 0.02 / 0.03, amounts 10 / 20 / 30',
  };
}
