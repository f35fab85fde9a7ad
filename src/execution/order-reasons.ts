/**
 * Why the executor placed, cancelled or kept an order: the `reason` label of
 * makerd_orders_total{action,reason}. A fixed set of words:
 *
 *   placed        new        no order of the same token and side was cancelled for it in the pass
 *                 reprice    replaces an order of the same token and side at another price
 *                 resize     replaces one at the same price (its size was off, or a cancel-market
 *                            re-placed everything)
 *                 leg        replaces an order of the other token that quoted the same outcome-0
 *                            side and price (src/strategy/legs.ts chose the other leg: a BUY of one
 *                            token or a SELL of the other, as the holdings changed)
 *   cancelled     reprice / resize / leg   replaced in the same pass (as above)
 *   cancel_failed unwanted   not replaced: the strategy no longer wants it (fewer or no quotes,
 *                            the market has no metadata, the strategy failed)
 *                 risk       not replaced and the risk gate is why: kill switch, HALTED, error
 *                            back-off, or it refused or trimmed orders of this evaluation
 *                 stale      not replaced: the market's books are stale or missing
 *   kept          within_tolerance   a live order within executor.repriceTicks / resizeFraction
 *   deferred      budget     a wanted post held back because the write budget binds (counted once
 *                            per wish; sent in a later pass if still wanted, see dispatch-priority.ts)
 *   cancel_market, uncertain, adopted, vanished: none
 */
import { outcomeIndexOf } from '../market/token-id.js';
import { type Decimal, ONE } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { DiffOrder } from './order-diff.js';
import { microPrices } from './price-gaps.js';
import { quoteSideOf } from './two-sided.js';

/** What the executor did with an order: the `action` label. */
export type ExecutorAction =
  | 'placed'
  | 'cancelled'
  | 'cancel_market'
  | 'cancel_failed'
  | 'kept'
  | 'deferred'
  | 'uncertain'
  | 'adopted'
  | 'vanished';

/** Why orders that are not replaced are cancelled (the trading loop says, per wish). */
export type PullReason = 'unwanted' | 'risk' | 'stale';
export type PlaceReason = 'new' | 'reprice' | 'resize' | 'leg';
export type CancelReason = 'reprice' | 'resize' | 'leg' | PullReason;
export type OrderReason = PlaceReason | CancelReason | 'within_tolerance' | 'budget' | 'none';

/** Every (action, reason) pair the executor counts: the series exported from the start. */
export const ORDER_REASONS: Readonly<Record<ExecutorAction, readonly OrderReason[]>> = Object.freeze({
  placed: ['new', 'reprice', 'resize', 'leg'],
  cancelled: ['reprice', 'resize', 'leg', 'unwanted', 'risk', 'stale'],
  cancel_failed: ['reprice', 'resize', 'leg', 'unwanted', 'risk', 'stale'],
  kept: ['within_tolerance'],
  deferred: ['budget'],
  cancel_market: ['none'],
  uncertain: ['none'],
  adopted: ['none'],
  vanished: ['none'],
});

export interface PassReasons {
  /** Order id -> why it is cancelled. */
  readonly cancel: ReadonlyMap<string, CancelReason>;
  /** Per placed intent (same order as `placed`): why it is placed. */
  readonly place: readonly PlaceReason[];
}

/**
 * Pairs a pass's placements with its cancels of the same token and side (same price first, then
 * the nearest price): a pair is a `resize` when the prices are equal, else a `reprice`. A placement
 * left over then pairs with a cancel of the other token on the same outcome-0 side at the same
 * outcome-0 price: a `leg` switch. Cancels left over take `pull`; placements left over are `new`.
 */
export function classifyPass(cancelled: readonly DiffOrder[], placed: readonly OrderIntent[], pull: PullReason): PassReasons {
  const cancel = new Map<string, CancelReason>();
  const free = [...cancelled];
  // Prices in micro-units when all have that form (the common case): the same pairing, no Decimals made.
  const freeMicro = microPrices(free);
  const placedMicro = freeMicro === undefined ? undefined : microPrices(placed);
  const place = placed.map((p, j): PlaceReason => {
    const pm = placedMicro?.[j];
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      const c = free[i]!;
      if (c.tokenId !== p.tokenId || c.side !== p.side) continue;
      if (best < 0) best = i;
      else if (pm !== undefined ? Math.abs(freeMicro![i]! - pm) < Math.abs(freeMicro![best]! - pm) : nearer(c, free[best]!, p)) best = i;
    }
    if (best < 0) return 'new';
    const [c] = free.splice(best, 1);
    const cm = freeMicro?.splice(best, 1)[0];
    const same = pm !== undefined ? cm === pm : c!.price.eq(p.price);
    const reason = same ? 'resize' : 'reprice';
    cancel.set(c!.id, reason);
    return reason;
  });
  // Leg switches: among what is left, the other token's order quoting the same outcome-0 price.
  for (let j = 0; j < placed.length && free.length > 0; j++) {
    if (place[j] !== 'new') continue;
    const p = placed[j]!;
    const at = outcome0Price(p);
    const i = free.findIndex(
      (c) => c.tokenId !== p.tokenId && quoteSideOf(c.tokenId, c.side) === quoteSideOf(p.tokenId, p.side) && outcome0Price(c).eq(at),
    );
    if (i < 0) continue;
    const [c] = free.splice(i, 1);
    cancel.set(c!.id, 'leg');
    place[j] = 'leg';
  }
  for (const c of free) cancel.set(c.id, pull);
  return { cancel, place };
}

/** The outcome-0 price an order of either token quotes (1 - p on outcome 1). */
function outcome0Price(o: { readonly tokenId: string; readonly price: Decimal }): Decimal {
  return outcomeIndexOf(o.tokenId) === 0 ? o.price : ONE.minus(o.price);
}

/** True when `a` is strictly nearer `p`'s price than `b` (Decimal). */
function nearer(a: DiffOrder, b: DiffOrder, p: OrderIntent): boolean {
  return a.price.minus(p.price).abs().lt(b.price.minus(p.price).abs());
}
