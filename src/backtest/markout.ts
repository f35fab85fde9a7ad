/**
 * Mark-out of fills: how the market's midpoint moved after each fill, per share, from the
 * account's side, so that adverse selection (being filled just before the price moves against
 * the fill) shows as a negative number:
 *
 *   mark-out(h) of one fill = sign x (mid(t + h) - price)     sign = +1 for a BUY, -1 for a SELL
 *
 * in the filled token's own prices (outcome 1's mid is 1 - outcome 0's). mid(t + h) is the
 * market's midpoint without the account's own orders (what the strategy quotes around) at the
 * first poll at or after t + h; for h = 0 it is the midpoint the loop knew when the fill happened
 * (the edge captured at the fill). A run's mark-out at h is the size-weighted mean over the fills
 * whose horizon ended inside the run (sum of sign x (mid - price) x size / sum of size), exact in
 * Decimal; fills too late for the horizon are left out and counted.
 *
 * Adverse fills at h: the fills whose own mark-out at h is below zero (a mark-out of exactly 0 is
 * not adverse), counted as fills and as shares; the reports' adverse-fill share is the shares'
 * (adverse shares / shares counted), weighted by size like the mark-out itself.
 */
import { type Decimal, MICRO_DP, MICRO_NOTIONAL_DP, ONE, microOf } from '../money.js';
import type { Fill } from '../portfolio/fill.js';
import { ExactSum } from './exact-sum.js';

/** A fill waiting for a horizon, with its price and size in micro-units when it has them. */
interface Pending {
  readonly dueMs: number;
  readonly fill: Fill;
  readonly priceMicro: number | undefined;
  readonly sizeMicro: number | undefined;
}

/** 1 in micro-units (outcome 1's midpoint is 1 - outcome 0's). */
const MICRO_ONE = 10 ** MICRO_DP;

export interface MarkoutFigure {
  readonly horizonS: number;
  /** Size-weighted mean mark-out per share; undefined when no fill reached the horizon. */
  readonly perShare: Decimal | undefined;
  /** Sum of sign x (mid - price) x size over the fills counted (USDC). */
  readonly total: Decimal;
  /** Shares and fills counted. */
  readonly shares: Decimal;
  readonly fills: number;
  /** Of those, the shares and fills whose mark-out is negative. */
  readonly adverseShares: Decimal;
  readonly adverseFills: number;
  /** Fills whose horizon ended after the run. */
  readonly unresolved: number;
}

/**
 * One horizon's sums. Exact either way: in micro-units (total in 1e-12 USDC) when the fill and the
 * midpoint have that form (every fill and nearly every midpoint of a run), else in Decimal.
 */
class Horizon {
  readonly ms: number;
  readonly total = new ExactSum(MICRO_NOTIONAL_DP);
  readonly shares = new ExactSum(MICRO_DP);
  fills = 0;
  readonly adverseShares = new ExactSum(MICRO_DP);
  adverseFills = 0;

  constructor(readonly horizonS: number) {
    this.ms = horizonS * 1000;
  }

  /** Settles `p` at the outcome-0 midpoint `mid0` (`mid0Micro`: it in micro-units, if it has that form). */
  settle(p: Pending, mid0: Decimal, mid0Micro: number | undefined): void {
    const { fill, priceMicro, sizeMicro } = p;
    if (mid0Micro !== undefined && priceMicro !== undefined && sizeMicro !== undefined) {
      const mid = fill.outcomeIndex === 0 ? mid0Micro : MICRO_ONE - mid0Micro;
      const edge = fill.side === 'BUY' ? mid - priceMicro : priceMicro - mid;
      const total = edge * sizeMicro;
      if (Number.isSafeInteger(total)) {
        this.total.addUnits(total);
        this.#count(edge < 0, fill, sizeMicro);
        return;
      }
    }
    const mid = fill.outcomeIndex === 0 ? mid0 : ONE.minus(mid0);
    const edge = fill.side === 'BUY' ? mid.minus(fill.price) : fill.price.minus(mid);
    this.total.add(edge.mul(fill.size));
    this.#count(edge.isNegative() && !edge.isZero(), fill, undefined);
  }

  #count(adverse: boolean, fill: Fill, sizeMicro: number | undefined): void {
    addSize(this.shares, fill, sizeMicro);
    this.fills++;
    if (adverse) {
      addSize(this.adverseShares, fill, sizeMicro);
      this.adverseFills++;
    }
  }

  figure(unresolved: number): MarkoutFigure {
    const total = this.total.value;
    const shares = this.shares.value;
    return {
      horizonS: this.horizonS,
      perShare: shares.isZero() ? undefined : total.div(shares),
      total,
      shares,
      fills: this.fills,
      adverseShares: this.adverseShares.value,
      adverseFills: this.adverseFills,
      unresolved,
    };
  }
}

function addSize(sum: ExactSum, fill: Fill, sizeMicro: number | undefined): void {
  if (sizeMicro === undefined) sum.add(fill.size);
  else sum.addUnits(sizeMicro);
}

function pending(dueMs: number, fill: Fill): Pending {
  return { dueMs, fill, priceMicro: microOf(fill.price), sizeMicro: microOf(fill.size) };
}

/** One market's fills waiting for their horizons: a queue per horizon, oldest first (fills arrive in time order). */
class MarketQueues {
  readonly queues: Pending[][];
  readonly heads: number[];
  /** The earliest time a queued fill falls due (Infinity: none queued): most polls settle nothing. */
  nextDueMs = Infinity;

  constructor(horizons: number) {
    this.queues = Array.from({ length: horizons }, () => []);
    this.heads = new Array<number>(horizons).fill(0);
  }
}

export class MarkoutTracker {
  readonly #horizons: Horizon[];
  readonly #markets = new Map<string, MarketQueues>();

  /** `horizonsS`: seconds, each >= 0 (0 = at the fill). */
  constructor(horizonsS: readonly number[]) {
    this.#horizons = [...new Set(horizonsS)].sort((a, b) => a - b).map((h) => new Horizon(h));
  }

  /** A fill at `nowMs`; `mid0` is the market's outcome-0 midpoint known at that moment. */
  onFill(fill: Fill, nowMs: number, mid0: Decimal | undefined): void {
    let m = this.#markets.get(fill.conditionId);
    if (m === undefined) this.#markets.set(fill.conditionId, (m = new MarketQueues(this.#horizons.length)));
    const p = pending(nowMs, fill);
    for (let i = 0; i < this.#horizons.length; i++) {
      const h = this.#horizons[i]!;
      if (h.ms === 0) {
        if (mid0 !== undefined) h.settle(p, mid0, microOf(mid0));
        continue;
      }
      m.queues[i]!.push({ ...p, dueMs: nowMs + h.ms });
      m.nextDueMs = Math.min(m.nextDueMs, nowMs + h.ms);
    }
  }

  /** A poll at `nowMs` saw the market's outcome-0 midpoint `mid0`: settles the fills due. */
  onMid(conditionId: string, nowMs: number, mid0: Decimal | undefined): void {
    if (mid0 === undefined) return;
    const m = this.#markets.get(conditionId);
    if (m === undefined || nowMs < m.nextDueMs) return;
    const mid0Micro = microOf(mid0);
    let next = Infinity;
    for (let i = 0; i < this.#horizons.length; i++) {
      const h = this.#horizons[i]!;
      const q = m.queues[i]!;
      let head = m.heads[i]!;
      while (head < q.length && q[head]!.dueMs <= nowMs) {
        h.settle(q[head]!, mid0, mid0Micro);
        head++;
      }
      if (head > 1024 && head * 2 > q.length) {
        q.splice(0, head);
        head = 0;
      }
      m.heads[i] = head;
      if (head < q.length) next = Math.min(next, q[head]!.dueMs);
    }
    m.nextDueMs = next;
  }

  figures(): MarkoutFigure[] {
    return this.#horizons.map((h, i) => {
      let unresolved = 0;
      for (const m of this.#markets.values()) unresolved += m.queues[i]!.length - m.heads[i]!;
      return h.figure(unresolved);
    });
  }
}
