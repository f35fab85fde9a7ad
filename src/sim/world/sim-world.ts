/**
 * The simulator's worlds: which population of markets it runs.
 *
 * - `venue`: markets drawn to trade like the real venue's (venue-traits.ts): a few trades a day
 *   for the median market and hundreds for the busiest, trades of tens of USDC, spreads of about
 *   two cents at even odds, informed flow that leaves the makers about nothing from the spread,
 *   small reward pools. The default of `makerd sim`, `makerd backtest` and `makerd survey`.
 * - `demo`: the lively flow the simulator always had (src/sim/flow), where a market trades every
 *   few seconds and the makers earn the spread: quotes and fills within the first minute, for a
 *   first look and for tests.
 */
import { ErrorCode, MakerdError } from '../../errors.js';

export const SIM_WORLDS = ['venue', 'demo'] as const;
export type SimWorldName = (typeof SIM_WORLDS)[number];

export function isSimWorldName(name: unknown): name is SimWorldName {
  return typeof name === 'string' && (SIM_WORLDS as readonly string[]).includes(name);
}

/** The world called `name`; a CONFIG error naming `key`, the value and the allowed names otherwise. */
export function simWorldName(name: unknown, key = 'sim.world'): SimWorldName {
  if (isSimWorldName(name)) return name;
  throw new MakerdError(ErrorCode.CONFIG, `${key}: unknown world ${JSON.stringify(name)} (allowed: ${SIM_WORLDS.join(', ')})`, {
    where: 'sim world',
    field: key,
  });
}
