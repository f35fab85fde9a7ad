/**
 * Market-stream events come in bursts: one socket read often carries many frames, several for the
 * same market (both outcomes, a book and its price changes). The stream applies each event to the
 * book store at once and adds its market here; the markets added are evaluated once each when the
 * burst is over (a microtask after the I/O callback that delivered it), under one tick-to-dispatch
 * trace that starts when the burst's first event was in hand. Evaluating a market once per event
 * instead re-ran the strategy, the risk gate and the order diff on books the same burst was about
 * to change again, and the requests of every evaluation waited for the whole burst anyway (they
 * are sent once the synchronous work is over).
 */
import type { DispatchTrace } from '../execution/index.js';

export interface MarketEventBatchOptions {
  /** Evaluates one market (the trading loop's `evaluate`). */
  readonly evaluate: (conditionId: string, trace: DispatchTrace) => void;
  /** Opens the trace of a burst that was in hand at `inHandAt` (the tick timer's `start`). */
  readonly startTrace: (inHandAt: number) => DispatchTrace;
  /** A market's evaluation threw: the others still run. */
  readonly onError: (conditionId: string, err: unknown) => void;
  /** When the burst is over; default queueMicrotask (tests flush by hand). */
  readonly schedule?: ((flush: () => void) => void) | undefined;
}

export class MarketEventBatch {
  readonly #o: MarketEventBatchOptions;
  /** Markets to evaluate, in the order their first event came. */
  #pending = new Set<string>();
  #trace: DispatchTrace | undefined;

  constructor(options: MarketEventBatchOptions) {
    this.#o = options;
  }

  /**
   * A market's book changed with an event in hand since `inHandAt` (performance.now()): it is
   * evaluated once the current burst is over.
   */
  add(conditionId: string, inHandAt: number): void {
    if (this.#trace === undefined) {
      this.#trace = this.#o.startTrace(inHandAt);
      (this.#o.schedule ?? queueMicrotask)(() => this.flush());
    }
    this.#pending.add(conditionId);
  }

  /** Evaluates the markets added since the last flush, once each. */
  flush(): void {
    const trace = this.#trace;
    const markets = this.#pending;
    this.#trace = undefined;
    this.#pending = new Set();
    if (trace === undefined) return;
    try {
      for (const m of markets) {
        try {
          this.#o.evaluate(m, trace);
        } catch (err) {
          this.#o.onError(m, err);
        }
      }
    } finally {
      trace.close();
    }
  }
}
