/**
 * A position held through a market's end and resolution, end to end against the simulator:
 *
 * 1. In process (`runDaemon`, live mode over HTTP, the simulator's FakeClock shared, a second at a
 *    time): makerd quotes a market that ends (sim ends.everySec), a taker fills its bid, quoting
 *    stops at the stop and the position is held; at the resolution makerd settles it: realized PnL
 *    of the market equals the simulator's settlement of the same positions (their realized PnL +
 *    what a share pays - their cost, GET /positions) to the micro-USDC; /status's `redeemable`
 *    and makerd_redeemable_usdc equal what GET /positions shows redeemable; after POST
 *    /_sim/redeem (credited: that payout) nothing is redeemable, and `makerd pnl` says so.
 * 2. The real executable, SIGKILLed in the middle of a settlement: two markets held (trades of the
 *    account, makerd watching in trading.mode monitor); the first resolves and makerd is killed as
 *    soon as its settlement reaches the journal; the second resolves while no makerd runs. The
 *    restart replays the first settlement once and makes the second: realized PnL per market still
 *    equals the simulator's, and each token has exactly one settlement line.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pnlCommand } from '../../src/cli/commands/pnl.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { Decimal } from '../../src/money.js';
import { replayJournal } from '../../src/portfolio/journal-replay.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import type { SimAccount } from '../../src/sim/contracts.js';
import type { Position } from '../../src/venue/types.js';
import { operatorOf, takeOperatorQuote } from '../support/account-fills.js';
import { compiledPackage } from '../support/compile-package.js';
import { liveEnvFor } from '../support/live-env.js';
import { type Makerd, startMakerd } from '../support/makerd-process.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { type RequestCounts, untilSimQuiet } from '../support/sim-quiet.js';

const harnesses: SimHarness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

const micro = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);

/** The operator's positions as GET /positions lists them (every row, no size threshold). */
async function positionsOf(h: SimHarness, market?: string): Promise<Position[]> {
  const r = await h.request<Position[]>('GET', '/positions', { query: { user: h.credentials.address, sizeThreshold: 0, limit: 500 } });
  expect(r.status).toBe(200);
  return r.body.filter((p) => market === undefined || p.conditionId === market);
}

/** The simulator's settlement of a market's positions: their realized PnL + what they pay (curPrice 1 / 0) - their cost. */
function simSettlement(rows: readonly Position[]): Decimal {
  return rows.reduce((sum, p) => sum.add(String(p.realizedPnl)).add(String(p.currentValue)).sub(String(p.initialValue)), new Decimal(0));
}

/** The journal of `dataDir` folded as the daemon folds it: a market's realized PnL, the settlement lines. */
async function journalOf(dataDir: string): Promise<{ portfolio: Portfolio; settlementIds: string[] }> {
  const replay = await replayJournal({ dataDir, repair: false });
  const portfolio = new Portfolio({ clock: { now: () => 0 } });
  portfolio.applyEntries(replay.entries);
  const settlementIds = replay.entries.flatMap((e) => ('kind' in e && e.kind === 'settlement' ? [e.id] : []));
  return { portfolio, settlementIds };
}

/** Markets that end within the run, tick 0.01, minimum size at most 5, not neg-risk, in the order they end. */
function endingMarkets(h: SimHarness): { conditionId: string; endMs: number; tokens: readonly [string, string] }[] {
  return h.sim.world.catalog.markets
    .filter((m) => !m.negRisk && m.tickSize === '0.01' && new Decimal(m.minOrderSize).lte(5))
    .map((m) => ({ conditionId: m.conditionId, endMs: Date.parse(m.endDate), tokens: m.tokenIds }))
    .sort((a, b) => a.endMs - b.endMs);
}

describe('a position held through its market end and resolution', () => {
  it('is settled into realized PnL as the simulator settles it, redeemable until redeemed', { timeout: 300_000 }, async () => {
    const start = Date.UTC(2026, 0, 1, 12);
    const RESOLVE_AFTER = 30;
    const h = await startSimHarness({
      markets: 8,
      seed: 'settle',
      clock: new FakeClock(start),
      ends: { everySec: 300, resolveAfterSec: RESOLVE_AFTER },
    });
    harnesses.push(h);
    const [a] = endingMarkets(h);
    expect(a!.endMs).toBeGreaterThanOrEqual(start + 300_000);
    const maker = synthetic(h, 0);
    for (const t of a!.tokens) {
      rest(h, maker, t, 'BUY', '0.40', '100');
      rest(h, maker, t, 'SELL', '0.60', '100');
    }
    const stats = (): RequestCounts => h.sim.stats() as unknown as RequestCounts;
    const settle = (): Promise<void> => untilSimQuiet(stats);
    const records: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _e, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
        cb();
      },
    });
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-settle-e2e-')), 'data');
    const env = liveEnvFor(h, {
      MAKERD_MARKETS: a!.conditionId,
      MAKERD_STRATEGY: 'bands',
      MAKERD_STRATEGY_PARAMS: JSON.stringify({
        bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }],
      }),
      MAKERD_QUOTING_STOP_BEFORE_END_SEC: '60',
      MAKERD_POLLER_INTERVAL_MS: '2000',
      MAKERD_POLLER_STALE_AFTER_MS: '600000',
      MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '1000',
      MAKERD_STREAM_MARKET: 'on',
      MAKERD_STREAM_USER: 'on',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
    });
    const { config } = loadConfig({ env });
    const stop = new AbortController();
    const running = runDaemon(config, createLogger({ level: 'info', destination }), stop.signal, { clock: h.clock });
    let code: number | undefined;
    void running.then(
      (c) => (code = c),
      () => (code = -1),
    );
    const step = async (untilMs: number): Promise<void> => {
      while (h.clock.now() < untilMs) {
        h.clock.advance(1_000);
        await settle();
      }
    };
    try {
      await vi.waitFor(() => expect(records.some((r) => r.msg === 'phase started' && r.phase === 'trade')).toBe(true), {
        timeout: 60_000,
        interval: 20,
      });
      const url = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
      const status = async (): Promise<{
        redeemable: {
          usdc: string;
          markets: { market: string; payout: string; realizedPnl: string | null; shares: Record<string, string> }[];
        };
      }> => (await fetch(`${url}/status`)).json() as never;
      const metric = async (name: string): Promise<string | undefined> =>
        (await (await fetch(`${url}/metrics`)).text()).split('\n').find((l) => l.startsWith(name));

      // A taker fills 10 of its bid: makerd holds a position in the market.
      await takeOperatorQuote(h, synthetic(h, 1), { market: a!.conditionId, quote: 'bid', size: '10' });
      await step(h.clock.now() + 5_000);
      await vi.waitFor(async () => expect((await journalOf(dataDir)).portfolio.heldMarkets()).toEqual([a!.conditionId]), {
        timeout: 20_000,
        interval: 50,
      });
      // Through its stop, end and resolution.
      await step(a!.endMs + RESOLVE_AFTER * 1000 + 3_000);
      const ends = (await h.request<{ ended: { market: string; operator_orders_cancelled: number }[] }>('GET', '/_sim/ends')).body;
      expect(ends.ended.find((e) => e.market === a!.conditionId)?.operator_orders_cancelled).toBe(0);
      await vi.waitFor(() => expect(records.some((r) => typeof r.msg === 'string' && r.msg.startsWith('market resolved'))).toBe(true), {
        timeout: 20_000,
        interval: 20,
      });

      // Realized PnL of the market = the simulator's settlement of the same positions, to the micro-USDC.
      const rows = await positionsOf(h, a!.conditionId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.redeemable && (r.curPrice === 0 || r.curPrice === 1))).toBe(true);
      const ours = (await journalOf(dataDir)).portfolio.market(a!.conditionId)!;
      expect(micro(ours.realizedPnl)).toBe(micro(simSettlement(rows)));
      expect(ours.positions.map((q) => q.toFixed())).toEqual(['0', '0']);
      expect(ours.settlementPnl.isZero()).toBe(false);

      // Redeemable value = what GET /positions shows redeemable.
      const shown = rows.reduce((s, r) => s.add(String(r.currentValue)), new Decimal(0));
      const before = await status();
      expect(before.redeemable.usdc).toBe(shown.toFixed());
      expect(before.redeemable.markets.map((m) => [m.market, m.payout])).toEqual(shown.isZero() ? [] : [[a!.conditionId, shown.toFixed()]]);
      // It gives the market's realized PnL too (an ended market may have left /status's `markets`): the simulator's settlement.
      for (const m of before.redeemable.markets) expect(micro(new Decimal(m.realizedPnl!))).toBe(micro(simSettlement(rows)));
      expect(await metric('makerd_redeemable_usdc{market="all"}')).toBe(`makerd_redeemable_usdc{market="all"} ${shown.toNumber()}`);

      // The operator redeems: credited that payout; at the next reads nothing is redeemable.
      const redeemed = await h.request<{ credited: string }>('POST', '/_sim/redeem', { body: { market: a!.conditionId } });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.credited).toBe(shown.toFixed(6));
      await step(h.clock.now() + 3_000);
      await vi.waitFor(async () => expect((await status()).redeemable).toEqual({ usdc: '0', markets: [] }), {
        timeout: 20_000,
        interval: 50,
      });
      expect(await metric('makerd_redeemable_usdc{market="all"}')).toBe('makerd_redeemable_usdc{market="all"} 0');
      expect(await metric('makerd_redeemable_oldest_seconds')).toBe('makerd_redeemable_oldest_seconds 0');
      // Realized PnL unchanged by the redeem; `makerd pnl` reads the same from the journal.
      expect(micro((await journalOf(dataDir)).portfolio.market(a!.conditionId)!.realizedPnl)).toBe(micro(simSettlement(rows)));
      let out = '';
      const io: CliIo = { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: {} };
      expect(await pnlCommand({ data: { dir: dataDir } }, ['--json'], io)).toBe(0);
      const pnl = JSON.parse(out) as { settled: { redeemable: string; markets: { conditionId: string; redeemable: string }[] } };
      expect(pnl.settled.redeemable).toBe('0');
      expect(pnl.settled.markets.map((m) => [m.conditionId, m.redeemable])).toEqual([[a!.conditionId, '0']]);
    } finally {
      stop.abort('SIGTERM');
      for (let i = 0; code === undefined && i < 10_000; i++) {
        h.clock.advance(100);
        await settle();
      }
    }
    expect(code).toBe(0);
  });

  it('is settled once across a SIGKILL in the middle of the settlement and a restart', { timeout: 240_000 }, async () => {
    const start = Date.now();
    const h = await startSimHarness({
      markets: 30,
      seed: 'settle-kill',
      clock: new FakeClock(start),
      ends: { everySec: 600, resolveAfterSec: 60 },
      // The executable signs with the wall clock; the harness's clock jumps ahead.
      authWindowMs: 24 * 3_600_000,
    });
    harnesses.push(h);
    const bin = join(await compiledPackage(), 'src', 'cli', 'bin.js');
    const [a, b, c] = endingMarkets(h);
    expect(c).toBeDefined();
    const op = operatorOf(h);
    // The account trades in A and B (makerd only watches: trading.mode monitor): FAK orders of its
    // own against synthetic resting orders.
    const trade = (
      market: { tokens: readonly [string, string] },
      outcome: 0 | 1,
      side: 'BUY' | 'SELL',
      price: string,
      size: string,
    ): void => {
      const counter: SimAccount = synthetic(h, 2);
      rest(h, counter, market.tokens[outcome], side === 'BUY' ? 'SELL' : 'BUY', price, size);
      const r = h.sim.world.exchange.placeOrder(op, {
        order: { asset_id: market.tokens[outcome], side, price, size, expiration: '0', client_order_id: '' },
        owner: op.apiKey,
        orderType: 'FAK',
        postOnly: false,
      });
      expect(r).toMatchObject({ success: true, status: 'matched' });
      h.clock.advance(1_000);
    };
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-settle-kill-')), 'data');
    const envFor = (markets: string): NodeJS.ProcessEnv =>
      liveEnvFor(h, {
        MAKERD_TRADING_MODE: 'monitor',
        MAKERD_MARKETS: markets,
        MAKERD_POLLER_INTERVAL_MS: '500',
        MAKERD_POLLER_STALE_AFTER_MS: '86400000',
        MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '100',
        MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '100',
        MAKERD_DATA_DIR: dataDir,
        MAKERD_METRICS_PORT: '0',
        MAKERD_LOG_LEVEL: 'info',
      });
    const journalText = (): string =>
      readdirSync(join(dataDir, 'journal'))
        .map((f) => readFileSync(join(dataDir, 'journal', f), 'utf8'))
        .join('');
    const children: Makerd[] = [];
    try {
      const run1 = startMakerd(bin, envFor(`${a!.conditionId},${b!.conditionId}`));
      children.push(run1);
      await run1.line((l) => l.msg === 'phase started' && l.phase === 'trade');
      // A: long 20 of outcome 0, then 5 sold; long 8 of outcome 1. B: short 12 of outcome 0, long 6 of outcome 1.
      trade(a!, 0, 'BUY', '0.42', '20');
      trade(a!, 0, 'SELL', '0.47', '5');
      trade(a!, 1, 'BUY', '0.53', '8');
      trade(b!, 0, 'SELL', '0.61', '12');
      trade(b!, 1, 'BUY', '0.33', '6');
      await vi.waitFor(async () => expect((await replayJournal({ dataDir, repair: false })).fills).toHaveLength(5), {
        timeout: 20_000,
        interval: 20,
      });
      // A resolves: killed as soon as its settlement is in the journal (applied or not, logged or not).
      h.clock.advanceTo(a!.endMs + 61_000);
      await vi.waitFor(() => expect(journalText()).toContain('"kind":"settlement"'), { timeout: 20_000, interval: 2 });
      run1.proc.kill('SIGKILL');
      expect(await run1.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const rowsA = await positionsOf(h, a!.conditionId);
      // B resolves while no makerd runs.
      h.clock.advanceTo(b!.endMs + 61_000);
      const rowsB = await positionsOf(h, b!.conditionId);
      expect([...rowsA, ...rowsB].every((r) => r.redeemable)).toBe(true);

      // The restart (quoting nothing of A or B: they closed): the journal replayed, B settled at start.
      const run2 = startMakerd(bin, envFor(c!.conditionId));
      children.push(run2);
      await run2.line((l) => l.msg === 'phase started' && l.phase === 'trade');
      const replayed = run2.lines.find((l) => l.msg === 'journal replayed')!;
      expect(replayed.fills).toBe(5);
      expect(replayed.settlements).toBeGreaterThanOrEqual(1);
      const settledAtStart = run2.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('market resolved'));
      expect(settledAtStart.map((l) => l.market)).toContain(b!.conditionId);
      const { portfolio, settlementIds } = await journalOf(dataDir);
      // One settlement line per token held, none twice.
      expect([...settlementIds].sort()).toEqual(
        [`settle:${a!.tokens[0]}:2`, `settle:${a!.tokens[1]}:1`, `settle:${b!.tokens[0]}:1`, `settle:${b!.tokens[1]}:1`].sort(),
      );
      expect(micro(portfolio.market(a!.conditionId)!.realizedPnl)).toBe(micro(simSettlement(rowsA)));
      expect(micro(portfolio.market(b!.conditionId)!.realizedPnl)).toBe(micro(simSettlement(rowsB)));
      expect(run2.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('position mismatch'))).toEqual([]);

      // Redeemable: what GET /positions shows, until redeemed.
      const url = run2.lines.find((l) => l.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
      const status = async (): Promise<{ redeemable: { usdc: string } }> => (await fetch(`${url}/status`)).json() as never;
      const shown = [...rowsA, ...rowsB].reduce((s, r) => s.add(String(r.currentValue)), new Decimal(0));
      expect((await status()).redeemable.usdc).toBe(shown.toFixed());
      for (const m of [a!, b!]) expect((await h.request('POST', '/_sim/redeem', { body: { market: m.conditionId } })).status).toBe(200);
      await vi.waitFor(async () => expect((await status()).redeemable.usdc).toBe('0'), { timeout: 20_000, interval: 50 });

      run2.proc.kill('SIGTERM');
      expect(await run2.exited).toEqual({ code: 0, signal: null });
      // After the redemptions, realized PnL is still the simulator's settlement, once.
      const after = await journalOf(dataDir);
      expect(after.settlementIds).toHaveLength(4);
      // Not even a duplicate line the replay would drop: each settlement was written once.
      expect(
        journalText()
          .split('\n')
          .filter((l) => l.includes('"kind":"settlement"')),
      ).toHaveLength(4);
      // Every token settled was redeemed (the loser's shares too: the redeem takes both), once.
      expect(
        journalText()
          .split('\n')
          .filter((l) => l.includes('"kind":"redemption"')),
      ).toHaveLength(4);
      expect(micro(after.portfolio.totals().realizedPnl)).toBe(micro(simSettlement(rowsA).add(simSettlement(rowsB))));
      expect(after.portfolio.redeemable()).toEqual([]);
    } finally {
      for (const x of children) if (x.proc.exitCode === null && x.proc.signalCode === null) x.proc.kill('SIGKILL');
    }
  });
});
