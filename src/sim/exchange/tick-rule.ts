/**
 * When a market's tick size changes, as on the real venue.
 *
 * Automatic rule: a market quoted in cents (tick 0.01) switches to tenths of a cent (0.001) once
 * the price of one of its tokens — its midpoint, else its last trade price — moves above 0.96 or
 * below 0.04, so that quotes near the bounds keep a useful resolution. The switch applies to both
 * tokens of the market (each gets a `tick_size_change` event) and is never undone automatically;
 * a tick only becomes coarser through the operator control (`POST /_sim/tick-size`).
 *
 * The exchange checks the rule after every change of a book (placement, cancel, expiry), so the
 * check must be O(1): one compare for every market not at 0.01, else the two best levels. An
 * exchange made with `autoTick: false` (backtests) skips it; its flow applies `finerTickDueAtFair`.
 */
import { Decimal } from '../../money.js';
import type { TokenBook } from './token-book.js';

/** The tick the automatic rule applies to (0.01), in price units. */
export const AUTO_FROM_TICK_UNITS = 10_000;
/** The tick it switches to. */
export const AUTO_TO_TICK = new Decimal('0.001');
/** Prices strictly above this or below LOWER (price units: 0.96, 0.04) trigger the switch. */
export const UPPER_BOUND_UNITS = 960_000;
export const LOWER_BOUND_UNITS = 40_000;

/** The tick sizes the operator control accepts. */
export const SETTABLE_TICK_SIZES: readonly string[] = ['0.1', '0.01', '0.001', '0.0001'];

/** True when the book's market is at tick 0.01 and the token's price is beyond a bound. */
export function finerTickDue(book: TokenBook): boolean {
  if (book.tickUnits !== AUTO_FROM_TICK_UNITS) return false;
  const bid = book.bids.best();
  const ask = book.asks.best();
  if (bid !== undefined && ask !== undefined) {
    // Compare the midpoint without halving: bid + ask against twice the bound.
    const twiceMid = bid.price + ask.price;
    return twiceMid > 2 * UPPER_BOUND_UNITS || twiceMid < 2 * LOWER_BOUND_UNITS;
  }
  const last = book.lastTrade;
  return last > 0 && (last > UPPER_BOUND_UNITS || last < LOWER_BOUND_UNITS);
}

/**
 * The same rule read from a market's fair value instead of its book (price units of outcome 0;
 * outcome 1's is 1 − it, so one compare covers both tokens). A backtest uses it (the flow checks it
 * every step, order-flow.ts), so that the switch depends on the flow alone, never on the orders of
 * the strategy under test.
 */
export function finerTickDueAtFair(tickUnits: number | undefined, fairUnits0: number): boolean {
  return tickUnits === AUTO_FROM_TICK_UNITS && (fairUnits0 > UPPER_BOUND_UNITS || fairUnits0 < LOWER_BOUND_UNITS);
}
