import type { Clock } from '../../clock/clock.js';
import { ErrorCode, MakerdError } from '../../errors.js';

/** Waits `ms` of the clock's time; the caller's signal ends the wait with ABORTED. */
export function abortableWait(clock: Clock, ms: number, signal: AbortSignal | undefined, where: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new MakerdError(ErrorCode.ABORTED, `${where}: aborted by the caller`, { where });
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const onAbort = () => {
      clock.clearTimer(handle);
      reject(aborted());
    };
    const handle = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
