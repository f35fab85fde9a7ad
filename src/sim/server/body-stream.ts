/**
 * Writes an answer's body piece by piece, for the hostile-answer faults: with backpressure (the
 * next piece is generated only once the socket has taken the last, so a slow reader costs the
 * simulator one piece of memory, not the whole answer), or trickled one byte every
 * `TRICKLE_INTERVAL_MS` of real time (the `trickle` fault). Writing stops as soon as the client
 * hangs up (the response closes) or the server closes (`close()` ends every wait).
 */
import type { ServerResponse } from 'node:http';
import type { BodyPiece } from './hostile-answers.js';

/** The trickle's pace: one byte a second. */
export const TRICKLE_INTERVAL_MS = 1_000;

export interface StreamOptions {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number>>;
  /** One byte every TRICKLE_INTERVAL_MS instead of as fast as the socket takes it. */
  readonly trickle: boolean;
  /** Called with the bytes of each write (the stats' count of what a fault sent). */
  readonly onBytes?: (n: number) => void;
}

export class BodyStreamer {
  /** Pending waits (a trickle's pause, a drain): each resolves on close. */
  readonly #waits = new Set<() => void>();
  #closed = false;

  /** Ends every pending wait; the writes in progress then stop. */
  close(): void {
    this.#closed = true;
    for (const w of [...this.#waits]) w();
    this.#waits.clear();
  }

  /** Resolves after `ms` of real time, when `res` closes, or when the streamer closes. */
  #pause(res: ServerResponse, ms: number): Promise<void> {
    return this.#wait(res, (done) => {
      const t = setTimeout(done, ms);
      return () => clearTimeout(t);
    });
  }

  /** Resolves when `res` can take more, closes, or the streamer closes. */
  #drain(res: ServerResponse): Promise<void> {
    return this.#wait(res, (done) => {
      res.once('drain', done);
      return () => res.off('drain', done);
    });
  }

  #wait(res: ServerResponse, arm: (done: () => void) => () => void): Promise<void> {
    return new Promise<void>((resolve) => {
      let disarm = (): void => {};
      const done = (): void => {
        this.#waits.delete(done);
        res.off('close', done);
        disarm();
        resolve();
      };
      this.#waits.add(done);
      res.once('close', done);
      disarm = arm(done);
    });
  }

  #stopped(res: ServerResponse): boolean {
    return this.#closed || res.destroyed || res.writableEnded;
  }

  /** Writes the head, then `pieces`, then ends the answer; the bytes of body written. */
  async write(res: ServerResponse, pieces: Iterable<BodyPiece>, o: StreamOptions): Promise<number> {
    if (this.#stopped(res)) return 0;
    res.writeHead(o.status, o.headers);
    // The head goes out now: a trickled answer's client sees its headers at once, as a slow proxy's would.
    res.flushHeaders();
    let written = 0;
    for (const piece of pieces) {
      const buf = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (o.trickle) {
        for (let i = 0; i < buf.length; i++) {
          if (this.#stopped(res)) return written;
          if (written > 0) await this.#pause(res, TRICKLE_INTERVAL_MS);
          if (this.#stopped(res)) return written;
          res.write(buf.subarray(i, i + 1));
          written++;
          o.onBytes?.(1);
        }
        continue;
      }
      if (this.#stopped(res)) return written;
      const more = res.write(buf);
      written += buf.length;
      o.onBytes?.(buf.length);
      if (!more) await this.#drain(res);
    }
    if (!this.#stopped(res)) res.end();
    return written;
  }
}
