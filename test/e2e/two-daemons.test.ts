/**
 * One daemon per account and markets, with the real executable: `makerd run` A quotes two markets
 * of a simulator (one of its quotes filled and journaled); then a second `makerd run` on the same
 * account and markets starts, once on another data directory and once on A's:
 *
 * - on another data directory it refuses to start (exit 1) naming A's client-order-id prefix,
 *   cancels none of A's orders (not at start-up, not at its stop) and places none;
 * - on A's data directory it refuses at once (exit 1) naming A's pid (the data directory's lock);
 * - A keeps quoting with the same orders, and its journal holds every fill of the account once.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { replayJournal } from '../../src/portfolio/index.js';
import type { ExchangeEvent } from '../../src/sim/contracts.js';
import { fillKey, operatorOf, takeOperatorQuote, venueFills } from '../support/account-fills.js';
import { compiledPackage } from '../support/compile-package.js';
import { liveEnvFor } from '../support/live-env.js';
import { type Makerd, msg, startMakerd } from '../support/makerd-process.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let bin: string;

let h: SimHarness;

beforeAll(async () => {
  h = await startSimHarness({ markets: 4, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false }, authWindowMs: 600_000 });
  bin = join(await compiledPackage(), 'src', 'cli', 'bin.js');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('a second makerd run on the same account and markets', () => {
  it('refuses to start, on another data directory or the same, and leaves the first one alone', async () => {
    const markets = h.sim.world.lookup.tokens().filter((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01') && t.minOrderSize.lte(10));
    const [a, b] = markets as [(typeof markets)[0], (typeof markets)[0]];
    const maker = synthetic(h, 0);
    for (const m of [a, b]) {
      for (const t of [m.tokenId, m.oppositeTokenId]) {
        rest(h, maker, t, 'BUY', '0.40', '100');
        rest(h, maker, t, 'SELL', '0.60', '100');
      }
    }
    const taker = synthetic(h, 1);
    const op = operatorOf(h);
    const openOfOperator = () => h.sim.world.exchange.openOrders(op, {});
    const env = (dataDir: string) =>
      liveEnvFor(h, {
        MAKERD_MARKETS: `${a.conditionId},${b.conditionId}`,
        MAKERD_STRATEGY: 'bands',
        MAKERD_STRATEGY_PARAMS: JSON.stringify({
          bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
        }),
        MAKERD_STREAM_USER: 'on',
        MAKERD_POLLER_INTERVAL_MS: '200',
        MAKERD_POLLER_STALE_AFTER_MS: '3600000',
        MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '200',
        MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '200',
        MAKERD_DATA_DIR: dataDir,
        MAKERD_METRICS_PORT: '0',
        MAKERD_LOG_LEVEL: 'info',
      });
    const dirA = join(mkdtempSync(join(tmpdir(), 'makerd-two-a-')), 'data');
    const dirB = join(mkdtempSync(join(tmpdir(), 'makerd-two-b-')), 'data');
    const children: Makerd[] = [];
    try {
      const first = startMakerd(bin, env(dirA));
      children.push(first);
      await first.line(msg('quoting markets'));
      await vi.waitFor(() => expect(openOfOperator()).toHaveLength(4), { timeout: 20_000, interval: 20 });
      const prefixA = (JSON.parse(readFileSync(join(dirA, 'instance.json'), 'utf8')) as { prefix: string }).prefix;
      expect(openOfOperator().every((o) => o.client_order_id.startsWith(`${prefixA}-`))).toBe(true);
      await takeOperatorQuote(h, taker, { market: a.conditionId, quote: 'bid', size: '10' });
      await vi.waitFor(async () => expect((await replayJournal({ dataDir: dirA, repair: false })).fills).toHaveLength(1), {
        timeout: 20_000,
        interval: 20,
      });
      await vi.waitFor(() => expect(openOfOperator()).toHaveLength(4), { timeout: 20_000, interval: 20 });
      const quotedByA = openOfOperator()
        .map((o) => o.id)
        .sort();

      // Every order event of the account while the second daemons run.
      const events: string[] = [];
      const unsubscribe = h.sim.world.exchange.subscribe((e: ExchangeEvent) => {
        if (e.type === 'order' && e.address === op.address) events.push(`${e.event} ${e.order.client_order_id}`);
      });
      try {
        // Another data directory: another prefix; A's orders are "another trader's" to it.
        const other = startMakerd(bin, env(dirB));
        children.push(other);
        expect(await other.exited).toEqual({ code: 1, signal: null });
        const text = `${other.stderr()}\n${other.lines.map((l) => JSON.stringify(l)).join('\n')}`;
        expect(text).toContain(`4 open order(s) with client-order-id prefix ${prefixA} in 2 market(s)`);
        expect(other.lines.find(msg('quoting markets'))).toBeUndefined();

        // A's data directory: its lock names A's process.
        const same = startMakerd(bin, env(dirA));
        children.push(same);
        expect(await same.exited).toEqual({ code: 1, signal: null });
        expect(`${same.stderr()}\n${JSON.stringify(same.lines)}`).toContain(`is in use by makerd pid ${first.proc.pid}`);
        expect(same.lines.find(msg('phase started'))).toMatchObject({ phase: 'check-config' });
        expect(same.lines.filter(msg('phase started'))).toHaveLength(1);
      } finally {
        unsubscribe();
      }
      // Neither second daemon cancelled or placed anything: A's orders are the very same.
      expect(events).toEqual([]);
      expect(
        openOfOperator()
          .map((o) => o.id)
          .sort(),
      ).toEqual(quotedByA);

      // A goes on: another fill is journaled once, and its stop is clean.
      h.clock.advance(1_000);
      await takeOperatorQuote(h, taker, { market: b.conditionId, quote: 'ask', size: '10' });
      await vi.waitFor(async () => expect((await replayJournal({ dataDir: dirA, repair: false })).fills).toHaveLength(2), {
        timeout: 20_000,
        interval: 20,
      });
      first.proc.kill('SIGTERM');
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(openOfOperator()).toEqual([]);
      const journal = await replayJournal({ dataDir: dirA, repair: false });
      expect(journal.duplicates).toBe(0);
      expect(journal.records).toBe(journal.fills.length);
      expect(journal.fills.map(fillKey).sort()).toEqual((await venueFills(h)).map(fillKey).sort());
      expect(first.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('market HALTED'))).toEqual([]);
    } finally {
      for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    }
  }, 90_000);
});
