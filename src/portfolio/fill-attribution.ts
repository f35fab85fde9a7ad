/**
 * The account's fills in one account trade (venue-api.md 2.10, GET /data/trades or the user
 * stream's `trade` event).
 *
 * Who we were:
 * - TAKER when the record is not a maker view (`type` is not `MAKER`) and its top-level `owner`
 *   is our api key or its `maker_address` our address. (The simulator gives every account its own
 *   view of a trade: in the maker's view the top-level owner/maker_address are the maker's and
 *   `type` is `MAKER`; hence the `type` test.)
 * - else MAKER of every `maker_orders` entry whose `owner` is our api key or whose `maker_address`
 *   is our address (several of our resting orders can fill in one trade).
 *
 * One fill per matched maker order, in both roles. A taker order that sweeps several resting
 * orders gives one taker fill per resting order, at that order's price and `matched_amount`,
 * each with its own rounded fee: this is how the venue charges (a fee per match) and how its
 * positions fold the fills, so average costs and realized PnL agree to the last decimal (one
 * fill at the trade's average price would not: that price is rounded, and a fill that flips the
 * position would close and open at the wrong prices).
 *
 * Fill ids: `<trade id>:taker:<maker order id>` and `<trade id>:maker:<our order id>`.
 * A trade with status `FAILED` gives no fills. Anything we would act on that is missing or
 * malformed is a BAD_RESPONSE error naming the field; nothing is guessed.
 */
import { badResponse } from '../errors.js';
import { Decimal, isValidPrice, parseDecimal } from '../money.js';
import type { AccountTrade, MakerOrderFill } from '../venue/types.js';
import type { Fill, FillSide, OutcomeIndex } from './fill.js';
import { makerFeeAndRebate, takerFee, type FeeTerms } from './fill-fees.js';

export interface AccountIdentity {
  /** Wallet address; compared case-insensitively. */
  readonly address: string;
  readonly apiKey: string;
}

function isOurs(owner: unknown, address: unknown, account: AccountIdentity): boolean {
  return (
    (typeof owner === 'string' && owner !== '' && owner === account.apiKey) ||
    (typeof address === 'string' && address !== '' && address.toLowerCase() === account.address.toLowerCase())
  );
}

/** True when the account is the taker of `trade` (see the module comment). */
export function isTakerView(trade: AccountTrade, account: AccountIdentity): boolean {
  return trade.type !== 'MAKER' && isOurs(trade.owner, trade.maker_address, account);
}

function sideOf(where: string, value: unknown, field: string): FillSide {
  if (value === 'BUY' || value === 'SELL') return value;
  throw badResponse(where, field, "must be 'BUY' or 'SELL'", value);
}

function priceOf(where: string, value: unknown, field: string): Decimal {
  const p = typeof value === 'string' ? parseDecimal(value) : undefined;
  if (p === undefined || !isValidPrice(p)) throw badResponse(where, field, 'must be a decimal string strictly between 0 and 1', value);
  return p;
}

function sizeOf(where: string, value: unknown, field: string): Decimal {
  const s = typeof value === 'string' ? parseDecimal(value) : undefined;
  if (s === undefined || !s.gt(0)) throw badResponse(where, field, 'must be a decimal string > 0', value);
  return s;
}

const TOKEN_ID = /^(.+):([01])$/;

function tokenOf(
  where: string,
  value: unknown,
  market: string,
  field: string,
): { tokenId: string; conditionId: string; outcomeIndex: OutcomeIndex } {
  const m = typeof value === 'string' ? TOKEN_ID.exec(value) : null;
  if (m === null) throw badResponse(where, field, "must be a token id '<condition_id>:<0|1>'", value);
  const conditionId = m[1]!;
  if (market !== '' && market !== conditionId) throw badResponse(where, field, `must be a token of market '${market}'`, value);
  return { tokenId: value as string, conditionId, outcomeIndex: m[2] === '0' ? 0 : 1 };
}

function matchTimeOf(where: string, value: unknown): number {
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) throw badResponse(where, 'match_time', 'must be an ISO 8601 date-time', value);
  return ms;
}

function nonEmpty(where: string, value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw badResponse(where, field, 'must be a non-empty string', value);
  return value;
}

/**
 * The account's fills in `trade`, given the fee terms of its market (`MarketMeta.fees`); `[]` when
 * the account took no part (or the trade FAILED).
 */
export function fillsFromAccountTrade(trade: AccountTrade, account: AccountIdentity, fees: FeeTerms): Fill[] {
  if (trade.status === 'FAILED') return [];
  const where = `account trade ${String(trade.id)}`;
  const tradeId = nonEmpty(where, trade.id, 'id');
  const market = typeof trade.market === 'string' ? trade.market : '';
  const makers: readonly MakerOrderFill[] = Array.isArray(trade.maker_orders) ? trade.maker_orders : [];
  if (isTakerView(trade, account)) {
    const matchTime = trade.match_time;
    const timestampMs = matchTimeOf(where, matchTime);
    const side = sideOf(where, trade.side, 'side');
    const token = tokenOf(where, trade.asset_id, market, 'asset_id');
    const orderId = nonEmpty(where, trade.taker_order_id, 'taker_order_id');
    if (makers.length === 0) throw badResponse(where, 'maker_orders', 'must list the resting orders the taker matched', makers.length);
    const fills = makers.map((m, i): Fill => {
      const field = `maker_orders[${i}]`;
      const price = priceOf(where, m.price, `${field}.price`);
      const size = sizeOf(where, m.matched_amount, `${field}.matched_amount`);
      return {
        tradeId: `${tradeId}:taker:${nonEmpty(where, m.order_id, `${field}.order_id`)}`,
        ...token,
        side,
        price,
        size,
        role: 'taker',
        fee: takerFee(fees, price, size),
        rebate: new Decimal(0),
        matchTime,
        timestampMs,
        orderId,
      };
    });
    const total = fills.reduce((s, f) => s.add(f.size), new Decimal(0));
    if (!total.eq(sizeOf(where, trade.size, 'size'))) {
      throw badResponse(where, 'maker_orders', `matched amounts must add up to the trade size ${trade.size}`, total.toFixed());
    }
    return fills;
  }
  const fills: Fill[] = [];
  makers.forEach((m, i) => {
    if (!isOurs(m.owner, m.maker_address, account)) return;
    const field = `maker_orders[${i}]`;
    const price = priceOf(where, m.price, `${field}.price`);
    const size = sizeOf(where, m.matched_amount, `${field}.matched_amount`);
    const orderId = nonEmpty(where, m.order_id, `${field}.order_id`);
    fills.push({
      tradeId: `${tradeId}:maker:${orderId}`,
      ...tokenOf(where, m.asset_id, market, `${field}.asset_id`),
      side: sideOf(where, m.side, `${field}.side`),
      price,
      size,
      role: 'maker',
      ...makerFeeAndRebate(fees, price, size),
      matchTime: trade.match_time,
      timestampMs: matchTimeOf(where, trade.match_time),
      orderId,
    });
  });
  return fills;
}
