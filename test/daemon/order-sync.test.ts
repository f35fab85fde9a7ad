import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { startOrderSync } from '../../src/daemon/order-sync.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { phaseContext } from './phase-context.js';

/** Lets the sync's promise chain settle (no time passes on the fake clock). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the open-order sync of phase start-quoting', () => {
  it('lists the open orders in scope every executor.syncIntervalMs, and goes on after a failure', async () => {
    const clock = new FakeClock(0);
    const { ctx, lines } = phaseContext(undefined, { MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '5000' }, clock);
    const scope = new Set(['m1']);
    const calls: [number, ReadonlySet<string>][] = [];
    let fail = true;
    const executor = {
      sync: async (s: ReadonlySet<string>) => {
        calls.push([clock.now(), s]);
        if (fail) {
          fail = false;
          throw new MakerdError(ErrorCode.TIMEOUT, 'GET /data/orders timed out');
        }
      },
    };
    const stop = startOrderSync(ctx, { executor, scope });
    clock.advance(4_999);
    expect(calls).toEqual([]);
    clock.advance(1);
    await settle();
    clock.advance(5_000);
    await settle();
    expect(calls).toEqual([
      [5_000, scope],
      [10_000, scope],
    ]);
    expect(lines.find((l) => l.msg === 'open-order sync failed')).toMatchObject({
      code: ErrorCode.TIMEOUT,
      err: 'GET /data/orders timed out',
    });
    stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('schedules no further sync once the daemon is stopping', async () => {
    const clock = new FakeClock(0);
    const { ctx, stop } = phaseContext(undefined, { MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '1000' }, clock);
    let calls = 0;
    startOrderSync(ctx, { executor: { sync: async () => void calls++ }, scope: new Set() });
    stop.abort();
    clock.advance(1_000);
    await settle();
    clock.advance(10_000);
    expect(calls).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });
});
