/**
 * What a stop signal (SIGINT, SIGTERM) means, given the ones before it. The first asks for an
 * orderly stop (cancel open orders, verify, exit). One arriving within REPEAT_WINDOW_MS of the
 * first is the same request delivered twice, not an operator's second word: Ctrl-C in a terminal
 * reaches both npm and makerd (the whole foreground process group) and npm forwards it too, and
 * `timeout` or a process-group kill does the same with SIGTERM. A signal after that window forces
 * an immediate exit (exit 130), for an operator who will not wait for the cancels.
 */
export const REPEAT_WINDOW_MS = 1_000;

export type StopSignalAction = 'stop' | 'repeat' | 'force';

export class StopSignals {
  #firstAtMs: number | undefined;

  /** Records a signal received at `nowMs` and says what to do about it. */
  receive(nowMs: number): StopSignalAction {
    if (this.#firstAtMs === undefined) {
      this.#firstAtMs = nowMs;
      return 'stop';
    }
    return nowMs - this.#firstAtMs < REPEAT_WINDOW_MS ? 'repeat' : 'force';
  }
}
