/**
 * Where the order posts go when the write budget binds (issue 17): avellaneda re-prices every
 * order on a one-tick move, and 500 tokens want far more posts than the venue's sustained limit.
 * Pure: the executor's pass (executor.ts) gives the markets waiting for work and the posts it may
 * send now; this says which posts go and what each market cancels with them.
 *
 * A market's work is its order diff without the cancel-by-market shortcut: the places it wants,
 * each paired with the live order of the same token and side it replaces (nearest price), and
 * the cancels with no replacement ("pulls"). Pulls always go (they cost no post and only take
 * risk off). A place goes only with the cancel it is paired with, so an order is never taken
 * off the book before its replacement is on its way: a market that is quoted stays quoted.
 *
 * The places of every market are ranked together, and the first `allowance` go:
 *  1. risk-reducing first: a SELL sells shares the account holds (legs.ts never sells what is not
 *     held), so it takes inventory off; a place replacing a larger live order (the risk gate
 *     trimmed the size) takes resting exposure off;
 *  2. then places that give a market a side it does not have (no live order on that outcome-0
 *     side once the pulls are gone): two-sided markets stay two-sided, one-sided ones get their
 *     other side, before inner levels are re-priced elsewhere;
 *  3. then by how wrong the live quote is: ticks between the order it replaces and the wanted
 *     price (a new level: the nearest live order on its token and side), most wrong first;
 *     resizes (same price) last;
 *  4. ties: the market's own order of wanted orders (strategies emit the inner levels first),
 *     then the order the markets came in.
 * A market all of whose places go, with more than `cancelMarketFraction` of its live orders
 * going (and at least two), cancels by market as diffMarket would: at once when it keeps nothing,
 * else only when the posts left over after the ranking pay for re-placing the orders it keeps.
 */
import { compareDecimals, type Decimal } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import { diffMarket, type DiffOrder, type DiffSettings } from './order-diff.js';
import { nearerPrice, ticksApart } from './price-gaps.js';
import { quoteSideOf } from './two-sided.js';

/** One place a market wants, what it replaces, and how urgent it is. */
export interface Candidate {
  readonly intent: OrderIntent;
  /** The live order cancelled with it (same token and side), if any. */
  readonly replaces: string | undefined;
  /** 0 risk-reducing (a SELL, or a resize down), 1 gives its market a missing side, 2 re-prices or adds a level. */
  readonly tier: 0 | 1 | 2;
  /** Ticks between the live order it replaces (else the nearest on its token and side) and the wanted price; Infinity when none. */
  readonly ticksOff: number;
  /** Its index in the market's wanted list. */
  readonly level: number;
}

export interface MarketWork {
  readonly market: string;
  /** Cancels with no replacement: always sent. */
  readonly pulls: readonly string[];
  readonly candidates: readonly Candidate[];
  /** How many live orders are kept as they are. */
  readonly kept: number;
  /** Every live order the diff saw (expiring ones included): what a cancel by market takes. */
  readonly live: readonly DiffOrder[];
  /** Every wanted order, for a cancel by market (which re-places what it would have kept). */
  readonly wanted: readonly OrderIntent[];
}

export interface MarketPlan {
  readonly market: string;
  readonly cancel: readonly string[];
  readonly cancelMarket: boolean;
  readonly place: readonly OrderIntent[];
  /** Live orders left as they are. */
  readonly kept: number;
  /** Places held back for the budget (sent in a later pass, if still wanted). */
  readonly deferred: number;
  /** The market's live orders the plan was made against (its work's). */
  readonly live: readonly DiffOrder[];
}

/**
 * The work of one market: `live` are its live orders, `expiring` the ids among them to renew
 * (cancelled and placed afresh even when they match).
 */
export function marketWork(
  market: string,
  wanted: readonly OrderIntent[],
  live: readonly DiffOrder[],
  expiring: ReadonlySet<string>,
  tick: Decimal,
  settings: DiffSettings,
): MarketWork {
  const fresh = expiring.size === 0 ? live : live.filter((o) => !expiring.has(o.id));
  const diff = diffMarket(wanted, fresh, tick, { ...settings, cancelMarketFraction: Number.POSITIVE_INFINITY });
  const cancelIds = expiring.size === 0 ? diff.cancel : [...diff.cancel, ...expiring];
  const free = live.filter((o) => cancelIds.includes(o.id));
  const pairs = diff.place.map((p) => {
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      const c = free[i]!;
      if (c.tokenId !== p.tokenId || c.side !== p.side) continue;
      if (best < 0 || nearerPrice(c.price, free[best]!.price, p.price)) best = i;
    }
    return best < 0 ? undefined : free.splice(best, 1)[0]!;
  });
  const pulled = new Set(free.map((o) => o.id));
  // Outcome-0 sides with a live order that stays (everything but the pulls).
  let bid = false;
  let ask = false;
  for (const o of live) {
    if (pulled.has(o.id)) continue;
    if (quoteSideOf(o.tokenId, o.side) === 'bid') bid = true;
    else ask = true;
  }
  const candidates = diff.place.map((intent, level): Candidate => {
    const replaced = pairs[level];
    // Risk-reducing: a SELL, or a resize down (the live order rests more shares than now wanted).
    const reduces = intent.side === 'SELL' || (replaced !== undefined && compareDecimals(replaced.remaining, intent.size) > 0);
    const tier = reduces ? 0 : (intent.quoteSide === 'bid' ? bid : ask) ? 2 : 1;
    const near = replaced ?? nearest(intent, live, pulled);
    const ticksOff = near === undefined ? Number.POSITIVE_INFINITY : ticksApart(near.price, intent.price, tick);
    return { intent, replaces: replaced?.id, tier, ticksOff, level };
  });
  return { market, pulls: free.map((o) => o.id), candidates, kept: diff.keep.length, live, wanted };
}

function nearest(intent: OrderIntent, live: readonly DiffOrder[], pulled: ReadonlySet<string>): DiffOrder | undefined {
  let best: DiffOrder | undefined;
  for (const o of live) {
    if (pulled.has(o.id) || o.tokenId !== intent.tokenId || o.side !== intent.side) continue;
    if (best === undefined || nearerPrice(o.price, best.price, intent.price)) best = o;
  }
  return best;
}

/** Ranking order: lower first. */
function compare(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || (b.ticksOff === a.ticksOff ? 0 : b.ticksOff > a.ticksOff ? 1 : -1) || a.level - b.level;
}

/** Plans every market of `works` with at most `allowance` posts in all (Infinity: no limit). */
export function planDispatch(works: readonly MarketWork[], allowance: number, cancelMarketFraction: number): MarketPlan[] {
  const total = works.reduce((n, w) => n + w.candidates.length, 0);
  let chosen: Set<Candidate> | undefined;
  let left = allowance - total;
  if (total > allowance) {
    // Stable: equal candidates keep their market's and the markets' order. Nothing affordable
    // (most passes while the budget binds): no ranking to do.
    const n = Math.max(0, Math.floor(allowance));
    chosen =
      n === 0
        ? new Set()
        : new Set(
            works
              .flatMap((w) => w.candidates)
              .sort(compare)
              .slice(0, n),
          );
    left = 0;
  }
  return works.map((w): MarketPlan => {
    const picked = chosen === undefined ? w.candidates : w.candidates.filter((c) => chosen.has(c));
    const cancel = [...w.pulls];
    for (const c of picked) if (c.replaces !== undefined) cancel.push(c.replaces);
    const deferred = w.candidates.length - picked.length;
    const live = w.live;
    if (deferred === 0 && cancel.length >= 2 && cancel.length > cancelMarketFraction * live.length) {
      // Every live order goes in one request; what would have been kept is placed afresh.
      const all = live.map((o) => o.id);
      if (w.kept === 0)
        return { market: w.market, cancel: all, cancelMarket: true, place: picked.map((c) => c.intent), kept: 0, deferred, live };
      if (w.kept <= left) {
        left -= w.kept;
        return { market: w.market, cancel: all, cancelMarket: true, place: w.wanted, kept: 0, deferred, live };
      }
    }
    return { market: w.market, cancel, cancelMarket: false, place: picked.map((c) => c.intent), kept: w.kept, deferred, live };
  });
}
