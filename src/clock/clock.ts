/**
 * The one source of time for every time-dependent part of makerd. Production code receives a
 * Clock; tests and backtests pass a FakeClock so that time only moves when they say so.
 */
export interface TimerHandle {
  readonly id: number;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds of this clock's time. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}
