/**
 * A stream's bounds. Size (`stream.maxMessageBytes.*`): the largest message a connection may
 * deliver, the `ws` client's maxPayload. Rate (`stream.rate.*`): messages and bytes a connection
 * may deliver, on average over a window, counted before a message is decoded or parsed; a window
 * restarts with each connection and whenever the last one has run its length. Past either,
 * reconnecting-socket.ts closes the connection.
 */

/** Default of the size bound (`stream.maxMessageBytes.market`). */
export const DEFAULT_MAX_MESSAGE_BYTES = 16_777_216;

/** The size bound given (default DEFAULT_MAX_MESSAGE_BYTES), or a RangeError naming it. */
export function maxMessageBytesOf(given: number | undefined): number {
  const bytes = given ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isFinite(bytes) || bytes <= 0) throw new RangeError(`maxMessageBytes must be > 0 (got ${bytes})`);
  return bytes;
}

/** The rate bound of a stream, on average over a window. */
export interface StreamRate {
  readonly maxMessagesPerSec: number;
  readonly maxBytesPerSec: number;
  readonly windowMs: number;
}

export const DEFAULT_STREAM_RATE: StreamRate = { maxMessagesPerSec: 5_000, maxBytesPerSec: 4_194_304, windowMs: 5_000 };

/** What went over the bound, and what the window held when it did. */
export interface RateExcess {
  readonly messages: number;
  readonly bytes: number;
  readonly windowMs: number;
  readonly elapsedMs: number;
  /** The log line's words, e.g. `over 5000 messages/s (25001 within 5000 ms)`. */
  readonly what: string;
}

export class StreamRateWindow {
  readonly #rate: StreamRate;
  /** Messages and bytes one window may hold. */
  readonly #maxMessages: number;
  readonly #maxBytes: number;
  #start = 0;
  #messages = 0;
  #bytes = 0;

  constructor(rate: StreamRate = DEFAULT_STREAM_RATE) {
    for (const k of ['maxMessagesPerSec', 'maxBytesPerSec', 'windowMs'] as const) {
      if (!Number.isFinite(rate[k]) || rate[k] <= 0) throw new RangeError(`rate.${k} must be > 0 (got ${rate[k]})`);
    }
    this.#rate = rate;
    this.#maxMessages = (rate.maxMessagesPerSec * rate.windowMs) / 1000;
    this.#maxBytes = (rate.maxBytesPerSec * rate.windowMs) / 1000;
  }

  /** Starts an empty window at `nowMs` (a new connection). */
  restart(nowMs: number): void {
    this.#start = nowMs;
    this.#messages = 0;
    this.#bytes = 0;
  }

  /**
   * Counts a message of `bytes` at `nowMs`. `rolled`: the window before it had run its length
   * (within bounds, or it would have been refused). `excess`: the window now holds more than the
   * bound allows.
   */
  admit(nowMs: number, bytes: number): { rolled: boolean; excess: RateExcess | undefined } {
    const { windowMs } = this.#rate;
    const rolled = nowMs - this.#start >= windowMs;
    if (rolled) this.restart(nowMs);
    this.#messages++;
    this.#bytes += bytes;
    if (this.#messages <= this.#maxMessages && this.#bytes <= this.#maxBytes) return { rolled, excess: undefined };
    const what =
      this.#messages > this.#maxMessages
        ? `over ${this.#rate.maxMessagesPerSec} messages/s (${this.#messages} within ${windowMs} ms)`
        : `over ${this.#rate.maxBytesPerSec} bytes/s (${this.#bytes} bytes within ${windowMs} ms)`;
    return { rolled, excess: { messages: this.#messages, bytes: this.#bytes, windowMs, elapsedMs: nowMs - this.#start, what } };
  }
}
