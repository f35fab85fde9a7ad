/**
 * The risk gate's side of MarketView.doubt: fills that may have happened unheard, or been counted
 * twice, until a GET /positions read settles them. Two rules keep the limits exact meanwhile:
 *
 * - `doubtfulLimits`: a market is checked against its limits less the doubt (exposure less the
 *   larger of `up` and `down`, each token's position less the larger `more`), so that its worst case
 *   stays inside the limit whichever way the doubt resolves.
 * - `unheardFillsFit`: a re-price places after its cancels' answers, and a cancel's answer says
 *   nothing of what the order matched before it went. The approved places were judged against the
 *   position before those cancels; they still go only if the cancelled orders' remainders, had they
 *   filled unheard, keep the approved set's worst case inside the limits. Otherwise the executor
 *   places nothing and the next evaluation (the remainders then doubt) decides.
 *
 * Pure: values in, values out.
 */
import { type MarketView, netExposure, type PositionDoubt } from '../market/market-view.js';
import { Decimal, ZERO } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { RiskLimits } from './risk-limits.js';

/** An order whose fills may go unheard: what is left of it, as the executor last knew. */
export interface UnheardOrder {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly remaining: Decimal;
}

/** Whether these orders, filled whole and unheard, keep the approved orders inside the limits. */
export type UnheardFillsFit = (orders: readonly UnheardOrder[]) => boolean;

/** The limits a market with this doubt is checked against (never below zero). */
export function doubtfulLimits(limits: RiskLimits, doubt: PositionDoubt): RiskLimits {
  const exposure = Decimal.max(doubt.up, doubt.down);
  const token = Decimal.max(doubt.more[0], doubt.more[1]);
  return {
    ...limits,
    maxNetExposure: Decimal.max(ZERO, limits.maxNetExposure.minus(exposure)),
    maxPositionPerToken: Decimal.max(ZERO, limits.maxPositionPerToken.minus(token)),
  };
}

/**
 * The check for the executor: `limits` are the market's before the doubt (the account's budget
 * under risk.scope account), `approved` what the gate let rest. A limit binds only in the direction
 * the approved orders add to: placing them adds nothing to a worst case they do not move.
 */
export function unheardFillsFit(view: MarketView, limits: RiskLimits, approved: readonly OrderIntent[]): UnheardFillsFit {
  return (orders) => {
    if (orders.length === 0 || approved.length === 0) return true;
    const [t0, t1] = view.meta.tokens;
    const doubt = view.doubt;
    // Outcome-0 exposure up (bids) and down (asks), and each token's buys: approved, then unheard.
    const moves = (list: readonly { tokenId: string; side: 'BUY' | 'SELL'; size: Decimal }[]) => {
      let up = ZERO;
      let down = ZERO;
      const buys = [ZERO, ZERO];
      for (const o of list) {
        const outcome = o.tokenId === t0 ? 0 : o.tokenId === t1 ? 1 : undefined;
        if (outcome === undefined) continue;
        if (o.side === 'BUY') buys[outcome] = buys[outcome]!.plus(o.size);
        if ((o.side === 'BUY') === (outcome === 0)) up = up.plus(o.size);
        else down = down.plus(o.size);
      }
      return { up, down, buys };
    };
    const wanted = moves(approved);
    const unheard = moves(orders.map((o) => ({ tokenId: o.tokenId, side: o.side, size: o.remaining })));
    const q = netExposure(view.position);
    const L = limits.maxNetExposure;
    if (wanted.up.gt(ZERO)) {
      const top = q
        .plus(doubt?.up ?? ZERO)
        .plus(wanted.up)
        .plus(unheard.up);
      if (top.gt(L)) return false;
    }
    if (wanted.down.gt(ZERO)) {
      const bottom = q
        .minus(doubt?.down ?? ZERO)
        .minus(wanted.down)
        .minus(unheard.down);
      if (bottom.neg().gt(L)) return false;
    }
    const held = [view.position.outcome0, view.position.outcome1] as const;
    for (const k of [0, 1] as const) {
      if (!wanted.buys[k]!.gt(ZERO)) continue;
      const most = held[k]
        .plus(doubt?.more[k] ?? ZERO)
        .plus(wanted.buys[k]!)
        .plus(unheard.buys[k]!);
      if (most.gt(limits.maxPositionPerToken)) return false;
    }
    return true;
  };
}
