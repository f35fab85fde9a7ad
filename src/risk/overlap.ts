/**
 * Whether a market's replacement orders may be posted before the cancels of the orders they
 * replace are answered (issue 17: a re-price then costs one round trip instead of two). Until a
 * cancel is answered its order may still rest and fill, so for that time the market may rest
 * every order it has now (kept, being cancelled, or posted and unanswered) and every approved one:
 * this says whether that union stays within the limits the gate enforces on resting orders, each
 * order counted in full (pure).
 *
 * The union: the approved orders, plus every order the market has now that is not one of them
 * (same token, side and price, and exactly the approved size remaining). Checked: orders per
 * market, open orders and gross notional with the other markets' shares, position per token (every
 * BUY filled), net exposure worst case (every bid filled, every ask filled), and that the SELLs of
 * a token never exceed what is held of it (both the old and the new SELL may fill). Never in a
 * REDUCING market: there only risk-reducing orders may rest, one at a time.
 */
import { type Decimal, fromScaledInt, MICRO_NOTIONAL_DP, microOf, ZERO } from '../money.js';
import { netExposure, type LiveOrderView, type MarketView } from '../market/market-view.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { RiskLimits } from './risk-limits.js';

/** What may rest together when the union fits: the market's share of the global limits meanwhile. */
export interface OverlapShare {
  readonly count: number;
  readonly notional: Decimal;
  /** Outcome-0 sizes: bids (worst case up) and asks (worst case down). */
  readonly bids: Decimal;
  readonly asks: Decimal;
}

export interface OverlapInput {
  readonly view: MarketView;
  readonly approved: readonly OrderIntent[];
  /** Every order the market has now: live, posted and unanswered, being cancelled. */
  readonly resting: readonly LiveOrderView[];
  readonly limits: RiskLimits;
  readonly reducing: boolean;
  readonly otherOrders: number;
  readonly otherNotional: Decimal;
}

/** An order of the union, whole. */
export interface UnionOrder {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly size: Decimal;
}

/** The approved orders, plus every resting one that is not one of them (same token, side, price and exactly that size remaining). */
export function unionOrders(approved: readonly OrderIntent[], resting: readonly LiveOrderView[]): UnionOrder[] {
  const union: UnionOrder[] = [...approved];
  const matched = new Array<boolean>(approved.length).fill(false);
  for (const o of resting) {
    const at = approved.findIndex(
      (a, k) => !matched[k] && a.tokenId === o.tokenId && a.side === o.side && a.price.eq(o.price) && a.size.eq(o.remaining),
    );
    if (at >= 0) matched[at] = true;
    else union.push({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.remaining });
  }
  return union;
}

/** The union's share when it fits the limits, undefined when it does not (or the market is REDUCING). */
export function overlapShare(i: OverlapInput): OverlapShare | undefined {
  if (i.reducing) return undefined;
  const { tokens } = i.view.meta;
  const union = unionOrders(i.approved, i.resting);
  const { limits } = i;
  if (union.length > limits.maxOrdersPerMarket || i.otherOrders + union.length > limits.maxOpenOrders) return undefined;
  const held = [i.view.position.outcome0, i.view.position.outcome1];
  const totals = totalsOf(tokens, union, sizeOfIntent);
  if (totals === undefined) return undefined;
  const { notional, bids, asks } = totals;
  const buys = [ZERO, ZERO];
  const sells = [ZERO, ZERO];
  for (const o of union) {
    const k = o.tokenId === tokens[0] ? 0 : 1;
    if (o.side === 'BUY') buys[k] = buys[k]!.plus(o.size);
    else sells[k] = sells[k]!.plus(o.size);
  }
  if (i.otherNotional.plus(notional).gt(limits.maxGrossNotional)) return undefined;
  for (const k of [0, 1]) {
    if (held[k]!.plus(buys[k]!).gt(limits.maxPositionPerToken) && buys[k]!.gt(ZERO)) return undefined;
    if (sells[k]!.gt(held[k]!)) return undefined;
  }
  const q = netExposure(i.view.position);
  if (bids.gt(ZERO) && q.plus(bids).gt(limits.maxNetExposure)) return undefined;
  if (asks.gt(ZERO) && asks.minus(q).gt(limits.maxNetExposure)) return undefined;
  return { count: union.length, notional, bids, asks };
}

type Order = Pick<OrderIntent, 'tokenId' | 'side' | 'price'>;

/**
 * Count, notional and outcome-0 bids and asks of a market's orders, each of `sizeOf` shares;
 * undefined if one is on another token. In micro-units when every price and size has that form
 * (a dozen Decimals a market evaluation fewer: this runs on every one), else in Decimal; a
 * randomized test holds the two equal.
 */
export function totalsOf<T extends Order>(
  tokens: readonly [string, string],
  orders: readonly T[],
  sizeOf: (o: T) => Decimal,
): OverlapShare | undefined {
  for (const o of orders) if (o.tokenId !== tokens[0] && o.tokenId !== tokens[1]) return undefined;
  return totalsMicro(tokens, orders, sizeOf) ?? totalsDecimal(tokens, orders, sizeOf);
}

/** totalsOf in Decimal: the reference (orders all on the market's tokens). */
export function totalsDecimal<T extends Order>(
  tokens: readonly [string, string],
  orders: readonly T[],
  sizeOf: (o: T) => Decimal,
): OverlapShare {
  let notional = ZERO;
  let bids = ZERO;
  let asks = ZERO;
  for (const o of orders) {
    const size = sizeOf(o);
    notional = notional.plus(o.price.mul(size));
    // A bid on outcome 0 is a BUY of outcome 0 or a SELL of outcome 1 (legs.ts).
    if ((o.tokenId === tokens[0]) === (o.side === 'BUY')) bids = bids.plus(size);
    else asks = asks.plus(size);
  }
  return { count: orders.length, notional, bids, asks };
}

/**
 * totalsOf in integers (sizes in 10^-6 shares, notional in 10^-12 USDC), or undefined when a value
 * has more than 6 decimals or a total would leave the range where doubles add exactly (every
 * product and running total is checked).
 */
function totalsMicro<T extends Order>(
  tokens: readonly [string, string],
  orders: readonly T[],
  sizeOf: (o: T) => Decimal,
): OverlapShare | undefined {
  let notional = 0;
  let bids = 0;
  let asks = 0;
  for (const o of orders) {
    const size = microOf(sizeOf(o));
    const price = microOf(o.price);
    if (size === undefined || price === undefined) return undefined;
    const value = price * size;
    notional += value;
    if (!Number.isSafeInteger(value) || !Number.isSafeInteger(notional)) return undefined;
    if ((o.tokenId === tokens[0]) === (o.side === 'BUY')) bids += size;
    else asks += size;
    if (!Number.isSafeInteger(bids) || !Number.isSafeInteger(asks)) return undefined;
  }
  return {
    count: orders.length,
    notional: fromScaledInt(notional, MICRO_NOTIONAL_DP),
    bids: fromScaledInt(bids),
    asks: fromScaledInt(asks),
  };
}

const sizeOfIntent = (o: { readonly size: Decimal }): Decimal => o.size;
const remainingOf = (o: LiveOrderView): Decimal => o.remaining;

/**
 * What a market's orders hold now, each in full until its cancel is answered: the share of the
 * global limits a market keeps while it cancels before it places (or is pulled), so that another
 * market is never approved against room these may still fill into. Orders on another token are
 * not the market's (none are: the tracker files orders by market) and are left out.
 */
export function restingShare(tokens: readonly [string, string], resting: readonly LiveOrderView[]): OverlapShare {
  return (
    totalsOf(tokens, resting, remainingOf) ??
    totalsOf(
      tokens,
      resting.filter((o) => o.tokenId === tokens[0] || o.tokenId === tokens[1]),
      remainingOf,
    )!
  );
}
