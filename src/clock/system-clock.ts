import type { Clock, TimerHandle } from './clock.js';

interface SystemTimerHandle extends TimerHandle {
  readonly timeout: NodeJS.Timeout;
}

let nextId = 1;

/** Wall-clock time. Timers are unref'd so that a pending timer never keeps the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timeout = setTimeout(fn, Math.max(0, ms));
    timeout.unref();
    const handle: SystemTimerHandle = { id: nextId++, timeout };
    return handle;
  },
  clearTimer(handle) {
    clearTimeout((handle as SystemTimerHandle).timeout);
  },
};
