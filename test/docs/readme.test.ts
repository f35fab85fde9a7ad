/** The README is the users' front door: keep what it states in step with the code. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExecutorStats } from '../../src/execution/executor-stats.js';
import { registerTradingMetrics } from '../../src/metrics/trading-metrics.js';
import { DEFAULT_LOSS_LIMITS, DEFAULT_RISK_LIMITS, LossLimitGuard, RiskGate } from '../../src/risk/index.js';
import { registerPortfolioMetrics } from '../../src/metrics/portfolio-metrics.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { describe, expect, it } from 'vitest';
import { configDocMarkdown } from '../../src/cli/config-doc.js';
import { queryHelp } from '../../src/cli/commands/query.js';
import { packageRoot } from '../../src/package-root.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter } from '../../src/limits/index.js';
import { registerLimiterMetrics } from '../../src/metrics/limiter-metrics.js';
import { registerPollerMetrics } from '../../src/metrics/poller-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { venueRequestMetrics } from '../../src/metrics/venue-metrics.js';
import { registerBookAgeMetrics } from '../../src/metrics/book-age-metrics.js';
import { registerBuildInfo } from '../../src/metrics/build-info.js';
import { registerReadyMetric } from '../../src/metrics/readiness.js';
import { registerStreamMetrics } from '../../src/metrics/stream-metrics.js';
import { registerTickMetrics } from '../../src/metrics/tick-metrics.js';

const root = packageRoot();
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('starts with the two set-up commands', () => {
    const setup = readme.indexOf('## Set-up: two commands');
    expect(setup).toBeGreaterThan(0);
    expect(readme.indexOf('`npm ci && npm start`')).toBeGreaterThan(setup);
    expect(readme.indexOf('`npm ci && npm test`')).toBeGreaterThan(setup);
    expect(setup).toBeLessThan(readme.indexOf('## Configuration'));
  });

  it('.ci/run runs exactly the README test command', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(
      ci
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
    ).toContain('npm ci && npm test');
  });

  it('documents every configuration key as the schema defines it', () => {
    expect(readme).toContain(configDocMarkdown().trimEnd());
  });

  it('lists every query with its parameters as the CLI does', () => {
    expect(readme).toContain(queryHelp().trimEnd());
  });

  it('names only files and folders that exist', () => {
    const paths = [...readme.matchAll(/`((?:src|config|ops|test|bench|strategies|\.ci)\/[^`*\s]*)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(5);
    for (const p of paths) expect(existsSync(join(root, p)), p).toBe(true);
  });

  it('lists exactly the metrics the daemon registers', async () => {
    const registry = createRegistry();
    const limiter = new RateLimiter({ clock: new FakeClock() });
    venueRequestMetrics(registry);
    registerLimiterMetrics(registry, () => limiter.snapshot());
    registerPollerMetrics(
      registry,
      () => undefined,
      () => 0,
    );
    registerTradingMetrics(registry, {
      executor: () => new ExecutorStats(),
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
    registerPortfolioMetrics(registry, {
      portfolio: () => new Portfolio({ clock: new FakeClock() }).snapshot(),
      fills: () => new Map(),
      lossLimits: () => new LossLimitGuard(new RiskGate(DEFAULT_RISK_LIMITS), DEFAULT_LOSS_LIMITS).snapshot(),
      reconciliation: () => ({ mismatches: {} }),
    });
    registerBuildInfo(registry);
    registerReadyMetric(registry, () => undefined);
    registerTickMetrics(registry);
    registerBookAgeMetrics(registry, { markets: () => [], bookTimeMs: () => undefined, now: () => 0 });
    registerStreamMetrics(registry, () => ({}));
    const names = (await registry.getMetricsAsJSON()).map((m) => m.name);
    limiter.close();
    const own = names.filter((n) => !/^makerd_(process|nodejs)_/.test(n));
    expect(names.some((n) => n.startsWith('makerd_process_'))).toBe(true);
    // The table abbreviates siblings: `makerd_rate_limit_capacity` / `_used` / `_headroom_ratio`.
    for (const n of own)
      expect(readme.includes(`\`${n}\``) || readme.includes(`\`_${n.replace(/^makerd_rate_limit_/, '')}\``), n).toBe(true);
    const documented = [...readme.matchAll(/`(makerd_[a-z_]+)`/g)].map((m) => m[1]!).filter((n) => !n.endsWith('_'));
    for (const n of documented) expect(names, n).toContain(n);
  });
});
