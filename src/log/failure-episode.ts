/**
 * One warning per episode of a repeating failure, not one per attempt: a venue outage makes the
 * same request fail every few hundred milliseconds (174 identical `cancel-market failed` lines in
 * 50 s). The first failure is logged as it happens; the following ones are counted; the first
 * success after them logs one line with how many failed and for how long.
 */
import type { Logger } from 'pino';

export class FailureEpisode {
  #failures = 0;
  #startedAtMs = 0;

  /**
   * @param what what fails, as the log says it (e.g. `cancel-market`).
   * @param noun what one failure is called in the log (`failure`, `refused answer`, ...).
   */
  constructor(
    private readonly logger: Logger | undefined,
    private readonly what: string,
    private readonly now: () => number,
    private readonly noun = 'failure',
  ) {}

  /** True while failures have not been followed by a success. */
  get ongoing(): boolean {
    return this.#failures > 0;
  }

  /** A failure: logged (with `fields`) when it opens an episode, counted otherwise. */
  failed(fields: Record<string, unknown>, msg: string): void {
    if (this.#failures++ === 0) {
      this.#startedAtMs = this.now();
      this.logger?.warn(fields, `${msg} (further ${this.what} ${this.noun}s are counted until one succeeds)`);
    }
  }

  /** A success: closes an open episode with one line. */
  succeeded(): void {
    if (this.#failures === 0) return;
    this.logger?.info(
      { failures: this.#failures, durationMs: this.now() - this.#startedAtMs },
      `${this.what} works again after ${this.#failures} ${this.noun}(s)`,
    );
    this.#failures = 0;
  }
}
