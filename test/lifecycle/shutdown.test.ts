/** What the orderly stop says when this run placed nothing: never "open orders may be left" for orders it never had. */
import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/clock/system-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { CancelVenue } from '../../src/lifecycle/cancel-and-verify.js';
import { shutdown, type ShutdownPlan } from '../../src/lifecycle/shutdown.js';
import { logCapture } from '../support/log-capture.js';

/** A venue that refuses every request (wrong credentials): nothing can be listed or cancelled. */
function refusingVenue(): CancelVenue & { calls: number } {
  const v = {
    calls: 0,
    getOpenOrders: async () => {
      v.calls++;
      throw new MakerdError(ErrorCode.AUTH, 'GET /data/orders: venue answered 401', { where: 'GET /data/orders' });
    },
    cancelMarketOrders: async () => {
      v.calls++;
      throw new MakerdError(ErrorCode.AUTH, 'DELETE /cancel-market-orders: venue answered 401', { where: 'x' });
    },
    cancelOrder: async () => {
      v.calls++;
      throw new MakerdError(ErrorCode.AUTH, 'DELETE /order: venue answered 401', { where: 'x' });
    },
  };
  return v;
}

function plan(over: Partial<ShutdownPlan>): { plan: ShutdownPlan; lines: Record<string, unknown>[] } {
  const { logger, lines } = logCapture();
  return {
    lines,
    plan: {
      clock: systemClock,
      logger,
      deadlineMs: systemClock.now() + 1_500,
      haltPlacing: vi.fn(),
      stopQuoting: async () => {},
      venue: refusingVenue(),
      markets: undefined,
      flush: async () => {},
      close: async () => {},
      ...over,
    },
  };
}

describe('shutdown when this run placed no order', () => {
  it('start-up had verified none left: nothing to cancel, no request, exit 0', async () => {
    const venue = refusingVenue();
    const { plan: p, lines } = plan({ venue, placedAny: () => false, earlierRunCleared: true });
    expect(await shutdown(p)).toBe(0);
    expect(venue.calls).toBe(0);
    expect(p.haltPlacing).toHaveBeenCalledOnce();
    expect(lines.map((l) => l.msg)).toEqual(['no order placed by this run and none left by an earlier one: nothing to cancel']);
  });

  it('start-up stopped before clearing an earlier run: says so, not "open orders may be left"', async () => {
    const { plan: p, lines } = plan({ placedAny: () => false, earlierRunCleared: false });
    expect(await shutdown(p)).toBe(1);
    const msgs = lines.map((l) => String(l.msg));
    expect(msgs.some((m) => m.startsWith('open orders may be left'))).toBe(false);
    expect(lines.find((l) => l.level === 'error')).toMatchObject({
      msg: 'this run placed no order, but could not verify that none an earlier run left is open: the next start-up cancels them',
      orderIds: [],
    });
  });

  it('an order placed: the unverified cancels are reported as orders that may be left', async () => {
    const { plan: p, lines } = plan({ placedAny: () => true, earlierRunCleared: true, knownOrderIds: () => ['o-1'] });
    expect(await shutdown(p)).toBe(1);
    expect(lines.find((l) => l.level === 'error')).toMatchObject({
      msg: 'open orders may be left at shutdown: cancels sent, but the venue answered no listing to verify them',
      orderIds: ['o-1'],
      listed: false,
    });
  });
});
