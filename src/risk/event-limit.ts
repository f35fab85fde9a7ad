/**
 * risk.perEvent in the risk gate: the worst-case loss of a neg-risk event (event-loss.ts) kept
 * within risk.perEvent.maxWorstLossUsdc. Markets of events that are not neg-risk are not counted
 * here: their outcomes are independent, and the per-market limits alone apply to them.
 *
 * `EventBook` keeps each market's part (EventLeg) as of its latest evaluation, the way the gate
 * keeps each market's share of the global limits: its position and cost basis, with the orders it
 * may rest (approved; while cancels are unanswered, the larger of those and what it has; the union
 * when replacements go with their cancels). A market's orders are checked against the other
 * markets' parts (`room`, inside the per-order checks, after the net exposure): an order that adds
 * to the loss of a resolution is trimmed to what keeps that resolution within the limit, or
 * refused (`event-loss`) when that is below the minimum size. An order adds to the resolutions of
 * one side only (those where its token pays 0 for a BUY, pays 1 for a SELL), so an order that
 * lowers the worst case always passes: a position over the limit can be sold down.
 *
 * Pure and synchronous, in Decimal.
 */
import type { LiveOrderView, MarketMeta, MarketView } from '../market/market-view.js';
import { Decimal, moneyText, ONE, ZERO } from '../money.js';
import type { RiskLimits } from './risk-limits.js';
import type { UnheardOrder } from './unheard-order.js';
import {
  EMPTY_LEG,
  type EventLeg,
  type EventOrder,
  type HeldShares,
  heldLeg,
  largerLeg,
  legWithOrders,
  lossFigure,
  orderLoss,
  resolutions,
  worstResolution,
} from './event-loss.js';

/** Room in shares, rounded down (never more than the room, so an order at it never passes the limit). */
const DecimalDown = Decimal.clone({ rounding: Decimal.ROUND_DOWN });

/** risk.perEvent.maxWorstLossUsdc; undefined when off ("0"). */
export function eventLimitOf(limits: RiskLimits): Decimal | undefined {
  const limit = limits.perEvent.maxWorstLossUsdc;
  return limit.gt(ZERO) ? limit : undefined;
}

/** The event a market is limited in: its event when it is neg-risk (one of its own without an id), else none. */
export function eventKeyOf(meta: MarketMeta): string | undefined {
  return meta.negRisk ? (meta.eventId ?? meta.conditionId) : undefined;
}

/** What a market's view holds, for the event's figures. */
export function heldOf(view: MarketView): HeldShares {
  return { shares: [view.position.outcome0, view.position.outcome1], paid: view.paid };
}

/** Resting orders as the event's figures read them: what remains of each. */
export function restingOrders(resting: readonly LiveOrderView[]): EventOrder[] {
  return resting.map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.remaining }));
}

/** Why an order of an evaluation was trimmed or refused: its event's worst case had it been taken whole. */
export interface EventBreach {
  readonly event: string;
  /** The market whose order it was. */
  readonly market: string;
  /** The event's loss in that resolution with the order whole, USDC at the micro-USDC. */
  readonly loss: Decimal;
  readonly limit: Decimal;
  /** The market resolving Yes in that resolution; undefined: an outcome not quoted here. */
  readonly yes: string | undefined;
}

/** The log's text for a breach, with the event and the figures. */
export function breachText(b: EventBreach): string {
  const how = b.yes === undefined ? 'if an outcome not quoted here resolves Yes' : `if ${b.yes} resolves Yes`;
  return `event ${b.event}: worst-case loss ${moneyText(b.loss)} USDC ${how} would pass risk.perEvent.maxWorstLossUsdc ${b.limit.toFixed()}`;
}

/** The per-order checks' view of the event (check-result.ts CheckOptions.eventRoom). */
export interface EventRoom {
  /** Shares of an order of `size` the event has room for; undefined: no limit (it adds no loss). */
  room(outcome: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, size: Decimal): Decimal | undefined;
  /** The order was approved at `size`: its loss counts for the orders after it. */
  take(outcome: 0 | 1, side: 'BUY' | 'SELL', price: Decimal, size: Decimal): void;
  /** The first order that did not fit whole, if any. */
  breach(): EventBreach | undefined;
}

/** One event's status (RiskSnapshot.events). */
export interface EventStatus {
  readonly event: string;
  /** Its markets the gate has evaluated, in the order it met them. */
  readonly markets: readonly string[];
  /** The worst resolution's loss, USDC at the micro-USDC. */
  readonly worstLoss: Decimal;
  /** The market resolving Yes in the worst resolution; undefined: an outcome not quoted here. */
  readonly worstIfYes: string | undefined;
}

/** The other markets of an event, summed: a market's two figures are added to these. */
interface Others {
  /** Σ no over the other markets: when an outcome not quoted here resolves Yes. */
  readonly no: Decimal;
  /** The most one of them resolving Yes adds to that (>= 0), and which one (undefined: none adds). */
  readonly lift: Decimal;
  readonly liftFrom: string | undefined;
}

export class EventBook {
  /** Event → market → its part at its latest evaluation. */
  readonly #legs = new Map<string, Map<string, EventLeg>>();
  readonly #eventOf = new Map<string, string>();

  /**
   * Remembers a market's part: its holding with, figure by figure, the larger of the order sets
   * it may rest at some moment (none: the holding alone).
   */
  hold(view: MarketView, event: string, sets: readonly (readonly EventOrder[])[]): void {
    const market = view.meta.conditionId;
    const held = heldOf(view);
    const leg = sets.length === 0 ? heldLeg(held) : largerLeg(sets.map((orders) => legWithOrders(view.meta.tokens, held, orders)));
    if (this.#eventOf.get(market) !== event) this.forget(market);
    this.#eventOf.set(market, event);
    let legs = this.#legs.get(event);
    if (legs === undefined) this.#legs.set(event, (legs = new Map()));
    legs.set(market, leg);
  }

  /**
   * The market's part after an evaluation, as its share of the global limits: the approved
   * orders; while cancels are unanswered, the larger of those and the ones it has (`resting`);
   * with the overlap, the union of both (`union`). A pulled market: what it has.
   */
  settle(
    view: MarketView,
    event: string,
    approved: readonly EventOrder[],
    resting: readonly LiveOrderView[] | undefined,
    union: readonly EventOrder[] | undefined,
  ): void {
    this.hold(view, event, union !== undefined ? [union] : resting === undefined ? [approved] : [approved, restingOrders(resting)]);
  }

  /** A market no longer quoted leaves its event's figures. */
  forget(market: string): void {
    const event = this.#eventOf.get(market);
    if (event === undefined) return;
    this.#eventOf.delete(market);
    const legs = this.#legs.get(event)!;
    legs.delete(market);
    if (legs.size === 0) this.#legs.delete(event);
  }

  /** The per-order checks' room for one evaluation of `view`'s market, from its holding (its orders are the ones checked). */
  room(view: MarketView, event: string, limit: Decimal): EventRoom {
    const market = view.meta.conditionId;
    const others = this.#others(event, market);
    const held = heldOf(view);
    let { yes, no } = heldLeg(held);
    let first: EventBreach | undefined;
    const lossOf = (figure: 'yes' | 'no'): Decimal => (figure === 'yes' ? yes.plus(others.no) : no.plus(others.no).plus(others.lift));
    return {
      room(outcome, side, price, size) {
        const add = orderLoss(outcome, side, price, held);
        if (!add.perShare.gt(ZERO)) return undefined;
        const current = lossOf(add.figure);
        const whole = current.plus(add.perShare.mul(size));
        if (!whole.gt(limit)) return undefined;
        first ??= { event, market, loss: lossFigure(whole), limit, yes: add.figure === 'yes' ? market : others.liftFrom };
        const left = limit.minus(current);
        // Back to the module's Decimal: the room becomes an order's size.
        return left.gt(ZERO) ? new Decimal(new DecimalDown(left).div(add.perShare)) : ZERO;
      },
      take(outcome, side, price, size) {
        const add = orderLoss(outcome, side, price, held);
        if (add.figure === 'yes') yes = yes.plus(add.perShare.mul(size));
        else no = no.plus(add.perShare.mul(size));
      },
      breach: () => first,
    };
  }

  /**
   * Whether the market's holding with `orders` keeps the event within the limit, or, when its
   * holding alone is already past it, no worse than that.
   */
  fits(view: MarketView, event: string, orders: readonly EventOrder[], limit: Decimal): boolean {
    const market = view.meta.conditionId;
    const held = heldOf(view);
    const others = [...(this.#legs.get(event) ?? [])].filter(([m]) => m !== market);
    const cap = Decimal.max(limit, worstResolution([...others, [market, heldLeg(held)]]).loss);
    return !worstResolution([...others, [market, legWithOrders(view.meta.tokens, held, orders)]]).loss.gt(cap);
  }

  /**
   * The executor's check of places after cancels (position-doubt.ts): had the cancelled orders
   * filled unheard, their loss is the event's too (a price not known counts as the worst, 1).
   */
  unheardFit(view: MarketView, event: string, approved: readonly EventOrder[], orders: readonly UnheardOrder[], limit: Decimal): boolean {
    const filled = orders.map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price ?? ONE, size: o.remaining }));
    return this.fits(view, event, [...approved, ...filled], limit);
  }

  /** Every event's worst case, by event id. */
  snapshot(): EventStatus[] {
    return [...this.#legs]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([event, legs]) => {
        const worst = worstResolution(legs);
        return { event, markets: [...legs.keys()], worstLoss: lossFigure(worst.loss), worstIfYes: worst.yes };
      });
  }

  /** Every resolution's loss of one event (for tests and the docs' example). */
  resolutions(event: string): ReturnType<typeof resolutions> {
    return resolutions(this.#legs.get(event) ?? []);
  }

  #others(event: string, market: string): Others {
    let no = ZERO;
    let lift = ZERO;
    let liftFrom: string | undefined;
    for (const [m, leg] of this.#legs.get(event) ?? []) {
      if (m === market || leg === EMPTY_LEG) continue;
      no = no.plus(leg.no);
      const over = leg.yes.minus(leg.no);
      if (over.gt(lift)) {
        lift = over;
        liftFrom = m;
      }
    }
    return { no, lift, liftFrom };
  }
}
