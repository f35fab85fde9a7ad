/** Configuration schema: the process around the engines: start-up and shutdown deadlines, the metrics server, the data directory, the log. */

export interface LifecycleConfig {
  startupDeadlineMs: number;
  shutdownDeadlineMs: number;
  acceptPositionMismatch: boolean;
}

export const lifecycleSchema = {
  startupDeadlineMs: {
    doc: 'Start-up: time allowed to cancel (and verify cancelled) the orders an earlier run left in the selected markets',
    format: 'positive-duration-ms',
    default: 30_000,
    env: 'MAKERD_STARTUP_DEADLINE_MS',
  },
  acceptPositionMismatch: {
    doc: 'Start-up: when the journal and the venue disagree on a position, log it and trade on (instead of REDUCING that market until restarted with this set)',
    format: 'strict-boolean',
    default: false,
    env: 'MAKERD_ACCEPT_POSITION_MISMATCH',
    arg: 'accept-position-mismatch',
  },
  shutdownDeadlineMs: {
    doc: 'Shutdown: time from the stop signal to exit, every request included (keep below TimeoutStopSec / the stop grace period)',
    format: 'positive-duration-ms',
    default: 20_000,
    env: 'MAKERD_SHUTDOWN_DEADLINE_MS',
  },
};

export interface MetricsConfig {
  host: string;
  port: number;
}

export const metricsSchema = {
  host: {
    doc: 'Interface of the /metrics, /healthz and /readyz server',
    format: 'non-empty-string',
    default: '127.0.0.1',
    env: 'MAKERD_METRICS_HOST',
  },
  port: {
    doc: 'Port of the metrics server (0 = ephemeral)',
    format: 'port-or-zero',
    default: 9464,
    env: 'MAKERD_METRICS_PORT',
    arg: 'metrics-port',
  },
};

export interface DataConfig {
  dir: string;
}

export const dataSchema = {
  dir: {
    doc: 'Directory of the journal and state files, which belong to one venue and one account: venue.json in it says whose, and a run of another venue or account is refused (docs/lifecycle.md)',
    format: 'non-empty-string',
    default: './data',
    env: 'MAKERD_DATA_DIR',
    arg: 'data-dir',
  },
};

export interface LogConfig {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export const logSchema = {
  level: {
    doc: 'Log level',
    format: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    env: 'MAKERD_LOG_LEVEL',
    arg: 'log-level',
  },
};
