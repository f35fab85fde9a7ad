/**
 * ops/prometheus (issue 9 point 4): the alert rules and the scrape configuration, checked by
 * Prometheus' own tool: `promtool check rules`, `promtool check config` (which loads the rule
 * files the way the server does) and `promtool test rules` on ops/prometheus/tests/alerts.test.yml,
 * where every alert fires on the series it is meant for and stays quiet on the others. CI installs
 * promtool (.ci/run); there a missing promtool fails these tests instead of skipping them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { schema } from '../../src/config/schema.js';
import { RateLimiter } from '../../src/limits/index.js';
import { registerLimiterMetrics } from '../../src/metrics/limiter-metrics.js';
import {
  ALERT_TESTS_PATH,
  ALERTS_PATH,
  familyOf,
  loadAlertRules,
  metricNames,
  PROMETHEUS_CONFIG_PATH,
  markdownAnchors,
  root,
  sourceMetricNames,
} from './grafana-queries.js';

const rules = loadAlertRules();
const inCi = process.env.CI === 'true';
const promtoolVersion = ((): string | undefined => {
  const r = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? (r.stdout + r.stderr).split('\n')[0] : undefined;
})();
const needsPromtool = it.skipIf(promtoolVersion === undefined && !inCi);
const tmp = mkdtempSync(join(tmpdir(), 'makerd-alerts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function promtool(...args: string[]): { status: number | null; out: string } {
  expect(promtoolVersion, 'promtool is not on PATH (CI installs the prometheus package in .ci/run)').toBeDefined();
  const r = spawnSync('promtool', args, { encoding: 'utf8', cwd: root });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const ALERTS = [
  'MakerdDown',
  'MakerdAbsent',
  'MakerdNoFreshBooks',
  'MakerdRateLimitHeadroomLow',
  'MakerdThrottled',
  'MakerdVenueErrorRate',
  'MakerdEventLoopLag',
  'MakerdRestartLoop',
  'MakerdHalted',
  'MakerdKillSwitchEngaged',
  'MakerdLossLimitApproached',
  'MakerdLossLimitEngaged',
  'MakerdOpenOrdersWhileNotReady',
  'MakerdVenueAnswersRefused',
  'MakerdRedeemableWaiting',
];

describe('the alert rules', () => {
  it('are the alerts the issue asks for, each with for, severity, summary, description and a runbook', () => {
    expect(rules.map((r) => r.alert)).toEqual(ALERTS);
    for (const r of rules) {
      expect(r.for, r.alert).toMatch(/^\d+[smh]$/);
      expect(['warning', 'critical'], r.alert).toContain(r.labels?.severity);
      expect(r.annotations?.summary, r.alert).toBeTruthy();
      expect(r.annotations?.description, r.alert).toBeTruthy();
      expect(r.annotations?.runbook_url, r.alert).toBe(`docs/operations.md#${r.alert.toLowerCase()}`);
    }
  });

  it('link to runbooks that are headings of the Alerts section of docs/operations.md', () => {
    for (const r of rules) {
      const [file, anchor] = r.annotations!.runbook_url!.split('#');
      expect(existsSync(join(root, file!)), `${r.alert}: ${file}`).toBe(true);
      expect(markdownAnchors(file!).has(anchor!), `${r.alert}: ${r.annotations!.runbook_url}`).toBe(true);
    }
    const page = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const start = page.indexOf('\n## Alerts\n');
    expect(start).toBeGreaterThan(0);
    const end = page.indexOf('\n## ', start + 1);
    const section = page.slice(start, end < 0 ? undefined : end);
    for (const r of rules) expect(section, r.alert).toMatch(new RegExp(`^### ${r.alert}$`, 'm'));
  });

  it('and their unit tests expect the same runbook links as the rules', () => {
    const tests = readFileSync(ALERT_TESTS_PATH, 'utf8');
    const urls = [...tests.matchAll(/runbook_url:\s*"?([^"\n]+)"?/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(ALERTS.length);
    const known = new Set(rules.map((r) => r.annotations!.runbook_url!));
    for (const u of urls) expect(known, u).toContain(u);
  });

  it('read only metrics makerd registers (and `up`)', () => {
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults, prefix: 'makerd_' });
    const known = new Set([...sourceMetricNames(), ...defaults.getMetricsAsArray().map((m) => m.name), 'up']);
    for (const r of rules) for (const n of metricNames(r.expr)) expect(familyOf(n, known), `${r.alert}: ${n}`).toBeDefined();
  });

  it('are each unit-tested: firing at least once and quiet at least once', () => {
    type Case = { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] };
    const doc = parse(readFileSync(ALERT_TESTS_PATH, 'utf8')) as { rule_files: string[]; tests: Case[] };
    expect(doc.rule_files).toEqual(['../alerts.yml']);
    const checks = doc.tests.flatMap((t) => t.alert_rule_test ?? []);
    for (const a of ALERTS) {
      expect(
        checks.some((c) => c.alertname === a && c.exp_alerts.length > 0),
        `${a} fires`,
      ).toBe(true);
      expect(
        checks.some((c) => c.alertname === a && c.exp_alerts.length === 0),
        `${a} stays quiet`,
      ).toBe(true);
    }
  });

  it('unit-test the rate-limit alert on series makerd exports: each (scope, window) is one makerd has, the window a length', async () => {
    const registry = new Registry();
    const limiter = new RateLimiter({ clock: new FakeClock() });
    registerLimiterMetrics(registry, () => limiter.snapshot());
    const text = await registry.metrics();
    limiter.close();
    const pairs = (s: string): string[] =>
      [...s.matchAll(/makerd_rate_limit_\w+\{[^}]*?scope="([^"]+)"[^}]*?window="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    const exported = new Set(pairs(text));
    expect(exported.has('POST /order 10s')).toBe(true);
    expect(exported.has('POST /order 10m')).toBe(true);
    const used = pairs(readFileSync(ALERT_TESTS_PATH, 'utf8'));
    expect(used.length).toBeGreaterThan(0);
    for (const p of used) expect(exported.has(p), p).toBe(true);
  });

  needsPromtool('pass promtool check rules', () => {
    const r = promtool('check', 'rules', ALERTS_PATH);
    expect(r.out).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(r.status, r.out).toBe(0);
  });

  needsPromtool('pass their unit tests (promtool test rules)', () => {
    const r = promtool('test', 'rules', ALERT_TESTS_PATH);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('SUCCESS');
  });

  needsPromtool('unit tests that fail when an alert is changed (control)', () => {
    // The same tests against rules with one threshold and one `for` changed must fail.
    mkdirSync(join(tmp, 'tests'), { recursive: true });
    copyFileSync(ALERT_TESTS_PATH, join(tmp, 'tests', 'alerts.test.yml'));
    const text = readFileSync(ALERTS_PATH, 'utf8');
    const changed = text
      .replace('expr: up{job="makerd"} == 0\n        for: 2m', 'expr: up{job="makerd"} == 0\n        for: 1m')
      .replace('lag_p99_seconds > 0.1', 'lag_p99_seconds > 1');
    expect(changed).not.toBe(text);
    writeFileSync(join(tmp, 'alerts.yml'), changed);
    const r = promtool('test', 'rules', join(tmp, 'tests', 'alerts.test.yml'));
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/alertname: MakerdDown, time: 3m/);
    expect(r.out).toMatch(/alertname: MakerdEventLoopLag, time: 5m/);
  });
});

describe('ops/prometheus/prometheus.yml', () => {
  type Config = {
    rule_files: string[];
    scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[];
  };
  const config = parse(readFileSync(PROMETHEUS_CONFIG_PATH, 'utf8')) as Config;

  it('loads the alert rules and scrapes makerd on its default metrics port as job "makerd"', () => {
    expect(config.rule_files).toEqual(['alerts.yml']);
    const job = config.scrape_configs.find((s) => s.job_name === 'makerd');
    expect(job?.metrics_path).toBe('/metrics');
    expect(job?.static_configs[0]?.targets).toEqual([`127.0.0.1:${schema.metrics.port.default}`]);
  });

  it("is matched by ops/compose.yml's Prometheus: same job name, rules from the alerts*.yml glob (and not the unit tests)", () => {
    const compose = parse(readFileSync(join(root, 'ops/compose.yml'), 'utf8')) as {
      services: { prometheus: { volumes: string[] } };
      configs: { 'prometheus-config': { content: string } };
    };
    const inline = parse(compose.configs['prometheus-config'].content) as Config;
    expect(inline.scrape_configs.map((s) => s.job_name)).toEqual(['makerd']);
    expect(compose.services.prometheus.volumes).toContain('./prometheus:/etc/prometheus/makerd:ro');
    expect(inline.rule_files).toEqual(['/etc/prometheus/makerd/alerts*.yml']);
    // The glob reads the top folder only: the unit tests live in tests/ so the server never loads them.
    expect(ALERT_TESTS_PATH).toContain('/ops/prometheus/tests/');
  });

  needsPromtool('passes promtool check config (which also loads alerts.yml)', () => {
    const r = promtool('check', 'config', PROMETHEUS_CONFIG_PATH);
    expect(r.out).toContain('SUCCESS: 1 rule files found');
    expect(r.out).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(r.status, r.out).toBe(0);
  });
});
