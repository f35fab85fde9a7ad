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
import type { RiskLimits } from './risk-limits.js';
import { unheardFitMicro } from './position-doubt-micro.js';
import type { ApprovedSet, UnheardFillsFit, UnheardOrder } from './unheard-order.js';

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

/** Shares of each outcome-0 direction and each token's buys, of orders on this market's tokens. */
interface Moves {
  up: Decimal;
  down: Decimal;
  readonly buys: [Decimal, Decimal];
}

function movesOf<T extends { readonly tokenId: string; readonly side: 'BUY' | 'SELL' }>(
  tokens: readonly [string, string],
  list: readonly T[],
  sizeOf: (o: T) => Decimal,
): Moves {
  const m: Moves = { up: ZERO, down: ZERO, buys: [ZERO, ZERO] };
  for (const o of list) {
    const outcome = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (outcome === undefined) continue;
    const size = sizeOf(o);
    if (o.side === 'BUY') m.buys[outcome] = m.buys[outcome].plus(size);
    // BUY outcome 0 and SELL outcome 1 take outcome-0 exposure up.
    if ((o.side === 'BUY') === (outcome === 0)) m.up = m.up.plus(size);
    else m.down = m.down.plus(size);
  }
  return m;
}

/**
 * The check for the executor: `limits` are the market's before the doubt (the account's budget
 * under risk.scope account), `approved` what the gate let rest. A limit binds only in the
 * direction the approved orders add to: placing them adds nothing to a worst case they do not
 * move. Called once per re-price at most, after its cancels: in micro-unit integers whenever
 * every value converts (position-doubt-micro.ts), else in Decimal (the reference).
 */
export function unheardFillsFit(view: MarketView, limits: RiskLimits, approved: ApprovedSet): UnheardFillsFit {
  return (orders) => {
    if (orders.length === 0 || approved.approved.length === 0) return true;
    return unheardFitMicro(view, limits, approved, orders) ?? unheardFitDecimal(view, limits, approved, orders);
  };
}

/** The check in Decimal. */
export function unheardFitDecimal(view: MarketView, limits: RiskLimits, approved: ApprovedSet, orders: readonly UnheardOrder[]): boolean {
  const tokens = view.meta.tokens;
  const doubt = view.doubt;
  const unheard = movesOf(tokens, orders, (o) => o.remaining);
  const q = netExposure(view.position);
  const L = limits.maxNetExposure;
  if (
    approved.bids.gt(ZERO) &&
    q
      .plus(doubt?.up ?? ZERO)
      .plus(approved.bids)
      .plus(unheard.up)
      .gt(L)
  )
    return false;
  if (
    approved.asks.gt(ZERO) &&
    q
      .minus(doubt?.down ?? ZERO)
      .minus(approved.asks)
      .minus(unheard.down)
      .neg()
      .gt(L)
  )
    return false;
  if (unheard.buys[0].isZero() && unheard.buys[1].isZero() && doubt === undefined) return true;
  const wanted = movesOf(tokens, approved.approved, (o) => o.size);
  const held = [view.position.outcome0, view.position.outcome1] as const;
  for (const k of [0, 1] as const) {
    if (!wanted.buys[k].gt(ZERO)) continue;
    const most = held[k]
      .plus(doubt?.more[k] ?? ZERO)
      .plus(wanted.buys[k])
      .plus(unheard.buys[k]);
    if (most.gt(limits.maxPositionPerToken)) return false;
  }
  return true;
}
