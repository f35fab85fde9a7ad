import type { Clock } from '../clock/clock.js';

/** What a command needs from the outside world, so tests can run commands in-process. */
export interface CliIo {
  readonly stdout: { write(s: string): unknown };
  readonly stderr: { write(s: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); for long-running commands. */
  readonly stopSignal?: AbortSignal;
  /** Subscribes to reload requests (SIGHUP) for long-running commands; returns the unsubscribe. */
  readonly onReload?: (listener: () => void) => () => void;
  /** `makerd run` hands over what names its live orders (for a forced exit's last line). */
  readonly onLiveOrders?: (liveOrderIds: () => readonly string[]) => void;
  /**
   * `makerd run` says it is running: a crash (an uncaught exception or unhandled rejection) is then
   * logged through `logCrash` and stopped in order within `shutdownDeadlineMs`.
   */
  readonly onDaemon?: (daemon: { shutdownDeadlineMs: number; logCrash: (event: string, err: unknown) => void }) => void;
  /**
   * The time of a command that measures over time (`makerd survey`: its window, polls, the rate
   * limiter and retries); the system clock when absent. Tests pass a fake clock shared with a
   * simulator.
   */
  readonly clock?: Clock;
}

/** A command's usage problem: printed with a hint to --help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
