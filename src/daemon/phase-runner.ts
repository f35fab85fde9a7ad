/**
 * The daemon's life as named phases, in order. `run` marks a phase as the one in progress (what
 * /status shows as `phase`) and logs one line when it starts and one when it ends, with how long
 * it took: an operator sees where a slow or failed start-up stands without reading the code.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';

/** Every phase, in the order a run goes through them (a stop may cut start-up short). */
export const PHASES = [
  'check-config',
  'replay-journal',
  'serve-metrics',
  'open-venue',
  'select-markets',
  'read-rules',
  'arm-risk',
  'cancel-orphans',
  'count-missed-fills',
  'reconcile-positions',
  'start-quoting',
  'trade',
  'stop',
] as const;

export type PhaseName = (typeof PHASES)[number];

/** Before the first phase, and after the last. */
export type PhaseState = PhaseName | 'starting' | 'stopped';

export class PhaseRunner {
  #current: PhaseState = 'starting';

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The phase in progress; after a phase ends, still that phase until the next begins. */
  get current(): PhaseState {
    return this.#current;
  }

  /** Runs one phase; its error (if any) is logged with the phase's name and passed on unchanged. */
  async run<T>(phase: PhaseName, job: () => Promise<T> | T): Promise<T> {
    this.#current = phase;
    const startedAt = this.clock.now();
    this.logger.info({ phase }, 'phase started');
    try {
      const result = await job();
      this.logger.info({ phase, durationMs: this.clock.now() - startedAt }, 'phase finished');
      return result;
    } catch (err) {
      this.logger.info({ phase, durationMs: this.clock.now() - startedAt, err: (err as Error).message }, 'phase failed');
      throw err;
    } finally {
      if (phase === 'stop') this.#current = 'stopped';
    }
  }
}
