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
import { type Decimal, ONE, ZERO } from '../money.js';
import type { Fill } from '../portfolio/fill.js';

interface Pending {
  readonly dueMs: number;
  readonly fill: Fill;
}

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

class Horizon {
  readonly ms: number;
  /** Per market, fills waiting for their horizon, oldest first (fills arrive in time order). */
  readonly queues = new Map<string, Pending[]>();
  readonly heads = new Map<string, number>();
  total: Decimal = ZERO;
  shares: Decimal = ZERO;
  fills = 0;
  adverseShares: Decimal = ZERO;
  adverseFills = 0;

  constructor(readonly horizonS: number) {
    this.ms = horizonS * 1000;
  }

  add(fill: Fill, mid0: Decimal): void {
    const mid = fill.outcomeIndex === 0 ? mid0 : ONE.minus(mid0);
    const edge = fill.side === 'BUY' ? mid.minus(fill.price) : fill.price.minus(mid);
    this.total = this.total.plus(edge.mul(fill.size));
    this.shares = this.shares.plus(fill.size);
    this.fills++;
    if (edge.isNegative() && !edge.isZero()) {
      this.adverseShares = this.adverseShares.plus(fill.size);
      this.adverseFills++;
    }
  }

  figure(): MarkoutFigure {
    let unresolved = 0;
    for (const [market, q] of this.queues) unresolved += q.length - (this.heads.get(market) ?? 0);
    return {
      horizonS: this.horizonS,
      perShare: this.shares.isZero() ? undefined : this.total.div(this.shares),
      total: this.total,
      shares: this.shares,
      fills: this.fills,
      adverseShares: this.adverseShares,
      adverseFills: this.adverseFills,
      unresolved,
    };
  }
}

export class MarkoutTracker {
  readonly #horizons: Horizon[];

  /** `horizonsS`: seconds, each >= 0 (0 = at the fill). */
  constructor(horizonsS: readonly number[]) {
    this.#horizons = [...new Set(horizonsS)].sort((a, b) => a - b).map((h) => new Horizon(h));
  }

  /** A fill at `nowMs`; `mid0` is the market's outcome-0 midpoint known at that moment. */
  onFill(fill: Fill, nowMs: number, mid0: Decimal | undefined): void {
    for (const h of this.#horizons) {
      if (h.ms === 0) {
        if (mid0 !== undefined) h.add(fill, mid0);
        continue;
      }
      let q = h.queues.get(fill.conditionId);
      if (q === undefined) h.queues.set(fill.conditionId, (q = []));
      q.push({ dueMs: nowMs + h.ms, fill });
    }
  }

  /** A poll at `nowMs` saw the market's outcome-0 midpoint `mid0`: settles the fills due. */
  onMid(conditionId: string, nowMs: number, mid0: Decimal | undefined): void {
    if (mid0 === undefined) return;
    for (const h of this.#horizons) {
      const q = h.queues.get(conditionId);
      if (q === undefined) continue;
      let head = h.heads.get(conditionId) ?? 0;
      while (head < q.length && q[head]!.dueMs <= nowMs) {
        h.add(q[head]!.fill, mid0);
        head++;
      }
      if (head > 1024 && head * 2 > q.length) {
        q.splice(0, head);
        head = 0;
      }
      h.heads.set(conditionId, head);
    }
  }

  figures(): MarkoutFigure[] {
    return this.#horizons.map((h) => h.figure());
  }
}
