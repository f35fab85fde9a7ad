/** The README and the docs pages state facts about the code: keep them in step with it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExecutorStats } from '../../src/execution/executor-stats.js';
import { registerTradingMetrics } from '../../src/metrics/trading-metrics.js';
import { DEFAULT_LOSS_LIMITS, DEFAULT_RISK_LIMITS, LossLimitGuard, REFUSAL_REASONS, RiskGate } from '../../src/risk/index.js';
import { registerIncomeMetrics } from '../../src/metrics/income-metrics.js';
import { registerPortfolioMetrics } from '../../src/metrics/portfolio-metrics.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { describe, expect, it } from 'vitest';
import avellaneda from '../../strategies/avellaneda.js';
import bands from '../../strategies/bands.js';
import glft from '../../strategies/glft.js';
import { configDocMarkdown } from '../../src/cli/config-doc.js';
import { queryHelp } from '../../src/cli/commands/query.js';
import { packageRoot } from '../../src/package-root.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter } from '../../src/limits/index.js';
import { registerLimiterMetrics } from '../../src/metrics/limiter-metrics.js';
import { registerPollerMetrics } from '../../src/metrics/poller-metrics.js';
import { registerPositionMetrics } from '../../src/metrics/position-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { venueRequestMetrics } from '../../src/metrics/venue-metrics.js';
import { registerBookAgeMetrics } from '../../src/metrics/book-age-metrics.js';
import { registerBuildInfo } from '../../src/metrics/build-info.js';
import { registerReadyMetric } from '../../src/metrics/readiness.js';
import { registerRewardMetrics } from '../../src/metrics/reward-metrics.js';
import { registerPaperMetrics } from '../../src/metrics/paper-metrics.js';
import { registerStreamMetrics } from '../../src/metrics/stream-metrics.js';
import { registerSelectorMetrics, registerSwapMetrics } from '../../src/metrics/selector-metrics.js';
import { registerEndMetrics } from '../../src/metrics/market-end-metrics.js';
import { registerRedeemableMetrics } from '../../src/metrics/redeemable-metrics.js';
import { registerTickMetrics } from '../../src/metrics/tick-metrics.js';
import { registerIntensityMetrics } from '../../src/metrics/intensity-metrics.js';

const root = packageRoot();
const read = (p: string): string => readFileSync(join(root, p), 'utf8');
/** README.md and every docs page, the documentation as a whole. */
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const all = files.map(read).join('\n');
/** The page that lists the metrics: every metric is named there. */
const operations = read('docs/operations.md');

describe('the documentation', () => {
  it('documents every configuration key as the schema defines it (docs/configuration.md)', () => {
    expect(read('docs/configuration.md')).toContain(configDocMarkdown().trimEnd());
  });

  it('lists every query with its parameters as the CLI does (docs/cli.md)', () => {
    expect(read('docs/cli.md')).toContain(queryHelp().trimEnd());
  });

  it("lists exactly the risk gate's refusal reasons (docs/risk.md)", () => {
    const risk = read('docs/risk.md');
    const section = risk.slice(
      risk.indexOf('### Refusals in the metrics'),
      risk.indexOf('\n## ', risk.indexOf('### Refusals in the metrics')),
    );
    const listed = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
    expect([...listed].sort()).toEqual([...REFUSAL_REASONS].sort());
  });

  it.each([bands, avellaneda, glft])('lists every parameter of $name in its table (docs/strategies.md)', (strategy) => {
    const page = read('docs/strategies.md');
    const start = page.indexOf(`\n## ${strategy.name}\n`);
    expect(start).toBeGreaterThan(0);
    const section = page.slice(start, page.indexOf('\n## ', start + 1));
    const listed = [...section.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]!);
    expect([...listed].sort()).toEqual(Object.keys(strategy.params).sort());
  });

  it.each(files)('%s names only files and folders that exist', (f) => {
    const paths = [...read(f).matchAll(/`((?:src|config|ops|test|bench|strategies|\.ci)\/[^`*\s]*)`/g)].map((m) => m[1]!);
    for (const p of paths) expect(existsSync(join(root, p)), `${f}: ${p}`).toBe(true);
  });

  it('names files and folders (enough for the check above to mean something)', () => {
    const paths = [...all.matchAll(/`((?:src|config|ops|test|bench|strategies|\.ci)\/[^`*\s]*)`/g)];
    expect(paths.length).toBeGreaterThan(5);
  });

  it('lists exactly the metrics the daemon registers (every one in docs/operations.md, none unknown anywhere)', async () => {
    const registry = createRegistry();
    const limiter = new RateLimiter({ clock: new FakeClock() });
    venueRequestMetrics(registry);
    registerLimiterMetrics(registry, () => limiter.snapshot());
    registerPollerMetrics(
      registry,
      () => undefined,
      () => 0,
    );
    registerPositionMetrics(registry, () => undefined);
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
    registerIncomeMetrics(registry, {
      portfolio: () => new Portfolio({ clock: new FakeClock() }).snapshot(),
      rewards: () => undefined,
      markets: () => [],
    });
    registerBuildInfo(registry);
    registerReadyMetric(registry, () => undefined);
    registerTickMetrics(registry);
    registerBookAgeMetrics(registry, { markets: () => [], bookTimeMs: () => undefined, now: () => 0 });
    registerStreamMetrics(registry, () => ({}));
    registerRewardMetrics(registry, { estimates: () => [], malformed: () => new Map(), missed: () => new Map() });
    registerIntensityMetrics(registry, { snapshot: () => undefined, counts: () => undefined });
    // Registered in paper mode only (trading.mode paper).
    registerPaperMetrics(registry, () => undefined);
    registerSelectorMetrics(registry);
    // With selector.rerankSec (the selector's swaps).
    registerSwapMetrics(registry);
    // Markets left out or stopped for their end (src/daemon/select-markets.ts).
    registerEndMetrics(registry);
    // Resolved markets' payouts waiting to be redeemed (src/daemon/serve-metrics.ts).
    registerRedeemableMetrics(registry, { redeemable: () => [], now: () => 0, alertAfterSec: 86_400, markets: () => [] });
    const names = (await registry.getMetricsAsJSON()).map((m) => m.name);
    limiter.close();
    const own = names.filter((n) => !/^makerd_(process|nodejs)_/.test(n));
    expect(names.some((n) => n.startsWith('makerd_process_'))).toBe(true);
    // The table abbreviates siblings: `makerd_rate_limit_capacity` / `_used` / `_headroom_ratio`.
    for (const n of own)
      expect(operations.includes(`\`${n}\``) || operations.includes(`\`_${n.replace(/^makerd_rate_limit_/, '')}\``), n).toBe(true);
    const documented = [...all.matchAll(/`(makerd_[a-z_]+)`/g)].map((m) => m[1]!).filter((n) => !n.endsWith('_'));
    for (const n of documented) expect(names, n).toContain(n);
  });
});
