/**
 * /status reads well: the venue and the trading mode are two fields, each limit names its
 * window's length, each market carries its question and slug, and the top-level state is never
 * ACTIVE while a market is REDUCING or HALTED.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter, windowLength } from '../../src/limits/index.js';
import { ADMIN_LISTENING, ADMIN_PATHS, startMetricsServer } from '../../src/metrics/metrics-server.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { publicUrl, venueKind } from '../../src/metrics/venue-status.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { DEFAULT_RISK_LIMITS, RiskGate } from '../../src/risk/index.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const M1 = `0x${'1'.repeat(64)}`;
const M2 = `0x${'2'.repeat(64)}`;
const M3 = `0x${'3'.repeat(64)}`;

function source(over: Partial<StatusSource> = {}): StatusSource {
  const clock = new FakeClock(T0);
  return {
    version: '1.2.3',
    startedAtMs: T0 - 1_000,
    now: () => clock.now(),
    notReady: () => undefined,
    phase: () => 'trade',
    risk: () => undefined,
    portfolio: () => new Portfolio({ clock }).snapshot(),
    limiter: () => undefined,
    markets: () => [],
    bookAgeSeconds: () => 1,
    quotes: () => new Map(),
    lossLimits: () => undefined,
    streams: () => ({ enabled: { market: false, user: false }, probes: {} }),
    lastErrors: () => [],
    ...over,
  };
}

/** A risk gate that has evaluated `markets` (so that its snapshot lists them). */
function gateOf(markets: readonly string[]): RiskGate {
  const gate = new RiskGate(DEFAULT_RISK_LIMITS);
  for (const m of markets)
    gate.evaluate(
      {
        meta: { conditionId: m, tokens: [`${m}:0`, `${m}:1`] },
        books: [undefined, undefined],
        mid: undefined,
        position: { outcome0: new Decimal(0), outcome1: new Decimal(0) },
        liveOrders: [],
        nowMs: T0,
      } as never,
      [],
      T0,
    );
  return gate;
}

describe('/status: venue and trading mode', () => {
  it('sim mode is the embedded simulator, live mode the live venue; trading mode apart; no `mode` word for both', () => {
    expect(venueKind('sim')).toBe('embedded-simulator');
    expect(venueKind('live')).toBe('live');
    const sim = buildStatus(
      source({ trading: 'live', venue: () => ({ kind: venueKind('sim'), baseUrl: publicUrl('http://127.0.0.1:40123') }) }),
    );
    expect(sim.venue).toEqual({ kind: 'embedded-simulator', baseUrl: 'http://127.0.0.1:40123' });
    expect(sim.trading).toBe('live');
    expect(sim).not.toHaveProperty('mode');
    const live = buildStatus(
      source({ trading: 'paper', venue: () => ({ kind: venueKind('live'), baseUrl: publicUrl('https://clob.example.com') }) }),
    );
    expect(live.venue).toEqual({ kind: 'live', baseUrl: 'https://clob.example.com' });
    expect(live.trading).toBe('paper');
    expect(buildStatus(source({ trading: 'monitor' })).trading).toBe('monitor');
    // Not told: the trading mode's default, and the venue unknown.
    expect(buildStatus(source())).toMatchObject({ trading: 'live', venue: null });
  });

  it('shows the venue URL without user info, query or fragment (a place a credential could hide)', () => {
    expect(publicUrl('https://user:s3cret@venue.example.com:8443/api/?key=abc#frag')).toBe('https://venue.example.com:8443/api/');
    expect(publicUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000');
    expect(publicUrl('')).toBeNull();
    expect(publicUrl(undefined)).toBeNull();
    expect(publicUrl('not a url')).toBeNull();
    const s = buildStatus(source({ venue: () => ({ kind: 'live', baseUrl: publicUrl('https://u:s3cret@venue.example.com?key=k') }) }));
    expect(JSON.stringify(s)).not.toMatch(/s3cret|key=k/);
  });
});

describe('/status: limits', () => {
  it('names each window by its length: 10s for the reads, 10s burst and 10m sustained for the trading writes', () => {
    const limiter = new RateLimiter({ clock: new FakeClock(T0) });
    const s = buildStatus(source({ limiter: () => limiter.snapshot() }));
    limiter.close();
    const of = (scope: string) => s.limits.filter((l) => l.scope === scope).map((l) => ({ window: l.window, kind: l.kind }));
    expect(of('POST /order')).toEqual([
      { window: '10s', kind: 'burst' },
      { window: '10m', kind: 'sustained' },
    ]);
    expect(of('DELETE /order')).toEqual([
      { window: '10s', kind: 'burst' },
      { window: '10m', kind: 'sustained' },
    ]);
    expect(of('POST /books')).toEqual([{ window: '10s', kind: undefined }]);
    expect(s.limits.find((l) => l.scope === 'POST /books')).not.toHaveProperty('kind');
    expect(s.limits).toHaveLength(20);
    // Every other scope has one 10 s window; no entry says "window".
    expect(s.limits.filter((l) => l.window === '10s')).toHaveLength(18);
    expect(s.limits.filter((l) => l.window === '10m')).toHaveLength(2);
    expect(s.limits.some((l) => l.window === 'window')).toBe(false);
  });

  it('writes a length in its largest whole unit', () => {
    expect(windowLength(10_000)).toBe('10s');
    expect(windowLength(600_000)).toBe('10m');
    expect(windowLength(3_600_000)).toBe('1h');
    expect(windowLength(90_000)).toBe('90s');
    expect(windowLength(1_500)).toBe('1500ms');
  });
});

describe('/status: markets', () => {
  it('carries each market question and slug beside its id; null when not known', () => {
    const names = new Map([[M1, { slug: 'will-it-rain-in-paris', question: 'Will it rain in Paris on 2 January?' }]]);
    const s = buildStatus(source({ markets: () => [M1, M2], marketNames: (m) => names.get(m) }));
    expect(s.markets.map((m) => [m.market, m.question, m.slug])).toEqual([
      [M1, 'Will it rain in Paris on 2 January?', 'will-it-rain-in-paris'],
      [M2, null, null],
    ]);
    // The names come right after the id, so an operator reads them together.
    expect(Object.keys(s.markets[0]!).slice(0, 3)).toEqual(['market', 'question', 'slug']);
  });

  it('top-level state: the worst market state with the counts, and the state every market is in at least', () => {
    const gate = gateOf([M1, M2, M3]);
    const status = () => buildStatus(source({ risk: () => gate.snapshot(T0), markets: () => [M1, M2, M3] }));
    expect(status()).toMatchObject({ state: 'ACTIVE', allMarketsState: 'ACTIVE', marketsByState: { ACTIVE: 3 } });

    gate.setConfiguredState(M2, 'REDUCING');
    const reducing = status();
    expect(reducing.state).toBe('REDUCING');
    expect(reducing.allMarketsState).toBe('ACTIVE');
    expect(reducing.marketsByState).toEqual({ ACTIVE: 2, REDUCING: 1 });
    expect(reducing.markets.map((m) => m.state)).toEqual(['ACTIVE', 'REDUCING', 'ACTIVE']);

    gate.setConfiguredState(M3, 'HALTED');
    expect(status()).toMatchObject({ state: 'HALTED', allMarketsState: 'ACTIVE', marketsByState: { ACTIVE: 1, REDUCING: 1, HALTED: 1 } });

    gate.setKillSwitch(true, 'test');
    expect(status()).toMatchObject({ state: 'HALTED', allMarketsState: 'HALTED', marketsByState: { HALTED: 3 } });
  });

  it('before the risk gate exists: STARTING, no counts', () => {
    expect(buildStatus(source())).toMatchObject({ state: 'STARTING', allMarketsState: null, marketsByState: {} });
  });
});

describe('admin server start-up line', () => {
  it('names every path the server answers, /status included', async () => {
    expect(ADMIN_LISTENING).toBe('metrics server listening (/metrics, /healthz, /readyz, /status)');
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      registry: createRegistry(),
      notReadyReason: () => undefined,
      status: () => ({ ok: true }),
    });
    try {
      for (const path of ADMIN_PATHS) {
        expect(ADMIN_LISTENING).toContain(path);
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
