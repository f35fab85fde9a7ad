/**
 * A neg-risk event as one risk, seen from outside: /status lists each event makerd quotes in with
 * its worst case, its limit and the resolution that gives it; the metrics export the worst case by
 * event, the limit (no series while off) and the refusals under `event-loss`.
 */
import { describe, expect, it } from 'vitest';
import { ExecutorStats } from '../../src/execution/executor-stats.js';
import type { MarketView } from '../../src/market/market-view.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { eventsStatus } from '../../src/metrics/event-status.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { registerTradingMetrics } from '../../src/metrics/trading-metrics.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { T0, bid, buyNo, view } from '../risk/view-fixture.js';

function ev(market: string, event = 'E'): MarketView {
  const v = view({ market });
  return { ...v, meta: { ...v.meta, negRisk: true, eventId: event }, paid: [new Decimal(0), new Decimal(0)] };
}

/** A gate over event E (A: a bid of 100 at 0.40; B: an ask of 100 at 0.30 as a BUY No, 200 refused past it) and event F. */
function gate(limit: string): RiskGate {
  const g = new RiskGate(validateRiskLimits({ perEvent: { maxWorstLossUsdc: limit } }));
  g.evaluate(ev('A'), [bid('0.40', 100, 'A')], T0);
  g.evaluate(ev('B'), [buyNo('0.30', 100, 'B'), buyNo('0.29', 200, 'B')], T0);
  g.evaluate(ev('C', 'F'), [bid('0.10', 50, 'C')], T0);
  return g;
}

function status(g: RiskGate): ReturnType<typeof buildStatus> {
  const clock = new FakeClock(T0);
  const source: StatusSource = {
    version: '1',
    startedAtMs: T0,
    now: () => clock.now(),
    notReady: () => undefined,
    phase: () => 'trade',
    risk: () => g.snapshot(T0),
    portfolio: () => new Portfolio({ clock }).snapshot(),
    limiter: () => undefined,
    markets: () => ['A', 'B', 'C'],
    bookAgeSeconds: () => 1,
    quotes: () => new Map(),
    lossLimits: () => undefined,
    streams: () => ({ enabled: { market: false, user: false }, probes: {} }),
    lastErrors: () => [],
  };
  return buildStatus(source);
}

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(g: RiskGate): Promise<string> {
  const registry = createRegistry();
  registerTradingMetrics(registry, {
    executor: () => new ExecutorStats(),
    risk: () => g.snapshot(T0),
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
  return registry.metrics();
}

describe('/status: events', () => {
  it('each neg-risk event: its markets, worst case, limit and the market whose Yes gives it', () => {
    // E: if B resolves Yes, A's bid (40) and B's No bids lose: 40 + 100 x 0.30 = 70, so 30 is left for
    // the second, 103.44 shares at 0.29 (29.9976): 99.9976. Off, it would be 40 + 30 + 58 = 128.
    // F: C's bid loses 5 unless C resolves Yes: another outcome (null) gives it.
    expect(status(gate('100')).events).toEqual([
      { event: 'E', markets: ['A', 'B'], worstLoss: '99.9976', limit: '100', worstIfYes: 'B' },
      { event: 'F', markets: ['C'], worstLoss: '5', limit: '100', worstIfYes: null },
    ]);
    expect(status(gate('0')).events[0]).toEqual({ event: 'E', markets: ['A', 'B'], worstLoss: '128', limit: null, worstIfYes: 'B' });
  });

  it('[] without a neg-risk market, and before the risk gate exists', () => {
    const g = new RiskGate(validateRiskLimits({}));
    g.evaluate(view({ market: 'A' }), [bid('0.40', 100, 'A')], T0);
    expect(status(g).events).toEqual([]);
    expect(eventsStatus(undefined)).toEqual([]);
  });
});

describe('metrics: events', () => {
  it('the worst case by event, the limit, and refusals under event-loss', async () => {
    const text = await scrape(gate('100'));
    expect(value(text, 'makerd_event_worst_loss_usdc{event="E"}')).toBe(99.9976);
    expect(value(text, 'makerd_event_worst_loss_usdc{event="F"}')).toBe(5);
    expect(value(text, 'makerd_event_worst_loss_limit_usdc')).toBe(100);
    // B's second order was trimmed, not refused; nothing refused yet.
    expect(value(text, 'makerd_risk_refusals_total{reason="event-loss"}')).toBe(0);
  });

  it('the limit 0 while off; refusals counted when it refuses', async () => {
    expect(value(await scrape(gate('0')), 'makerd_event_worst_loss_limit_usdc')).toBe(0);
    const g = gate('100');
    g.evaluate(ev('A'), [bid('0.40', 100, 'A'), bid('0.39', 50, 'A')], T0);
    expect(value(await scrape(g), 'makerd_risk_refusals_total{reason="event-loss"}')).toBe(1);
  });
});
