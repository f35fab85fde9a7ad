/**
 * Account trades (venue-api.md 2.10, GET /data/trades and /builder/trades) of one taker
 * execution, i.e. one incoming order's matches against resting orders. They settle at once:
 * status MATCHED, match_time = last_update = the clock's time, bucket_index 0.
 *
 * Views: the taker gets one record (type TAKER) whose maker_orders list every resting order
 * matched. Each maker account gets its own record (type MAKER) with the SAME trade id, listing
 * only its own matched orders in maker_orders, with side/size/price/fee_rate_bps of its side.
 * In every view, `owner` is the viewing account's api key and `maker_address` the viewing
 * account's address (the taker's in the taker view). `price` is the size-weighted average of the
 * view's fills (exact when they share a price, else rounded half-up to 6 decimals); each
 * maker_orders entry carries its exact price. Builder trades are the taker views.
 */
import { Decimal } from '../../money.js';
import type { AccountTrade, MakerOrderFill, Side } from '../../venue/types.js';
import type { AccountTradeFilter, SimAccount } from '../contracts.js';
import type { Execution, Match } from './execution.js';
import { feeRateBps } from './fees.js';
import { PRICE_DECIMALS, PRICE_SCALE, priceText, sizeText } from './units.js';

/** Size-weighted average price text of fills given as (price units, size units). */
export function averagePriceText(notional: number, size: number): string {
  if (notional % size === 0) return priceText(notional / size);
  return new Decimal(notional).div(size).div(PRICE_SCALE).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

function makerEntry(m: Match, feeBps: string): MakerOrderFill {
  const token = m.maker.token;
  return {
    order_id: m.maker.id,
    maker_address: m.maker.account.address,
    owner: m.maker.account.apiKey,
    matched_amount: sizeText(m.size),
    fee_rate_bps: feeBps,
    price: priceText(m.price),
    asset_id: token.tokenId,
    outcome: token.outcome,
    side: m.maker.side,
  };
}

function view(
  exec: Execution,
  viewer: SimAccount,
  type: 'TAKER' | 'MAKER',
  side: Side,
  matches: readonly Match[],
  feeBps: string,
  makerBps: string,
): AccountTrade {
  const taker = exec.taker;
  const token = taker.token;
  let size = 0;
  let notional = 0;
  for (const m of matches) {
    size += m.size;
    notional += m.size * m.price;
  }
  const matchTime = new Date(exec.timeMs).toISOString();
  return {
    id: exec.tradeId,
    taker_order_id: taker.id,
    market: token.conditionId,
    asset_id: token.tokenId,
    side,
    size: sizeText(size),
    fee_rate_bps: feeBps,
    price: averagePriceText(notional, size),
    status: 'MATCHED',
    match_time: matchTime,
    last_update: matchTime,
    outcome: token.outcome,
    maker_address: viewer.address,
    owner: viewer.apiKey,
    transaction_hash: exec.transactionHash,
    bucket_index: 0,
    maker_orders: matches.map((m) => makerEntry(m, makerBps)),
    type,
  };
}

/**
 * The views of an execution, built once on first use: the taker's first, then one per maker
 * account in the order of `exec.makerAddresses`.
 */
export function executionViews(exec: Execution): AccountTrade[] {
  if (exec.views !== undefined) return exec.views;
  const taker = exec.taker;
  const feeBps = feeRateBps(taker.token.fee);
  const views = [view(exec, taker.account, 'TAKER', taker.side, exec.matches, feeBps.taker, feeBps.maker)];
  const makerSide: Side = taker.side === 'BUY' ? 'SELL' : 'BUY';
  for (const address of exec.makerAddresses) {
    const mine = exec.matches.filter((m) => m.maker.account.address.toLowerCase() === address);
    views.push(view(exec, mine[0]!.maker.account, 'MAKER', makerSide, mine, feeBps.maker, feeBps.maker));
  }
  exec.views = views;
  return views;
}

/** The view of `exec` for the account with lower-case `address` (taker or one of the makers). */
export function viewFor(exec: Execution, address: string): AccountTrade {
  const views = executionViews(exec);
  if (exec.takerAddress === address) return views[0]!;
  return views[1 + exec.makerAddresses.indexOf(address)]!;
}

/** Filters of GET /data/trades and /builder/trades; addresses compare case-insensitively. */
export function executionMatchesFilter(exec: Execution, f: AccountTradeFilter): boolean {
  if (f.id !== undefined && exec.tradeId !== f.id) return false;
  if (f.taker !== undefined && exec.takerAddress !== f.taker.toLowerCase()) return false;
  if (f.maker !== undefined && !exec.makerAddresses.includes(f.maker.toLowerCase())) return false;
  const token = exec.taker.token;
  if (f.market !== undefined && token.conditionId !== f.market) return false;
  if (f.asset_id !== undefined && token.tokenId !== f.asset_id) return false;
  if (f.before !== undefined && !(exec.timeSec < f.before)) return false;
  if (f.after !== undefined && !(exec.timeSec > f.after)) return false;
  return true;
}
