/**
 * One tick's trace for tick-to-dispatch (design.md section 6): from the moment a polled batch of
 * books (or a stream update) is parsed and in hand to the moment the last request it caused is
 * signed and handed to the HTTP layer.
 *
 * The trace is opened by whoever received the data, passed along with the market wishes it causes
 * (TradingLoop -> Executor.submit), and closed once the synchronous part of the tick is over. Each
 * wish holds the trace until the executor has carried it out (or a newer wish replaced it); every
 * request the wish sends stamps the trace (`sent`). When the trace is closed and nothing holds it
 * any more, `onDone` gets the seconds to the last stamp, and only if a request was sent at all.
 */
export class DispatchTrace {
  readonly #startedAt: number;
  readonly #now: () => number;
  readonly #onDone: (seconds: number) => void;
  #holds = 0;
  #closed = false;
  #done = false;
  #lastSentAt: number | undefined;

  /** `now` and `startedAt` in milliseconds of the same monotonic source (performance.now()). */
  constructor(startedAt: number, now: () => number, onDone: (seconds: number) => void) {
    this.#startedAt = startedAt;
    this.#now = now;
    this.#onDone = onDone;
  }

  /** A request caused by this tick was handed to the HTTP layer. */
  readonly sent = (): void => {
    this.#lastSentAt = this.#now();
  };

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
