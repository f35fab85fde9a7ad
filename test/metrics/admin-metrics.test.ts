/** The operations metrics by value: tick-to-dispatch, book age, streams, build info, readiness, loss limits, orders by reason. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ExecutorStats, ORDER_REASONS, classifyPass } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { ALL_MARKETS, DEFAULT_LOSS_LIMITS, DEFAULT_RISK_LIMITS, LossLimitGuard, RiskGate } from '../../src/risk/index.js';
import { marketBookAgeSeconds, registerBookAgeMetrics } from '../../src/metrics/book-age-metrics.js';
import { makerdVersion, registerBuildInfo } from '../../src/metrics/build-info.js';
import { registerPortfolioMetrics } from '../../src/metrics/portfolio-metrics.js';
import { haltedReason, registerReadyMetric } from '../../src/metrics/readiness.js';
import { createRegistry, DROPPED_DEFAULT_METRICS } from '../../src/metrics/registry.js';
import { registerStreamMetrics, type StreamProbe } from '../../src/metrics/stream-metrics.js';
import { registerTickMetrics } from '../../src/metrics/tick-metrics.js';
import { registerTradingMetrics } from '../../src/metrics/trading-metrics.js';
import { BookStore } from '../../src/trading/book-store.js';
import type { BookView } from '../../src/market/book-view.js';

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const order = (id: string, tokenId: string, price: string) => ({
  id,
  tokenId,
  side: 'BUY' as const,
  price: new Decimal(price),
  remaining: new Decimal('10'),
});
const intent = (tokenId: string, price: string) => ({
  conditionId: 'm',
  tokenId,
  side: 'BUY' as const,
  price: new Decimal(price),
  size: new Decimal('10'),
  quoteSide: 'bid' as const,
});

describe('makerd_tick_to_dispatch_seconds', () => {
  it('observes the time to the last request of ticks that sent any, once the tick and its wishes are done', async () => {
    const registry = createRegistry();
    let now = 100;
    const timer = registerTickMetrics(registry, () => now);
    const tick = timer.start(90);
    const a = tick.hold();
    const b = tick.hold();
    now = 95;
    tick.sent();
    tick.close();
    a();
    now = 97;
    tick.sent();
    expect(value(await registry.metrics(), 'makerd_tick_to_dispatch_seconds_count')).toBe(0);
    b();
    b();
    const text = await registry.metrics();
    expect(value(text, 'makerd_tick_to_dispatch_seconds_count')).toBe(1);
    expect(value(text, 'makerd_tick_to_dispatch_seconds_sum')).toBeCloseTo(0.007, 9);
    expect(value(text, 'makerd_tick_to_dispatch_seconds_bucket{le="0.005"}')).toBe(0);
    expect(value(text, 'makerd_tick_to_dispatch_seconds_bucket{le="0.01"}')).toBe(1);
    expect(value(text, 'makerd_tick_to_dispatch_seconds_bucket{le="0.001"}')).toBe(0);
    // A tick that caused no request is not observed.
    const quiet = timer.start();
    quiet.hold()();
    quiet.close();
    expect(value(await registry.metrics(), 'makerd_tick_to_dispatch_seconds_count')).toBe(1);
  });
});

describe('makerd_book_age_seconds', () => {
  it('is the age of the older token book by venue time, kept counting after a book is dropped, +Inf before any', async () => {
    const books = new BookStore();
    const view = (tokenId: string, timestampMs: number) => ({ tokenId, timestampMs }) as unknown as BookView;
    books.setPolled('a', view('a', 10_000), undefined);
    books.setPolled('b', view('b', 12_000), undefined);
    books.setPolled('b', undefined, undefined);
    expect(books.bookTimeMs('b')).toBe(12_000);
    const registry = createRegistry();
    let now = 15_000;
    registerBookAgeMetrics(registry, {
      markets: () => [
        { conditionId: 'm1', tokens: ['a', 'b'] },
        { conditionId: 'm2', tokens: ['a', 'c'] },
      ],
      bookTimeMs: (t) => books.bookTimeMs(t),
      now: () => now,
    });
    let text = await registry.metrics();
    expect(value(text, 'makerd_book_age_seconds{market="m1"}')).toBe(5);
    expect(text).toContain('makerd_book_age_seconds{market="m2"} +Inf');
    now = 16_500;
    text = await registry.metrics();
    expect(value(text, 'makerd_book_age_seconds{market="m1"}')).toBe(6.5);
    expect(marketBookAgeSeconds(['a'], () => 20_000, 19_000)).toBe(0);
  });
});

describe('makerd_ws_connected and makerd_ws_reconnects_total', () => {
  it('exports both streams, 0 while off or not subscribed, and counts reconnects', async () => {
    const registry = createRegistry();
    const streams: { market?: StreamProbe; user?: StreamProbe } = {};
    registerStreamMetrics(registry, () => streams);
    let text = await registry.metrics();
    for (const s of ['market', 'user']) {
      expect(value(text, `makerd_ws_connected{stream="${s}"}`)).toBe(0);
      expect(value(text, `makerd_ws_reconnects_total{stream="${s}"}`)).toBe(0);
    }
    const market = { subscribed: true, socketCounters: { reconnects: 2 } };
    streams.market = market;
    text = await registry.metrics();
    expect(value(text, 'makerd_ws_connected{stream="market"}')).toBe(1);
    expect(value(text, 'makerd_ws_reconnects_total{stream="market"}')).toBe(2);
    streams.market = { subscribed: false, socketCounters: { reconnects: 3 } };
    text = await registry.metrics();
    expect(value(text, 'makerd_ws_connected{stream="market"}')).toBe(0);
    expect(value(text, 'makerd_ws_reconnects_total{stream="market"}')).toBe(3);
    expect(value(text, 'makerd_ws_connected{stream="user"}')).toBe(0);
  });
});

describe('makerd_build_info, makerd_ready, the default metrics', () => {
  it('labels the version and Node, follows readiness, and drops the gauges promtool refuses', async () => {
    const registry = createRegistry();
    registerBuildInfo(registry);
    let reason: string | undefined = 'no market snapshot yet';
    registerReadyMetric(registry, () => reason);
    let text = await registry.metrics();
    expect(makerdVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(value(text, `makerd_build_info{version="${makerdVersion()}",node="${process.version}"}`)).toBe(1);
    expect(value(text, 'makerd_ready')).toBe(0);
    reason = undefined;
    text = await registry.metrics();
    expect(value(text, 'makerd_ready')).toBe(1);
    for (const name of DROPPED_DEFAULT_METRICS) expect(text).not.toContain(`${name} `);
    expect(text).toContain('makerd_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('makerd_process_start_time_seconds');
  });

  it('says why a HALTED daemon is not ready', () => {
    expect(haltedReason({ overall: 'ACTIVE', killSwitch: false, killSwitchSource: undefined })).toBeUndefined();
    expect(haltedReason({ overall: 'REDUCING', killSwitch: false, killSwitchSource: undefined })).toBeUndefined();
    expect(haltedReason({ overall: 'HALTED', killSwitch: true, killSwitchSource: 'file data/KILL' })).toBe(
      'HALTED: kill switch engaged (file data/KILL)',
    );
    expect(haltedReason({ overall: 'HALTED', killSwitch: false, killSwitchSource: undefined })).toMatch(/^HALTED/);
  });

  it('names the journal, not "the trading state", when a failing journal halted every market', () => {
    const gate = new RiskGate(DEFAULT_RISK_LIMITS);
    gate.setOverride(ALL_MARKETS, 'journal', 'HALTED');
    expect(haltedReason(gate.snapshot())).toBe(
      'HALTED: the fill journal cannot be written (fills could not be made durable; see the journal error in the log)',
    );
    gate.setConfiguredState(ALL_MARKETS, 'HALTED');
    expect(haltedReason(gate.snapshot())).toBe(
      'HALTED: risk.state is HALTED; the fill journal cannot be written (fills could not be made durable; see the journal error in the log)',
    );
    gate.setOverride(ALL_MARKETS, 'journal', undefined);
    gate.setConfiguredState(ALL_MARKETS, 'ACTIVE');
    expect(haltedReason(gate.snapshot())).toBeUndefined();
  });
});

describe('makerd_loss_limit_usdc', () => {
  it('exports the configured limits and no series for a limit that is off', async () => {
    const registry = createRegistry();
    const guard = new LossLimitGuard(new RiskGate(DEFAULT_RISK_LIMITS), { ...DEFAULT_LOSS_LIMITS, maxDailyLoss: new Decimal('125.5') });
    registerPortfolioMetrics(registry, {
      portfolio: () => new Portfolio({ clock: new FakeClock() }).snapshot(),
      fills: () => new Map(),
      lossLimits: () => guard.snapshot(),
      reconciliation: () => ({ mismatches: {} }),
    });
    let text = await registry.metrics();
    expect(value(text, 'makerd_loss_limit_usdc{limit="daily_loss"}')).toBe(125.5);
    expect(text).not.toContain('makerd_loss_limit_usdc{limit="drawdown"}');
    guard.setLimits({ ...DEFAULT_LOSS_LIMITS, maxDrawdown: new Decimal('40') });
    text = await registry.metrics();
    expect(text).not.toContain('makerd_loss_limit_usdc{limit="daily_loss"}');
    expect(value(text, 'makerd_loss_limit_usdc{limit="drawdown"}')).toBe(40);
  });
});

describe('makerd_orders_total{action,reason}', () => {
  it("pairs a pass's cancels with its places: same price resize, other price reprice, the rest by the wish's reason", () => {
    const r = classifyPass(
      [order('x', 't0', '0.40'), order('y', 't0', '0.30'), order('z', 't1', '0.50')],
      [intent('t0', '0.41'), intent('t0', '0.30'), intent('t1', '0.20'), intent('t2', '0.10')],
      'risk',
    );
    expect(r.place).toEqual(['reprice', 'resize', 'reprice', 'new']);
    expect(Object.fromEntries(r.cancel)).toEqual({ x: 'reprice', y: 'resize', z: 'reprice' });
    const left = classifyPass([order('x', 't0', '0.40'), order('y', 't1', '0.40')], [], 'stale');
    expect(Object.fromEntries(left.cancel)).toEqual({ x: 'stale', y: 'stale' });
  });

  it('pairs what is left across tokens at one outcome-0 price as a leg switch, before the rest takes the pull reason', () => {
    // A bid at 0.47: SELL m:1 at 0.53 replaced by BUY m:0 at 0.47, and an ask at 0.53 the other way, beside a re-price
    // (the same token first: 0.40 -> 0.39) and a new order.
    const sell = (id: string, tokenId: string, price: string) => ({ ...order(id, tokenId, price), side: 'SELL' as const });
    const r = classifyPass(
      [sell('a', 'm:1', '0.53'), order('b', 'm:1', '0.47'), order('c', 'm:1', '0.40'), sell('d', 'm:1', '0.7')],
      [
        intent('m:0', '0.47'),
        { ...intent('m:0', '0.53'), side: 'SELL', quoteSide: 'ask' },
        { ...intent('m:1', '0.39'), quoteSide: 'ask' },
        intent('m:0', '0.2'),
      ],
      'unwanted',
    );
    expect(r.place).toEqual(['leg', 'leg', 'reprice', 'new']);
    expect(Object.fromEntries(r.cancel)).toEqual({ a: 'leg', b: 'leg', c: 'reprice', d: 'unwanted' });
  });

  it('exports every (action, reason) pair from the start and counts by reason', async () => {
    const stats = new ExecutorStats();
    const registry = createRegistry();
    registerTradingMetrics(registry, {
      executor: () => stats,
      risk: () => new RiskGate(DEFAULT_RISK_LIMITS).snapshot(),
      loop: () => ({
        evaluations: 0,
        skipped: { unchanged: 0, 'no-metadata': 0, 'tick-change': 0, 'strategy-error': 0, 'guard-error': 0 },
        idle: {},
        wanted: new Map(),
        approved: new Map(),
        guardActions: new Map(),
      }),
      quotes: () => new Map(),
      twoSidedSeconds: () => new Map(),
    });
    let text = await registry.metrics();
    for (const [action, reasons] of Object.entries(ORDER_REASONS))
      for (const reason of reasons) expect(value(text, `makerd_orders_total{action="${action}",reason="${reason}"}`)).toBe(0);
    stats.count('placed', 2, 'new');
    stats.count('placed', 1, 'reprice');
    stats.count('cancelled', 1, 'reprice');
    stats.count('cancelled', 3, 'risk');
    stats.count('kept', 4);
    stats.count('cancel_market');
    text = await registry.metrics();
    expect(value(text, 'makerd_orders_total{action="placed",reason="new"}')).toBe(2);
    expect(value(text, 'makerd_orders_total{action="placed",reason="reprice"}')).toBe(1);
    expect(value(text, 'makerd_orders_total{action="cancelled",reason="risk"}')).toBe(3);
    expect(value(text, 'makerd_orders_total{action="kept",reason="within_tolerance"}')).toBe(4);
    expect(value(text, 'makerd_orders_total{action="cancel_market",reason="none"}')).toBe(1);
    expect(stats.actions).toMatchObject({ placed: 3, cancelled: 4, kept: 4, cancel_market: 1 });
  });
});
