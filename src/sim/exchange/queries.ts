/**
 * Read-only views of an exchange's orders and trades: open orders and one order of an account,
 * its account trades, builder trades, the public trade fills (GET /trades) and an address's
 * activity. Records are built on demand from the live state; treat them as read-only.
 */
import { Decimal } from '../../money.js';
import type { AccountTrade, OpenOrder, TradeFill } from '../../venue/types.js';
import type { AccountActivity, AccountTradeFilter, OrderFilter, SimAccount, TradeFillFilter } from '../contracts.js';
import { executionMatchesFilter, executionViews, viewFor } from './account-trades.js';
import { lower, type ExchangeCore } from './exchange-core.js';
import { type FillView, makerFill, takerFill, toTradeFill, type Match } from './execution.js';
import { matchesOrderFilter } from './sim-order.js';
import { notionalDecimal, sizeDecimal } from './units.js';

/** The account's live orders matching `filter`, in placement order. */
export function openOrders(core: ExchangeCore, account: SimAccount, filter: OrderFilter): OpenOrder[] {
  const state = core.stateOf(account.address);
  if (state === undefined) return [];
  const out: OpenOrder[] = [];
  for (const o of state.liveOrders()) if (matchesOrderFilter(o, filter)) out.push(o.toOpenOrder());
  return out;
}

/** One of the account's orders, live or still remembered closed. */
export function order(core: ExchangeCore, account: SimAccount, orderId: string): OpenOrder | undefined {
  return core.stateOf(account.address)?.order(orderId)?.toOpenOrder();
}

/** Oldest first (stable for cursor pagination). */
export function accountTrades(core: ExchangeCore, account: SimAccount, filter: AccountTradeFilter): AccountTrade[] {
  const state = core.stateOf(account.address);
  if (state === undefined) return [];
  const trades = state.trades;
  // `after` (strict) in time order: start at the first trade later than it (a poll for new trades
  // then costs what it returns, not the whole history).
  let from = 0;
  if (filter.after !== undefined && state.tradesInTimeOrder) {
    const after = filter.after;
    let hi = trades.length;
    while (from < hi) {
      const mid = (from + hi) >>> 1;
      if (trades[mid]!.timeSec > after) hi = mid;
      else from = mid + 1;
    }
  }
  const out: AccountTrade[] = [];
  for (let i = from; i < trades.length; i++) {
    const e = trades[i]!;
    if (executionMatchesFilter(e, filter)) out.push(viewFor(e, state.key));
  }
  return out;
}

/** The taker view of every execution, oldest first. */
export function builderTrades(core: ExchangeCore, filter: AccountTradeFilter): AccountTrade[] {
  return core.executions.filter((e) => executionMatchesFilter(e, filter)).map((e) => executionViews(e)[0]!);
}

/**
 * Calls `visit` with every fill matching the filter's user, markets, side and amount (offset and
 * limit aside), newest first: one per match and participant (takerOnly: the taker's only), the
 * maker's before the taker's. Stops as soon as `visit` returns false.
 */
function eachTradeFill(core: ExchangeCore, filter: TradeFillFilter, visit: (m: Match, fill: FillView) => boolean): void {
  const user = filter.user === undefined ? undefined : lower(filter.user);
  const amount =
    filter.filterAmount === undefined || filter.filterType === undefined ? undefined : new Decimal(String(filter.filterAmount));
  const matches = (fill: FillView): boolean => {
    if (user !== undefined && lower(fill.account.address) !== user) return false;
    if (filter.side !== undefined && fill.side !== filter.side) return false;
    return (
      amount === undefined || !(filter.filterType === 'CASH' ? notionalDecimal(fill.size * fill.price) : sizeDecimal(fill.size)).lt(amount)
    );
  };
  const executions = core.executions;
  for (let i = executions.length - 1; i >= 0; i--) {
    const exec = executions[i]!;
    if (filter.markets !== undefined && !filter.markets.includes(exec.taker.token.conditionId)) continue;
    for (let j = exec.matches.length - 1; j >= 0; j--) {
      const m = exec.matches[j]!;
      if (!filter.takerOnly) {
        const maker = makerFill(m);
        if (matches(maker) && !visit(m, maker)) return;
      }
      const taker = takerFill(m);
      if (matches(taker) && !visit(m, taker)) return;
    }
  }
}

/**
 * One element per match and participant (takerOnly: the taker's only), newest first; `offset`
 * and `limit` page the result without walking (or building) more of the history than needed.
 */
export function tradeFills(core: ExchangeCore, filter: TradeFillFilter): TradeFill[] {
  let skip = filter.offset ?? 0;
  const limit = filter.limit ?? Infinity;
  const out: TradeFill[] = [];
  if (limit <= 0) return out;
  eachTradeFill(core, filter, (m, fill) => {
    if (skip > 0) skip--;
    else out.push(toTradeFill(m, fill));
    return out.length < limit;
  });
  return out;
}

/** How many fills match the filter (offset and limit aside), counting no further than `max`. */
export function countTradeFills(core: ExchangeCore, filter: TradeFillFilter, max: number): number {
  let n = 0;
  if (max > 0) eachTradeFill(core, filter, () => ++n < max);
  return n;
}

export function activity(core: ExchangeCore, address: string): AccountActivity | undefined {
  const state = core.stateOf(address);
  return state === undefined || state.fills === 0 ? undefined : { fills: state.fills, volume: state.volume() };
}
