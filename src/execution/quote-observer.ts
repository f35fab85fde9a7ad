/**
 * What the executor observes of each market's live orders for the operator: whether it quotes
 * both sides (two-sided.ts) and whether its orders are what its strategy last wanted, within
 * tolerance (quote-fidelity.ts). Both are observed once per market per run of synchronous work
 * (a microtask after the first change), not on every order change: a market's cancel-then-place
 * changes its orders a dozen times in one turn, and states that last no time weigh nothing. The
 * state is observed at the time of that first change.
 */
import type { Decimal } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { DiffOrder } from './order-diff.js';
import { microPrices } from './price-gaps.js';
import { QuoteFidelity, quotesWithin } from './quote-fidelity.js';
import { TwoSidedTimer, twoSidedOf } from './two-sided.js';

/** A market's latest wish, with its prices in micro-units worked out once (undefined: none such). */
interface WantedQuotes {
  readonly wanted: readonly OrderIntent[];
  readonly tolerance: Decimal;
  readonly prices: readonly number[] | undefined;
}

export class QuoteObserver {
  readonly twoSided = new TwoSidedTimer();
  readonly fidelity = new QuoteFidelity();
  readonly #liveOrders: (market: string) => DiffOrder[];
  readonly #now: () => number;
  /** The latest wanted orders per market: what quote fidelity compares the live orders with. */
  readonly #wanted = new Map<string, WantedQuotes>();
  /** Markets due for observation, with the time they became due. */
  readonly #due = new Map<string, number>();
  #queued = false;

  constructor(liveOrders: (market: string) => DiffOrder[], now: () => number) {
    this.#liveOrders = liveOrders;
    this.#now = now;
  }

  /** The strategy's latest wish for the market; `tolerance` in price units (executor.repriceTicks). */
  want(market: string, wanted: readonly OrderIntent[], tolerance: Decimal): void {
    this.#wanted.set(market, { wanted, tolerance, prices: microPrices(wanted) });
    this.soon(market);
  }

  /** The market's orders or wish changed: observe it once this run of synchronous work is over. */
  soon(market: string): void {
    if (!this.#due.has(market)) this.#due.set(market, this.#now());
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      for (const [m, atMs] of this.#due) {
        const live = this.#liveOrders(m);
        this.twoSided.observe(m, twoSidedOf(live), atMs);
        const w = this.#wanted.get(m);
        if (w !== undefined) this.fidelity.observe(m, quotesWithin(w.wanted, live, w.tolerance, w.prices), atMs);
      }
      this.#due.clear();
    });
  }
}
