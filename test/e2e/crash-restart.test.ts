/**
 * Crash-only recovery of the real executable: `makerd run` (live mode, user stream on) quotes two
 * markets of a simulator that runs in this test process; takers fill some of its orders and it is
 * SIGKILLed at once, with orders resting and fills it may not have journaled; one more of its
 * orders fills while no daemon runs. The restart, on the same data directory:
 *
 * - cancels every order the killed run left (and logs how many) before it places any order: the
 *   simulator's own event order proves it (every orphan's CANCELLATION precedes the first
 *   PLACEMENT, and when that placement happens no orphan is open);
 * - counts exactly the fills the journal lacks ('start-up: fills since the last journaled one
 *   counted'), so the journal then holds every fill of the account in GET /data/trades, none
 *   missing, none twice, and its positions agree with the venue's (no mismatch logged);
 * - on SIGTERM leaves no open order and exits 0.
 *
 * The executable is the package compiled for this vitest run (compiledPackage(), as
 * test/cli/bin-process.test.ts uses), so it tests the sources as they are now.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { replayJournal } from '../../src/portfolio/index.js';
import type { ExchangeEvent } from '../../src/sim/contracts.js';
import { fillKey, operatorOf, takeOperatorQuote, venueFills } from '../support/account-fills.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { compiledPackage } from '../support/compile-package.js';
import { type Makerd, msg, startMakerd } from '../support/makerd-process.js';

let bin: string;

let h: SimHarness;

beforeAll(async () => {
  h = await startSimHarness({
    markets: 4,
    clock: new FakeClock(Date.now()),
    edgeLimits: { enabled: false },
    // The executable signs with the wall clock; the harness's clock moves only when told to.
    authWindowMs: 600_000,
  });
  bin = join(await compiledPackage(), 'src', 'cli', 'bin.js');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('makerd run: SIGKILL, then restart on the same data directory', () => {
  it('cancels the orphans before placing, counts the missed fills once, and stops clean', async () => {
    const markets = h.sim.world.lookup.tokens().filter((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01') && t.minOrderSize.lte(10));
    expect(markets.length).toBe(2);
    const [a, b] = markets as [(typeof markets)[0], (typeof markets)[0]];
    const maker = synthetic(h, 0);
    for (const m of markets) {
      for (const t of [m.tokenId, m.oppositeTokenId]) {
        rest(h, maker, t, 'BUY', '0.40', '100');
        rest(h, maker, t, 'SELL', '0.60', '100');
      }
    }
    const taker = synthetic(h, 1);
    const op = operatorOf(h);
    const openOfOperator = () => h.sim.world.exchange.openOrders(op, {});
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-crash-')), 'data');
    const env = liveEnvFor(h, {
      MAKERD_MARKETS: `${a.conditionId},${b.conditionId}`,
      MAKERD_STRATEGY: 'bands',
      MAKERD_STRATEGY_PARAMS: JSON.stringify({
        bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
      }),
      MAKERD_STREAM_USER: 'on',
      // One POST /books per poll, inside the venue's 80 per 10 s.
      MAKERD_POLLER_INTERVAL_MS: '200',
      // The simulator's clock stands still between the test's steps (books keep their timestamp).
      MAKERD_POLLER_STALE_AFTER_MS: '3600000',
      MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '100',
      MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '200',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
      MAKERD_LOG_LEVEL: 'info',
    });
    const children: Makerd[] = [];
    try {
      // Run 1: quotes both sides of both markets.
      const run1 = startMakerd(bin, env);
      children.push(run1);
      await run1.line(msg('quoting markets'));
      await vi.waitFor(() => expect(openOfOperator()).toHaveLength(4), { timeout: 20_000, interval: 20 });

      // A fill the daemon journals (counted before the crash: the restart must not count it again).
      await takeOperatorQuote(h, taker, { market: a.conditionId, quote: 'bid', size: '10' });
      await vi.waitFor(async () => expect((await replayJournal({ dataDir, repair: false })).fills.length).toBeGreaterThanOrEqual(1), {
        timeout: 20_000,
        interval: 20,
      });
      // Two more, a second later, and SIGKILL at once: they are not journaled yet.
      h.clock.advance(1_000);
      await takeOperatorQuote(h, taker, { market: b.conditionId, quote: 'ask', size: '20' });
      await takeOperatorQuote(h, taker, { market: a.conditionId, quote: 'ask', size: '5' });
      run1.proc.kill('SIGKILL');
      expect(await run1.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // While no daemon runs, an orphaned order fills (only GET /data/trades can tell the restart).
      // Any orphan will do: the kill may land while run 1 re-prices one side, so which quotes rest
      // is not fixed.
      h.clock.advance(1_000);
      await takeOperatorQuote(h, taker, { size: '5', timeoutMs: 1_000 });

      const orphans = openOfOperator().map((o) => o.id);
      expect(orphans.length).toBeGreaterThan(0);
      const before = await replayJournal({ dataDir, repair: false });
      const journaled = before.fills.length;
      const onVenue = (await venueFills(h)).length;
      expect(onVenue).toBe(4);
      expect(journaled).toBeLessThan(onVenue);

      // Run 2, same data dir. The simulator's order events, in its own order.
      const events: { event: string; id: string; othersOpen: string[] }[] = [];
      const unsubscribe = h.sim.world.exchange.subscribe((e: ExchangeEvent) => {
        if (e.type !== 'order' || e.address !== op.address) return;
        // At a placement: which other orders of the account are open at that moment.
        const othersOpen =
          e.event === 'PLACEMENT'
            ? openOfOperator()
                .filter((o) => o.id !== e.order.id)
                .map((o) => o.id)
            : [];
        events.push({ event: e.event, id: e.order.id, othersOpen });
      });
      let run2: Makerd;
      try {
        run2 = startMakerd(bin, env);
        children.push(run2);
        await run2.line(msg('quoting markets'));
        await vi.waitFor(() => expect(openOfOperator()).toHaveLength(4), { timeout: 20_000, interval: 20 });
      } finally {
        unsubscribe();
      }
      const lines = run2.lines;
      const index = (m: string) => lines.findIndex(msg(m));

      // The journal of run 1 was replayed, the orphans cancelled (all of them, logged), then the
      // missing fills counted, then quoting; no position mismatch.
      expect(lines[index('journal replayed')]).toMatchObject({ fills: journaled, duplicates: 0 });
      expect(lines[index('start-up: cancelled the open orders an earlier run left')]).toMatchObject({ cancelled: orphans.length });
      expect(lines[index('start-up: fills since the last journaled one counted')]).toMatchObject({ fills: onVenue - journaled });
      expect(index('journal replayed')).toBeLessThan(index('start-up: cancelled the open orders an earlier run left'));
      expect(index('start-up: cancelled the open orders an earlier run left')).toBeLessThan(
        index('start-up: fills since the last journaled one counted'),
      );
      expect(index('start-up: fills since the last journaled one counted')).toBeLessThan(index('quoting markets'));
      expect(lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('position mismatch'))).toEqual([]);

      // In the simulator: every orphan cancelled before the first order of run 2 was placed.
      const firstPlacement = events.findIndex((e) => e.event === 'PLACEMENT');
      expect(firstPlacement).toBeGreaterThanOrEqual(0);
      const cancelledAt = orphans.map((id) => events.findIndex((e) => e.event === 'CANCELLATION' && e.id === id));
      for (const [i, at] of cancelledAt.entries()) {
        expect(at, `orphan ${orphans[i]} cancelled before the first placement`).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThan(firstPlacement);
      }
      expect(events[firstPlacement]!.othersOpen).toEqual([]);
      expect(events.slice(0, firstPlacement).every((e) => e.event === 'CANCELLATION')).toBe(true);

      // SIGTERM: everything cancelled and verified, exit 0.
      run2.proc.kill('SIGTERM');
      expect(await run2.exited).toEqual({ code: 0, signal: null });
      expect(run2.stderr()).toBe('');
      expect(openOfOperator()).toEqual([]);
      expect(lines.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
      expect(lines.find(msg('journal flushed'))).toMatchObject({ fills: onVenue - journaled });

      // The journal holds exactly the account's fills: none missing, none twice.
      const after = await replayJournal({ dataDir, repair: false });
      expect(after.warnings).toEqual([]);
      expect(after.duplicates).toBe(0);
      expect(after.records).toBe(after.fills.length);
      const venue = await venueFills(h);
      expect(venue).toHaveLength(onVenue);
      expect(after.fills.map(fillKey).sort()).toEqual(venue.map(fillKey).sort());
    } finally {
      for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    }
  }, 60_000);
});
