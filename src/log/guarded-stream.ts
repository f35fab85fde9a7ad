/**
 * stdout and stderr as makerd writes to them: a write never throws and an error on the stream is
 * never fatal. A reader that goes away (`makerd run | head`, a Ctrl-C'd `jq`, a log shipper
 * restarting) makes Node emit EPIPE on the stream; unheard, that 'error' event is an uncaught
 * exception, which used to end the daemon without cancelling its orders. Here the stream is marked
 * broken, its later lines are dropped and counted (`makerd_log_lines_dropped_total{stream}`), and
 * the daemon goes on (it stops as before, on its signals).
 */

export interface LineSink {
  write(s: string): unknown;
}

export interface GuardedStream extends LineSink {
  readonly name: string;
  /** The error code that broke the stream (EPIPE, EIO, …); undefined while it works. */
  readonly brokenBy: string | undefined;
  /** Lines dropped because the stream was broken. */
  readonly dropped: number;
  /** Called once, when the stream breaks. */
  onBroken(listener: (code: string) => void): void;
}

interface NodeWritable {
  write(s: string): boolean;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

const guarded: GuardedStream[] = [];

/** Wraps a writable stream (process.stdout, process.stderr) so that writing to it is never fatal. */
export function guardStream(stream: NodeWritable, name: string): GuardedStream {
  let brokenBy: string | undefined;
  let dropped = 0;
  const listeners: ((code: string) => void)[] = [];
  const breaks = (err: unknown): void => {
    if (brokenBy !== undefined) return;
    brokenBy = (err as NodeJS.ErrnoException).code ?? (err as Error).message ?? 'error';
    for (const l of listeners.splice(0)) l(brokenBy);
  };
  stream.on('error', breaks);
  const g: GuardedStream = {
    name,
    get brokenBy() {
      return brokenBy;
    },
    get dropped() {
      return dropped;
    },
    onBroken(listener) {
      if (brokenBy !== undefined) listener(brokenBy);
      else listeners.push(listener);
    },
    write(s: string): boolean {
      if (brokenBy !== undefined) {
        dropped++;
        return false;
      }
      try {
        return stream.write(s);
      } catch (err) {
        breaks(err);
        dropped++;
        return false;
      }
    },
  };
  guarded.push(g);
  return g;
}

/** The process's guarded streams, for the metric of dropped lines. */
export function guardedStreams(): readonly GuardedStream[] {
  return guarded;
}
