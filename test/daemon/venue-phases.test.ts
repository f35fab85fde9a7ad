/**
 * The phases that talk to the venue, each against an in-process simulator over HTTP (live mode,
 * the operator's credentials): open-venue, select-markets, read-rules, cancel-orphans,
 * count-missed-fills, start-quoting and stop.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { cancelOrphans } from '../../src/daemon/cancel-orphans.js';
import type { Closers } from '../../src/daemon/closers.js';
import { armRisk } from '../../src/daemon/arm-risk.js';
import { countMissedFills } from '../../src/daemon/count-missed-fills.js';
import { createExecutor } from '../../src/daemon/create-executor.js';
import { newDaemonView } from '../../src/daemon/daemon-view.js';
import { openVenue, requireCredentials } from '../../src/daemon/open-venue.js';
import { readRules } from '../../src/daemon/read-rules.js';
import { restoreJournal } from '../../src/daemon/replay-journal.js';
import { selectMarketScope } from '../../src/daemon/select-markets.js';
import { startQuoting } from '../../src/daemon/start-quoting.js';
import { stopDaemon } from '../../src/daemon/stop-daemon.js';
import { startStreams } from '../../src/daemon/streams.js';
import { Heartbeat } from '../../src/metrics/heartbeat.js';
import { registerTickMetrics } from '../../src/metrics/tick-metrics.js';
import { ErrorCode } from '../../src/errors.js';
import { shardOf } from '../../src/market/shard.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { RecentProblems } from '../../src/metrics/recent-problems.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { checkTradingConfig } from '../../src/trading/config-check.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { ownedBy } from '../../src/execution/client-order-ids.js';
import { rejectionOf } from '../support/catch-error.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { phaseContext } from './phase-context.js';

let h: SimHarness;
let operator: VenueClient;
let marketIds: string[];

beforeAll(async () => {
  h = await startSimHarness({ markets: 3, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  operator = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  marketIds = (await operator.getMarkets({})).data.map((m) => m.condition_id);
});

afterAll(async () => {
  await operator?.close();
  await h?.close();
});

/** The client-order-id prefix of "this data directory" in these tests, and another daemon's. */
const EARLIER_RUN = 'mkearlier1';
const OTHER_DAEMON = 'mkotherd99';
const owns = ownedBy(EARLIER_RUN);

/** Rests a far-from-the-touch bid of the operator on outcome 0 of `market`; resolves with its id. */
async function restBid(market: string, price: string, prefix = EARLIER_RUN): Promise<string> {
  const m = (await operator.getMarkets({})).data.find((x) => x.condition_id === market)!;
  const r = await operator.postOrder({
    order: { asset_id: m.tokens[0]!.token_id, side: 'BUY', price, size: '20', expiration: '0', client_order_id: `${prefix}-1-${price}` },
    orderType: 'GTC',
  });
  return r.orderID;
}

/** The venue stack of a phase context: opened by the phase itself. */
async function opened(env: NodeJS.ProcessEnv = {}) {
  const p = phaseContext(h, { MAKERD_MARKETS: marketIds.slice(0, 2).join(','), ...env });
  const view = newDaemonView();
  const stack = await openVenue(p.ctx, { registry: createRegistry(), problems: new RecentProblems({ secrets: [] }), view });
  return { ...p, view, stack };
}

describe('phase open-venue', () => {
  it('opens the client behind the limiter, shows the limiter to the admin server, and needs credentials to trade', async () => {
    const { stack, view, lines, ctx } = await opened({ MAKERD_STREAM_USER: 'on' });
    try {
      expect(view.limiter).toBe(stack.limiter);
      expect(view.userStreamOn).toBe(true);
      expect((await stack.client.getMarkets({})).data).toHaveLength(3);
      expect(requireCredentials(stack, true, ctx.logger)?.address).toBe(h.credentials.address);
      expect(lines.some((l) => l.level === 'warn')).toBe(false);
    } finally {
      await stack.close();
    }
  });

  it('refuses to trade without credentials, and says so when it only watches', async () => {
    const none = { MAKERD_VENUE_ADDRESS: '', MAKERD_VENUE_API_KEY: '', MAKERD_VENUE_PASSPHRASE: '', MAKERD_VENUE_SECRET: '' };
    const { stack, ctx, lines } = await opened(none);
    try {
      expect(() => requireCredentials(stack, true, ctx.logger)).toThrow(/^live trading needs venue credentials .*trading\.monitorOnly/);
      expect(requireCredentials(stack, false, ctx.logger)).toBeUndefined();
      expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: 'monitor-only: watching markets; no order will be placed or cancelled' });
    } finally {
      await stack.close();
    }
  });
});

describe('phases select-markets and read-rules', () => {
  it("selects the configured markets with their strategy, then reads each market's rules", async () => {
    const { ctx, stack } = await opened();
    try {
      const strategies = await checkTradingConfig(ctx.config);
      const scope = await selectMarketScope(ctx, { client: stack.client, strategies });
      expect(scope.marketIds).toEqual(marketIds.slice(0, 2));
      expect([...scope.scope]).toEqual(marketIds.slice(0, 2));
      expect(scope.tokens).toHaveLength(4);
      expect(scope.bindings.map((b) => b.strategy.name)).toEqual(['bands', 'bands']);
      const metadata = await readRules(ctx, { client: stack.client, marketIds: scope.marketIds });
      try {
        for (const m of scope.marketIds) expect(metadata.get(m)?.tickSize.toFixed()).toMatch(/^0\.0+1$/);
      } finally {
        await metadata.close();
      }
    } finally {
      await stack.close();
    }
  });

  it('stops when no market falls in this shard', async () => {
    const market = marketIds[0]!;
    const other = 1 - shardOf(market, 2);
    const { ctx, stack } = await opened({ MAKERD_MARKETS: market, MAKERD_SHARD_COUNT: '2', MAKERD_SHARD_INDEX: String(other) });
    try {
      const err = await rejectionOf(selectMarketScope(ctx, { client: stack.client, strategies: await checkTradingConfig(ctx.config) }));
      expect(err.code).toBe(ErrorCode.CONFIG);
      expect(err.message).toBe('no market of this shard can be quoted (see the "market not quoted" lines)');
    } finally {
      await stack.close();
    }
  });
});

describe('phase cancel-orphans', () => {
  it("cancels and verifies the orders an earlier run left in this daemon's markets only", async () => {
    const [a, b] = [marketIds[0]!, marketIds[1]!];
    const left = [await restBid(a, '0.02'), await restBid(a, '0.03')];
    const others = await restBid(b, '0.02');
    const { ctx, stack, lines } = await opened();
    try {
      expect(await cancelOrphans(ctx, { venue: stack.client, scope: new Set([a]), owns })).toBe(2);
      expect(lines.at(-1)).toMatchObject({ msg: 'start-up: cancelled the open orders an earlier run left', cancelled: 2 });
      for (const id of left) expect((await operator.getOrder({ id })).status).toBe('CANCELED');
      expect((await operator.getOrder({ id: others })).status).toBe('LIVE');
      expect(await cancelOrphans(ctx, { venue: stack.client, scope: new Set([a]), owns })).toBe(0);
      expect(lines.at(-1)).toMatchObject({ msg: 'start-up: no open orders left by an earlier run' });
    } finally {
      await operator.cancelOrder({ orderId: others });
      await stack.close();
    }
  });

  it("refuses to start, naming the other prefix, when another daemon's orders rest in its markets, and cancels none", async () => {
    const [a, b] = [marketIds[0]!, marketIds[1]!];
    const ours = await restBid(a, '0.02');
    const theirs = [await restBid(a, '0.03', OTHER_DAEMON), await restBid(b, '0.03', OTHER_DAEMON)];
    const { ctx, stack } = await opened();
    try {
      const err = await rejectionOf(cancelOrphans(ctx, { venue: stack.client, scope: new Set([a]), owns }));
      expect(err.code).toBe(ErrorCode.CONFIG);
      expect(err.message).toContain(`1 open order(s) with client-order-id prefix ${OTHER_DAEMON} in 1 market(s) (${a})`);
      for (const id of [ours, ...theirs]) expect((await operator.getOrder({ id })).status).toBe('LIVE');
      // The other daemon gone from a (its order in b is outside the scope): ours in a is cleared.
      await operator.cancelOrder({ orderId: theirs[0]! });
      expect(await cancelOrphans(ctx, { venue: stack.client, scope: new Set([a]), owns })).toBe(1);
      expect((await operator.getOrder({ id: ours })).status).toBe('CANCELED');
      expect((await operator.getOrder({ id: theirs[1]! })).status).toBe('LIVE');
    } finally {
      for (const id of [ours, ...theirs]) await operator.cancelOrder({ orderId: id }).catch(() => undefined);
      await stack.close();
    }
  });

  it("HALTs a market while running when another trader's order appears there, logged once with its prefix", async () => {
    const [a, b] = [marketIds[0]!, marketIds[1]!];
    const { ctx, stack, lines } = await opened();
    const risk = new RiskGate(validateRiskLimits(ctx.config.risk));
    const executor = createExecutor(ctx, { client: stack.client, limiter: stack.limiter, risk, prefix: EARLIER_RUN });
    const theirs = await restBid(a, '0.02', OTHER_DAEMON);
    try {
      await executor.sync(new Set([a, b]));
      await executor.sync(new Set([a, b]));
      expect([risk.stateOf(a), risk.stateOf(b)]).toEqual(['HALTED', 'ACTIVE']);
      const halted = lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('market HALTED'));
      expect(halted).toHaveLength(1);
      expect(halted[0]).toMatchObject({
        level: 'error',
        market: a,
        orders: 1,
        prefixes: [OTHER_DAEMON],
        ownPrefix: EARLIER_RUN,
        msg: `market HALTED: orders of another trader on this account (client-order-id prefix ${OTHER_DAEMON}); one daemon per account and markets`,
      });
      expect(executor.tracker.openCount()).toBe(0);
      expect((await operator.getOrder({ id: theirs })).status).toBe('LIVE');
    } finally {
      await executor.stop();
      await operator.cancelOrder({ orderId: theirs });
      await stack.close();
    }
  });

  it('names the credentials when the venue refuses the first signed request', async () => {
    const { ctx, stack } = await opened({ MAKERD_VENUE_SECRET: Buffer.from('not the secret of this account!!').toString('base64') });
    try {
      const err = await rejectionOf(cancelOrphans(ctx, { venue: stack.client, scope: new Set([marketIds[0]!]), owns }));
      expect(err.code).toBe(ErrorCode.AUTH);
      expect(err.message).toMatch(/^the venue refused the credentials \(venue\.address, venue\.apiKey, venue\.passphrase, venue\.secret\)/);
    } finally {
      await stack.close();
    }
  });
});

describe('phases count-missed-fills and stop', () => {
  it('reads the positions, catches up on fills, and the stop cancels, flushes and closes in order', async () => {
    const { ctx, stack, lines } = await opened();
    const journal = await restoreJournal(ctx, { onJournalWrite: () => undefined });
    const metadata = await readRules(ctx, { client: stack.client, marketIds: marketIds.slice(0, 2) });
    const closers: Closers = [() => metadata.close()];
    const risk = new RiskGate(validateRiskLimits(ctx.config.risk));
    const feeds = await countMissedFills(ctx, {
      client: stack.client,
      credentials: stack.target.credentials,
      scope: new Set(marketIds.slice(0, 2)),
      metadata,
      journal,
      risk,
      checkLosses: () => undefined,
      onFills: () => undefined,
      closers,
    });
    expect(feeds.positions?.lastReadMs).toBeDefined();
    expect(feeds.feed).toBeDefined();
    expect(lines.find((l) => l.msg === 'start-up: fills since the last journaled one counted')).toMatchObject({ fills: 0 });
    // The rules, the positions poller and the settlements of resolved markets.
    expect(feeds.settlements).toBeDefined();
    expect(closers).toHaveLength(3);

    const resting = await restBid(marketIds[0]!, '0.04');
    const order: string[] = [];
    closers.push(() => void order.push('first started, last stopped'));
    let metricsClosed = false;
    const exitCode = await stopDaemon(ctx, {
      poller: undefined,
      closers,
      executor: undefined,
      feed: feeds.feed,
      stack,
      trade: true,
      scope: new Set(marketIds.slice(0, 2)),
      owns,
      journal: journal.journal,
      portfolio: journal.portfolio,
      metrics: { url: '', close: async () => void (metricsClosed = true) },
      orphansCleared: false,
    });
    expect(exitCode).toBe(0);
    expect(order).toEqual(['first started, last stopped']);
    expect(lines.map((l) => l.msg).slice(-2)).toEqual(['open orders cancelled', 'journal flushed']);
    expect((await operator.getOrder({ id: resting })).status).toBe('CANCELED');
    expect(metricsClosed).toBe(true);
  });
});

describe('phase count-missed-fills without credentials', () => {
  it('has no account to read: nothing starts', async () => {
    const { ctx } = phaseContext(undefined);
    const closers: Closers = [];
    const feeds = await countMissedFills(ctx, {
      client: undefined as never,
      credentials: undefined,
      scope: new Set(),
      metadata: undefined as never,
      journal: undefined as never,
      risk: undefined as never,
      checkLosses: () => undefined,
      onFills: () => undefined,
      closers,
    });
    expect(feeds).toEqual({ positions: undefined, feed: undefined });
    expect(closers).toEqual([]);
  });
});

describe('phase start-quoting', () => {
  it('turns the trading loop on every snapshot of the selected tokens, and starts the configured streams', async () => {
    const { ctx, stack, view, lines } = await opened({ MAKERD_STREAM_MARKET: 'on', MAKERD_MONITOR_ONLY: 'true' });
    const registry = createRegistry();
    const closers: Closers = [];
    try {
      const strategies = await checkTradingConfig(ctx.config);
      const { bindings, marketIds: ids, tokens, scope } = await selectMarketScope(ctx, { client: stack.client, strategies });
      const metadata = await readRules(ctx, { client: stack.client, marketIds: ids });
      closers.push(() => metadata.close());
      const journal = await restoreJournal(ctx, { onJournalWrite: () => undefined });
      const { portfolio } = journal;
      const armed = armRisk(ctx, { bindings, portfolio, view, onLossLimitChange: () => undefined });
      const executor = createExecutor(ctx, { client: stack.client, limiter: stack.limiter, risk: armed.risk, prefix: EARLIER_RUN });
      const heartbeat = new Heartbeat(ctx.clock, 60_000);
      const tickTimer = registerTickMetrics(registry);
      const { loop, books, poller } = startQuoting(ctx, {
        ...{ client: stack.client, registry, view, bindings, marketIds: ids, tokens, metadata, positions: undefined },
        ...{ risk: armed.risk, killSwitch: armed.killSwitch, checkLosses: armed.checkLosses, executor, limiter: stack.limiter },
        ...{ portfolio, heartbeat, tickTimer, trade: false },
      });
      expect(view.poller).toBe(poller);
      expect(view.books).toBe(books);
      expect(lines.find((l) => l.msg === 'quoting markets')).toMatchObject({ markets: 2, tokens: 4, strategies: ['bands'] });
      startStreams(ctx, {
        ...{ target: stack.target, credentials: undefined, view, marketIds: ids, scope, tokens, metadata },
        ...{ books, loop, poller, executor, feed: undefined, tickTimer, closers },
      });
      expect(view.streams.market).toBeDefined();
      expect(view.streams.user).toBeUndefined();
      expect(closers).toHaveLength(2);
      poller.start();
      h.clock.advance(0); // the first poll is due at once (on the daemon's clock)
      await vi.waitFor(() => expect(lines.find((l) => l.msg === 'market snapshot')).toMatchObject({ tick: 1, usable: 4 }), {
        timeout: 5_000,
        interval: 5,
      });
      expect(loop.stats.evaluations).toBeGreaterThan(0);
      expect(heartbeat.problem()).toBeUndefined();
      await poller.stop();
    } finally {
      for (const close of closers.reverse()) await close();
      await stack.close();
    }
  });
});
