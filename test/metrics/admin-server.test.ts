/** The admin server's own parts: /healthz from the loop heartbeat, /status, and the recent problems it lists. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { createLogger } from '../../src/log/logger.js';
import { Heartbeat, heartbeatLimitMs } from '../../src/metrics/heartbeat.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { RecentProblems, tapProblems } from '../../src/metrics/recent-problems.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { DEFAULT_RISK_LIMITS, RiskGate } from '../../src/risk/index.js';
import { RateLimiter } from '../../src/limits/index.js';

/** A market's income with every part 0 (no fill, no reward estimate). */
const NO_INCOME = {
  trading: '0',
  settlement: '0',
  rebates: '0',
  unrealized: '0',
  rewards_estimated: '0',
  rewards_credited: '0',
  total: '0',
};

const fill = (over: Record<string, unknown>) => ({
  id: 't1',
  conditionId: 'm1',
  tokenId: 'tok0',
  outcomeIndex: 0 as const,
  side: 'BUY' as const,
  price: new Decimal('0.40'),
  size: new Decimal('10'),
  fee: new Decimal('0'),
  rebate: new Decimal('0'),
  role: 'maker' as const,
  atMs: 1_700_000_000_000,
  ...over,
});

describe('heartbeat', () => {
  it('is alive before the loop starts and while it beats, and says how long it has been stuck after the limit', () => {
    const clock = new FakeClock();
    const hb = new Heartbeat(clock, 10_000);
    clock.advance(60_000);
    expect(hb.problem()).toBeUndefined();
    hb.beat();
    clock.advance(10_000);
    expect(hb.problem()).toBeUndefined();
    clock.advance(1);
    expect(hb.problem()).toBe('main loop stalled: no poll tick for 10001 ms (limit 10000 ms)');
    hb.beat();
    expect(hb.problem()).toBeUndefined();
  });

  it('never calls a slow venue a dead loop: the limit covers a poll of timed-out, retried reads', () => {
    const venue = { timeouts: { requestMs: 15_000 }, retry: { maxAttempts: 3, maxMs: 5_000 } };
    expect(heartbeatLimitMs({ poller: { intervalMs: 1_000 }, venue })).toBe(15_000 * 3 + 5_000 * 2 + 1_000);
    expect(
      heartbeatLimitMs({ poller: { intervalMs: 100 }, venue: { timeouts: { requestMs: 1_000 }, retry: { maxAttempts: 1, maxMs: 100 } } }),
    ).toBe(10_000);
    expect(
      heartbeatLimitMs({
        poller: { intervalMs: 30_000 },
        venue: { timeouts: { requestMs: 1_000 }, retry: { maxAttempts: 1, maxMs: 100 } },
      }),
    ).toBe(90_000);
  });
});

describe('admin server', () => {
  it('serves /healthz 503 with the reason when the loop is stuck, /status as JSON, 404 elsewhere', async () => {
    const registry = createRegistry();
    let alive: string | undefined;
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      registry,
      notReadyReason: () => undefined,
      notAliveReason: () => alive,
      status: () => ({ state: 'ACTIVE', pnl: { total: '1.5' } }),
    });
    try {
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe('ok\n');
      alive = 'main loop stalled: no poll tick for 70000 ms (limit 55100 ms)';
      const stuck = await fetch(`${server.url}/healthz`);
      expect(stuck.status).toBe(503);
      expect(await stuck.text()).toBe(`${alive}\n`);
      const status = await fetch(`${server.url}/status`);
      expect(status.status).toBe(200);
      expect(status.headers.get('content-type')).toBe('application/json');
      expect(await status.json()).toEqual({ state: 'ACTIVE', pnl: { total: '1.5' } });
      expect((await fetch(`${server.url}/status/x`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/status document', () => {
  it('shows the state, readiness, each market with positions and PnL as strings, headroom, streams and errors', () => {
    const clock = new FakeClock(1_700_000_000_000);
    const portfolio = new Portfolio({ clock });
    portfolio.apply(fill({}) as never);
    portfolio.mark('tok0', new Decimal('0.45'));
    const risk = new RiskGate(DEFAULT_RISK_LIMITS);
    risk.evaluate(
      {
        meta: { conditionId: 'm1', tokens: ['tok0', 'tok1'] },
        books: [undefined, undefined],
        mid: undefined,
        position: { outcome0: new Decimal(10), outcome1: new Decimal(0) },
        liveOrders: [],
        nowMs: clock.now(),
      } as never,
      [],
      clock.now(),
    );
    const limiter = new RateLimiter({ clock });
    const src: StatusSource = {
      version: '9.9.9',
      startedAtMs: clock.now() - 90_000,
      now: () => clock.now(),
      notReady: () => 'last usable market snapshot is 9000 ms old',
      phase: () => 'trade',
      risk: () => risk.snapshot(clock.now()),
      portfolio: () => portfolio.snapshot(),
      limiter: () => limiter.snapshot(),
      markets: () => ['m1', 'm2'],
      bookAgeSeconds: (m) => (m === 'm1' ? 1.25 : Infinity),
      quotes: () => new Map([['m1', { bid: 1, ask: 0 }]]),
      lossLimits: () => ({ maxDailyLoss: new Decimal('100'), maxDrawdown: undefined, engaged: { daily_loss: false, drawdown: false } }),
      streams: () => ({
        enabled: { market: true, user: false },
        probes: { market: { subscribed: true, socketCounters: { reconnects: 1 } } },
      }),
      lastErrors: () => [
        {
          time: '2026-01-01T00:00:00.000Z',
          level: 'warn',
          component: 'poller',
          code: 'MAKERD_ERR_TIMEOUT',
          message: 'poll request failed',
        },
      ],
      quoteFidelity: () => ({ overall: 0.812_345, markets: new Map([['m1', 0.75]]) }),
      guards: (m) =>
        m === 'm1'
          ? { bid: { guard: 'jump', pulled: true, ticks: 0, untilMs: Date.UTC(2026, 0, 1, 0, 0, 30) }, ask: undefined }
          : undefined,
    };
    const s = buildStatus(src);
    limiter.close();
    expect(s).toMatchObject({
      state: 'ACTIVE',
      killSwitch: false,
      ready: false,
      reason: 'last usable market snapshot is 9000 ms old',
      phase: 'trade',
      version: '9.9.9',
      uptimeSeconds: 90,
    });
    expect(s.markets).toEqual([
      {
        market: 'm1',
        question: null,
        slug: null,
        state: 'ACTIVE',
        bookAgeSeconds: 1.25,
        quotes: { bid: 1, ask: 0 },
        positions: { '0': '10', '1': '0' },
        pnl: { realized: '0', unrealized: '0.5', total: '0.5' },
        income: { ...NO_INCOME, unrealized: '0.5', total: '0.5' },
        fills: 1,
        quoteFidelity: 0.75,
        guards: { bid: { guard: 'jump', action: 'pull', ticks: 0, until: '2026-01-01T00:00:30.000Z' }, ask: null },
      },
      {
        market: 'm2',
        question: null,
        slug: null,
        state: 'ACTIVE',
        bookAgeSeconds: null,
        quotes: { bid: 0, ask: 0 },
        positions: { '0': '0', '1': '0' },
        pnl: { realized: '0', unrealized: '0', total: '0' },
        income: NO_INCOME,
        fills: 0,
        quoteFidelity: null,
      },
    ]);
    expect(s.quoteFidelity).toBe(0.8123);
    expect(s.fills).toBe(1);
    expect(s.pnl).toMatchObject({ realized: '0', unrealized: '0.5', total: '0.5' });
    expect(s.lossLimits).toEqual({ daily_loss: { limit: '100', engaged: false }, drawdown: { limit: null, engaged: false } });
    const books = s.limits.find((l) => l.scope === 'POST /books' && l.window === '10s')!;
    expect(books).toMatchObject({ used: 0, headroom: 1 });
    expect(books.capacity).toBeGreaterThan(0);
    expect(s.streams).toEqual({
      market: { enabled: true, connected: true, reconnects: 1 },
      user: { enabled: false, connected: false, reconnects: 0 },
    });
    expect(s.lastErrors).toHaveLength(1);
  });
});

describe('recent problems', () => {
  it('keeps the last warn/error lines as written: time, level, component, code, message; never other fields or a secret', () => {
    const secret = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==';
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const parent = createLogger({ level: 'info', destination, secrets: [secret] });
    const problems = new RecentProblems({ max: 3, secrets: ['api-key-value-1234'] });
    const logger = tapProblems(parent, problems);
    const poller = logger.child({ component: 'poller' });
    poller.info('not a problem');
    poller.warn(
      { code: 'MAKERD_ERR_TIMEOUT', err: `timed out with ${secret}`, headers: { SERVICE_SIGNATURE: 'sig' } },
      'poll request failed',
    );
    logger.error({ err: 'key api-key-value-1234 refused' }, 'start-up failed');
    parent.warn('the parent logger is not tapped');
    expect(lines).toHaveLength(4);
    const list = problems.list();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      level: 'warn',
      component: 'poller',
      code: 'MAKERD_ERR_TIMEOUT',
      message: 'poll request failed: timed out with [redacted]',
    });
    expect(list[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list[1]).toMatchObject({
      level: 'error',
      component: undefined,
      code: undefined,
      message: 'start-up failed: key [redacted] refused',
    });
    expect(JSON.stringify(list)).not.toContain('sig');
    for (let i = 0; i < 5; i++) logger.warn(`w${i}`);
    expect(problems.list().map((p) => p.message)).toEqual(['w2', 'w3', 'w4']);
  });
});
