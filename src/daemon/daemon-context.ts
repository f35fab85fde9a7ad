/** What every phase of a run is given: the configuration, the clock, the log and the stop signal. */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import type { MakerdConfig } from '../config/schema.js';

export interface DaemonContext {
  readonly config: MakerdConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Aborted by SIGTERM/SIGINT: start-up requests listen on it. */
  readonly stop: AbortSignal;
}
