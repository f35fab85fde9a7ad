/**
 * The `streamFloodMb` fault: while it is on, every market-channel WebSocket connection is sent one
 * `book` message of that many MB, `streamFloodPerSec` times a second of real time (a socket cannot
 * wait on a fake clock). The message is built once (at the first tick that has a connection to
 * send to, for the first token a connection subscribed to) and the same bytes go to every
 * connection; a connection whose send buffer still holds the last one is skipped that tick, so a
 * reader that falls behind costs the simulator nothing more than one message.
 */
import { floodMessage, MB } from './hostile-answers.js';
import type { StatsRecorder } from './stats.js';

/** What the flood sends through (the WebSocket hub). */
export interface FloodTarget {
  /** A token some market-channel connection subscribed to, and its market; undefined when there is no connection. */
  floodToken(): { tokenId: string; market: string } | undefined;
  /** Sends `message` to every market-channel connection with room for it; how many it went to. */
  floodMarket(message: Buffer): number;
}

export class StreamFlood {
  readonly #target: FloodTarget;
  readonly #stats: StatsRecorder;
  #timer: NodeJS.Timeout | undefined;
  #message: Buffer | undefined;

  constructor(target: FloodTarget, stats: StatsRecorder) {
    this.#target = target;
    this.#stats = stats;
  }

  /** Starts, changes or (mb 0) stops the flood. */
  set(mb: number, perSec: number): void {
    this.close();
    if (!(mb > 0) || !(perSec > 0)) return;
    const bytes = Math.round(mb * MB);
    this.#timer = setInterval(() => this.#tick(bytes), Math.max(1, Math.round(1000 / perSec)));
    this.#timer.unref();
  }

  #tick(bytes: number): void {
    if (this.#message === undefined) {
      const token = this.#target.floodToken();
      if (token === undefined) return;
      this.#message = floodMessage(token.tokenId, token.market, bytes);
    }
    const sent = this.#target.floodMarket(this.#message);
    for (let i = 0; i < sent; i++) this.#stats.fault('stream_flood');
    if (sent > 0) this.#stats.faultBytes(['stream_flood'], sent * this.#message.length);
  }

  close(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#message = undefined;
  }
}
