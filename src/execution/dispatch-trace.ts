/**
 * One tick's trace for tick-to-dispatch (design.md section 6): from the moment a polled batch of
 * books (or a stream update) is parsed and in hand to the moment the last request the tick sent
 * at once is signed and handed to the HTTP layer: the decision path, signing, and the wait in the
 * rate limiter's queue and for a slot in flight.
 *
 * Work the executor holds back on purpose is not dispatch latency and is timed apart (`held`,
 * makerd_dispatch_wait_seconds{cause}): a market whose earlier requests are still unanswered
 * (`market_busy`: one job per market, so that no two conflicting requests are in flight), places
 * that wait for the answer to the cancels of the orders they replace (`cancel_first`: risk would
 * otherwise count both), and posts the write budget defers (`budget`). Quote fidelity shows what
 * those waits cost.
 *
 * The trace is opened by whoever received the data, passed along with the market wishes it causes
 * (TradingLoop -> Executor.submit), and closed once the synchronous part of the tick is over. Each
 * wish holds the trace until the executor has carried it out (or a newer wish replaced it); every
 * request the wish sends stamps the trace (`sent`). When the trace is closed and nothing holds it
 * any more, `onDone` gets the seconds to the last stamp, and only if a request was sent at all.
 */
/** Why the executor held a tick's work back (the `cause` label of makerd_dispatch_wait_seconds). */
export type HeldCause = 'market_busy' | 'cancel_first' | 'budget';

export class DispatchTrace {
  readonly #startedAt: number;
  readonly #now: () => number;
  readonly #onDone: (seconds: number) => void;
  readonly #onHeld: ((cause: HeldCause, seconds: number) => void) | undefined;
  #holds = 0;
  #closed = false;
  #done = false;
  #lastSentAt: number | undefined;

  /**
   * `now` and `startedAt` in milliseconds of the same monotonic source (performance.now()).
   * `onHeld` gets the seconds from the tick's data to the first request of work held back.
   */
  constructor(
    startedAt: number,
    now: () => number,
    onDone: (seconds: number) => void,
    onHeld?: (cause: HeldCause, seconds: number) => void,
  ) {
    this.#startedAt = startedAt;
    this.#now = now;
    this.#onDone = onDone;
    this.#onHeld = onHeld;
  }

  /** A request caused by this tick was handed to the HTTP layer. */
  readonly sent = (): void => {
    this.#lastSentAt = this.#now();
  };

  /**
   * Work of this tick held back for `cause`: the returned callback stamps its first request sent
   * (later calls do nothing); it never stamps the tick itself.
   */
  held(cause: HeldCause): () => void {
    let stamped = false;
    return () => {
      if (stamped) return;
      stamped = true;
      this.#onHeld?.(cause, Math.max(0, this.#now() - this.#startedAt) / 1000);
    };
  }

  /** Keeps the trace open until the returned release is called (idempotent). */
  hold(): () => void {
    this.#holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      this.#finish();
    };
  }

  /** The synchronous part of the tick is over: no more holds will be taken. */
  close(): void {
    this.#closed = true;
    this.#finish();
  }

  #finish(): void {
    if (this.#done || !this.#closed || this.#holds > 0) return;
    this.#done = true;
    if (this.#lastSentAt !== undefined) this.#onDone(Math.max(0, this.#lastSentAt - this.#startedAt) / 1000);
  }
}
