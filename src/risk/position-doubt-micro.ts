/**
 * position-doubt.ts's check of places after cancels (`unheardFitDecimal`) in exact integers:
 * every share amount in micro-units (10^-6). It answers undefined, and the Decimal check runs,
 * when a value has more than 6 decimals or is too large for the sums to stay exact.
 * A randomized test holds the two equal.
 */
import type { MarketView } from '../market/market-view.js';
import { type Decimal, microOf, ZERO } from '../money.js';
import type { ApprovedSet, UnheardOrder } from './unheard-order.js';
import type { RiskLimits } from './risk-limits.js';

/** Each term below 2^46 micro-units (7 x 10^7 shares), at most 64 of them: every sum stays below 2^53. */
const TERM = 2 ** 46;
const TERMS = 64;

function micro(d: Decimal): number | undefined {
  const m = microOf(d);
  return m === undefined || Math.abs(m) >= TERM ? undefined : m;
}

export function unheardFitMicro(
  view: MarketView,
  limits: RiskLimits,
  approved: ApprovedSet,
  orders: readonly UnheardOrder[],
): boolean | undefined {
  if (orders.length + approved.approved.length > TERMS) return undefined;
  const [t0, t1] = view.meta.tokens;
  const doubt = view.doubt;
  const L = micro(limits.maxNetExposure);
  const P = micro(limits.maxPositionPerToken);
  const held0 = micro(view.position.outcome0);
  const held1 = micro(view.position.outcome1);
  const bids = micro(approved.bids);
  const asks = micro(approved.asks);
  const up = micro(doubt?.up ?? ZERO);
  const down = micro(doubt?.down ?? ZERO);
  const more0 = micro(doubt?.more[0] ?? ZERO);
  const more1 = micro(doubt?.more[1] ?? ZERO);
  if (
    L === undefined ||
    P === undefined ||
    held0 === undefined ||
    held1 === undefined ||
    bids === undefined ||
    asks === undefined ||
    up === undefined ||
    down === undefined ||
    more0 === undefined ||
    more1 === undefined
  )
    return undefined;
  let uUp = 0;
  let uDown = 0;
  let uBuy0 = 0;
  let uBuy1 = 0;
  for (const o of orders) {
    const outcome = o.tokenId === t0 ? 0 : o.tokenId === t1 ? 1 : undefined;
    if (outcome === undefined) continue;
    const r = micro(o.remaining);
    if (r === undefined) return undefined;
    if (o.side === 'BUY') {
      if (outcome === 0) uBuy0 += r;
      else uBuy1 += r;
    }
    if ((o.side === 'BUY') === (outcome === 0)) uUp += r;
    else uDown += r;
  }
  const q = held0 - held1;
  if (bids > 0 && q + up + bids + uUp > L) return false;
  if (asks > 0 && -(q - down - asks - uDown) > L) return false;
  if (uBuy0 === 0 && uBuy1 === 0 && doubt === undefined) return true;
  let buy0 = 0;
  let buy1 = 0;
  for (const a of approved.approved) {
    if (a.side !== 'BUY') continue;
    const size = micro(a.size);
    if (size === undefined) return undefined;
    if (a.tokenId === t0) buy0 += size;
    else if (a.tokenId === t1) buy1 += size;
  }
  if (buy0 > 0 && held0 + more0 + buy0 + uBuy0 > P) return false;
  if (buy1 > 0 && held1 + more1 + buy1 + uBuy1 > P) return false;
  return true;
}
