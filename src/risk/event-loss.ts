/**
 * The worst-case loss of a neg-risk event (risk.perEvent.maxWorstLossUsdc). Exactly one of the
 * event's markets resolves Yes: its outcome 0 pays 1 and its outcome 1 pays 0, while every other
 * market's outcome 0 pays 0 and outcome 1 pays 1. The loss of a resolution is the cost basis of
 * the shares held less what they pay, with the resting orders counted as filled; the worst case is
 * the largest loss over the resolutions.
 *
 * Each order is counted filled in exactly the resolutions where filling it adds to the loss, and
 * left unfilled in the others. A BUY of a token at p adds p a share where the token pays 0 (and
 * would gain 1 - p where it pays 1); a SELL of a held token removes shares together with their
 * cost basis (the average paid) and adds 1 - that average a share where the token pays 1. Counting
 * every order filled in every resolution instead would let orders of different outcomes offset one
 * another (a bid on every outcome would look like a gain), and a cancel or a lone fill would then
 * take the event past a limit it was approved within. Counted this way, no fill and no cancel
 * ever raises the figure, partial fills included.
 *
 * Resolutions: each market makerd knows of the event resolving Yes, and one more, another outcome
 * (a market of the event makerd does not quote, or one added later) resolving Yes with every known
 * market No. A market's part is two figures (EventLeg), what it adds when it resolves Yes and what
 * it adds when another market does, so an event of n markets is summed in O(n).
 *
 * Pure, in Decimal. Figures are exact where the inputs are prices on the tick and sizes on the
 * size step; an average cost that does not divide out is rounded toward the larger loss at 10^-12.
 * The figures shown (status, metrics, log) are at the micro-USDC, as all money shown (moneyText).
 */
import { Decimal, MONEY_DP, ONE, ZERO } from '../money.js';

/** One market's part in its event's loss, USDC: when it resolves Yes, and when another market does. */
export interface EventLeg {
  readonly yes: Decimal;
  readonly no: Decimal;
}

export const EMPTY_LEG: EventLeg = Object.freeze({ yes: ZERO, no: ZERO });

/** What a market holds: shares of outcome 0 and 1 and their cost basis (undefined: not known). */
export interface HeldShares {
  readonly shares: readonly [Decimal, Decimal];
  readonly paid?: readonly [Decimal | undefined, Decimal | undefined] | undefined;
}

/** An order as the event loss reads it (an intent, or a resting order with its remaining size). */
export interface EventOrder {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly size: Decimal;
}

/** Which figure of its market an order adds to, and how much a share. */
export interface OrderLoss {
  readonly figure: 'yes' | 'no';
  readonly perShare: Decimal;
}

/** One way the event resolves and its loss. */
export interface Resolution {
  /** The market resolving Yes; undefined: another outcome (every known market No). */
  readonly yes: string | undefined;
  readonly loss: Decimal;
}

/** Precision of an average cost that does not divide out (rounded toward the larger loss). */
const AVERAGE_DP = 12;

/** The cost basis of a holding; an unknown one is the most it can be: 1 a share held (0 for a short). */
export function paidFor(shares: Decimal, paid: Decimal | undefined): Decimal {
  if (paid !== undefined) return paid;
  return shares.gt(ZERO) ? shares : ZERO;
}

/** The held shares' part: the cost basis less what outcome 0 pays (Yes) or outcome 1 pays (No). */
export function heldLeg(held: HeldShares): EventLeg {
  const [h0, h1] = held.shares;
  const c0 = paidFor(h0, held.paid?.[0]);
  const c1 = paidFor(h1, held.paid?.[1]);
  if (h0.isZero() && h1.isZero() && c0.isZero() && c1.isZero()) return EMPTY_LEG;
  const cost = c0.plus(c1);
  return { yes: cost.minus(h0), no: cost.minus(h1) };
}

/**
 * The loss an order adds, a share, in the resolutions where filling it adds to the loss. A BUY of
 * outcome 0 adds its price when the market resolves No, of outcome 1 when it resolves Yes. A SELL
 * adds 1 less the average cost of the shares it sells where they pay 1 (outcome 0: Yes); a SELL
 * of a token not held counts as a short opened at its price.
 */
export function orderLoss(outcome: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, held: HeldShares): OrderLoss {
  if (side === 'BUY') return { figure: outcome === 0 ? 'no' : 'yes', perShare: price };
  const shares = held.shares[outcome];
  const average = shares.gt(ZERO)
    ? paidFor(shares, held.paid?.[outcome]).div(shares).toDecimalPlaces(AVERAGE_DP, Decimal.ROUND_DOWN)
    : price;
  const perShare = ONE.minus(average);
  return { figure: outcome === 0 ? 'yes' : 'no', perShare: perShare.isNegative() ? ZERO : perShare };
}

/** A market's leg with its orders (`tokens`: outcome 0's and outcome 1's ids; orders on other tokens are not the market's). */
export function legWithOrders(tokens: readonly [string, string], held: HeldShares, orders: readonly EventOrder[]): EventLeg {
  let { yes, no } = heldLeg(held);
  for (const o of orders) {
    const outcome = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (outcome === undefined || !o.size.gt(ZERO)) continue;
    const add = orderLoss(outcome, o.side, o.price, held);
    const amount = add.perShare.mul(o.size);
    if (add.figure === 'yes') yes = yes.plus(amount);
    else no = no.plus(amount);
  }
  return { yes, no };
}

/** The larger of several legs, figure by figure: what a market may hold while one set of orders gives way to another. */
export function largerLeg(legs: readonly EventLeg[]): EventLeg {
  let out = legs[0] ?? EMPTY_LEG;
  for (const l of legs.slice(1)) out = { yes: Decimal.max(out.yes, l.yes), no: Decimal.max(out.no, l.no) };
  return out;
}

/** Every resolution's loss: each market's Yes in the order given, then another outcome's. */
export function resolutions(legs: Iterable<readonly [string, EventLeg]>): Resolution[] {
  const list = [...legs];
  let allNo = ZERO;
  for (const [, l] of list) allNo = allNo.plus(l.no);
  const out: Resolution[] = list.map(([market, l]) => ({ yes: market, loss: allNo.minus(l.no).plus(l.yes) }));
  out.push({ yes: undefined, loss: allNo });
  return out;
}

/** The worst resolution (the first of equal ones, another outcome last). */
export function worstResolution(legs: Iterable<readonly [string, EventLeg]>): Resolution {
  let worst: Resolution | undefined;
  for (const r of resolutions(legs)) if (worst === undefined || r.loss.gt(worst.loss)) worst = r;
  return worst!;
}

/** A loss as shown: at the micro-USDC, rounded half up (money.ts moneyText). */
export function lossFigure(loss: Decimal): Decimal {
  return loss.toDecimalPlaces(MONEY_DP, Decimal.ROUND_HALF_UP);
}
