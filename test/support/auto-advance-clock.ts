import type { Clock, TimerHandle } from '../../src/clock/clock.js';
import { FakeClock } from '../../src/clock/fake-clock.js';

/**
 * A FakeClock that moves to each timer's due time as soon as the timer is set (on the next
 * microtask), recording every wait. For code under test that waits on its clock between real
 * I/O steps (retry backoff): no real time passes, and the waits can be asserted exactly.
 */
export class AutoAdvanceClock implements Clock {
  readonly fake: FakeClock;
  readonly waits: number[] = [];

  constructor(startMs?: number) {
    this.fake = new FakeClock(startMs);
  }

  now(): number {
    return this.fake.now();
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    this.waits.push(ms);
    const handle = this.fake.setTimer(fn, ms);
    queueMicrotask(() => this.fake.advance(ms));
    return handle;
  }

  clearTimer(handle: TimerHandle): void {
    this.fake.clearTimer(handle);
  }
}
