import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter } from '../../src/limits/index.js';
import type { PollerStats } from '../../src/market/index.js';
import { registerLimiterMetrics } from '../../src/metrics/limiter-metrics.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { registerPollerMetrics } from '../../src/metrics/poller-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { venueRequestMetrics } from '../../src/metrics/venue-metrics.js';

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('exports the limiter windows, admissions and throttles, current at every scrape', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ clock });
    const registry = createRegistry();
    registerLimiterMetrics(registry, () => limiter.snapshot());
    for (let i = 0; i < 9; i++) (await limiter.acquire('POST /books', 'read')).release();
    limiter.reportThrottle('POST /books', 429, 2_000);
    const text = await registry.metrics();
    expect(value(text, 'makerd_rate_limit_capacity{scope="POST /books",window="10s"}')).toBe(72);
    expect(value(text, 'makerd_rate_limit_used{scope="POST /books",window="10s"}')).toBe(9);
    expect(value(text, 'makerd_rate_limit_headroom_ratio{scope="POST /books",window="10s"}')).toBeCloseTo(63 / 72, 10);
    expect(value(text, 'makerd_rate_limit_admitted_total{class="read"}')).toBe(9);
    expect(value(text, 'makerd_rate_limit_throttled_total{scope="POST /books",status="429"}')).toBe(1);
    expect(value(text, 'makerd_rate_limit_paused_seconds{scope="POST /books",window="10s"}')).toBe(2);
    (await limiter.acquire('DELETE /order', 'cancel')).release();
    const again = await registry.metrics();
    expect(value(again, 'makerd_rate_limit_admitted_total{class="read"}')).toBe(9);
    expect(value(again, 'makerd_rate_limit_admitted_total{class="cancel"}')).toBe(1);
    limiter.close();
  });

  it('labels each limit window by its length: the trading writes 10s (burst) and 10m (sustained), the rest 10s; one series per (scope, window)', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ clock });
    const registry = createRegistry();
    registerLimiterMetrics(registry, () => limiter.snapshot());
    const text = await registry.metrics();
    limiter.close();
    const capacity = text.split('\n').filter((l) => l.startsWith('makerd_rate_limit_capacity{'));
    const labels = capacity.map((l) => /scope="([^"]+)",window="([^"]+)"/.exec(l)!.slice(1, 3).join(' @ '));
    expect(labels).toContain('POST /order @ 10s');
    expect(labels).toContain('POST /order @ 10m');
    expect(labels).toContain('DELETE /order @ 10m');
    expect(labels).toContain('clob:all @ 10s');
    expect(labels.filter((l) => l.endsWith('@ 10m')).sort()).toEqual(['DELETE /order @ 10m', 'POST /order @ 10m']);
    expect(text).not.toMatch(/window="(window|burst|sustained)"/);
    // (scope, window) names one window: no two series share the pair.
    expect(new Set(labels).size).toBe(labels.length);
    expect(value(text, 'makerd_rate_limit_capacity{scope="POST /order",window="10m"}')).toBeGreaterThan(
      value(text, 'makerd_rate_limit_capacity{scope="POST /order",window="10s"}')!,
    );
  });

  it('counts venue requests by route and outcome, and poller figures', async () => {
    const registry = createRegistry();
    const observe = venueRequestMetrics(registry);
    observe('POST /books', 200, 12);
    observe('POST /books', 200, 8);
    observe('GET /book', 'MAKERD_ERR_TIMEOUT', 5_000);
    const stats: PollerStats = {
      ticks: 3,
      failedRequests: { MAKERD_ERR_BAD_RESPONSE: 2 },
      unusableBooks: { stale: 4 },
      lastTickMs: 1_000,
      lastUsableMs: 1_000,
      failedTicks: 1,
    };
    registerPollerMetrics(
      registry,
      () => stats,
      () => 3_500,
    );
    const text = await registry.metrics();
    expect(value(text, 'makerd_venue_requests_total{route="POST /books",outcome="200"}')).toBe(2);
    expect(value(text, 'makerd_venue_requests_total{route="GET /book",outcome="MAKERD_ERR_TIMEOUT"}')).toBe(1);
    expect(value(text, 'makerd_venue_request_duration_seconds_count{route="POST /books"}')).toBe(2);
    expect(value(text, 'makerd_poll_ticks_total')).toBe(3);
    expect(value(text, 'makerd_poll_requests_failed_total{code="MAKERD_ERR_BAD_RESPONSE"}')).toBe(2);
    expect(value(text, 'makerd_books_unusable_total{reason="stale"}')).toBe(4);
    expect(value(text, 'makerd_poll_last_tick_age_seconds')).toBe(2.5);
    expect(value(text, 'makerd_poll_ticks_failed_total')).toBe(1);
    stats.ticks = 5;
    expect(value(await registry.metrics(), 'makerd_poll_ticks_total')).toBe(5);
  });

  it('serves /metrics, /healthz and /readyz', async () => {
    const registry = createRegistry();
    let reason: string | undefined = 'no market snapshot yet';
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry, notReadyReason: () => reason });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.text()).toBe('no market snapshot yet\n');
      reason = undefined;
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const m = await fetch(`${server.url}/metrics`);
      expect(m.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await m.text()).toContain('makerd_process_cpu_user_seconds_total');
      expect((await fetch(`${server.url}/nope`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
