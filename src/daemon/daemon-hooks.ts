/** What `runDaemon`'s caller (the CLI, tests) may hand it, and how its stop signal is named. */
import type { Clock } from '../clock/clock.js';
import type { MakerdConfig } from '../config/schema.js';

/** Optional hooks of `runDaemon`: how SIGHUP reaches it and how it re-reads the configuration. */
export interface DaemonHooks {
  /** Subscribes to reload requests (SIGHUP); returns the unsubscribe function. */
  readonly onReload?: (listener: () => void) => () => void;
  /** Loads the configuration again from the same files, environment and flags. */
  readonly reloadConfig?: () => MakerdConfig;
  /** The daemon's clock (tests share a FakeClock with the simulator); default the system clock. */
  readonly clock?: Clock;
  /** Told what names the orders the daemon knows to be live (a forced exit names them). */
  readonly onLiveOrders?: (liveOrderIds: () => readonly string[]) => void;
}

/** The signal the stop request names (bin.ts aborts with it), e.g. `SIGTERM`. */
export function signalName(stop: AbortSignal): string | undefined {
  return typeof stop.reason === 'string' ? stop.reason : undefined;
}
