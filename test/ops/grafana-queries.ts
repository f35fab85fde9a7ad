/**
 * The makerd dashboard and alert rules as the ops tests read them: panels, their queries, the
 * rules' expressions, and the metric names they use. Shared by grafana-dashboard.test.ts,
 * prometheus-alerts.test.ts and prometheus-live.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { packageRoot } from '../../src/package-root.js';

export const root = packageRoot();
export const DASHBOARD_PATH = join(root, 'ops/grafana/dashboards/makerd.json');
export const ALERTS_PATH = join(root, 'ops/prometheus/alerts.yml');
export const ALERT_TESTS_PATH = join(root, 'ops/prometheus/tests/alerts.test.yml');
export const PROMETHEUS_CONFIG_PATH = join(root, 'ops/prometheus/prometheus.yml');

export interface GridPos {
  h: number;
  w: number;
  x: number;
  y: number;
}

export interface Target {
  refId: string;
  datasource?: { type?: string; uid?: string };
  expr: string;
  legendFormat?: string;
  instant?: boolean;
  range?: boolean;
}

export interface DashboardPanel {
  id: number;
  type: string;
  title: string;
  description?: string;
  gridPos: GridPos;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: DashboardPanel[];
  collapsed?: boolean;
  options?: Record<string, unknown>;
  fieldConfig?: { defaults: { custom?: Record<string, unknown> } & Record<string, unknown>; overrides: unknown[] };
}

export interface TemplateVariable {
  name: string;
  type: string;
  query?: string | { query: string };
  current?: { text: string; value: string };
  datasource?: { type?: string; uid?: string };
  allValue?: string;
}

export interface DashboardJson {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: DashboardPanel[];
  templating: { list: TemplateVariable[] };
  [key: string]: unknown;
}

export function loadDashboard(): DashboardJson {
  return JSON.parse(readFileSync(DASHBOARD_PATH, 'utf8')) as DashboardJson;
}

/** Every panel that is not a row, with the row it sits in (rows hold panels by position; collapsed rows in `panels`). */
export function dataPanels(d: DashboardJson): { panel: DashboardPanel; row: string | undefined }[] {
  const out: { panel: DashboardPanel; row: string | undefined }[] = [];
  let row: string | undefined;
  for (const p of d.panels) {
    if (p.type === 'row') {
      row = p.title;
      for (const inner of p.panels ?? []) out.push({ panel: inner, row });
    } else out.push({ panel: p, row });
  }
  return out;
}

/**
 * A Grafana query as Prometheus would receive it for a short range: Grafana's interval
 * variables become fixed windows and the multi-value filters match everything.
 */
export function toPromQL(expr: string, o: { rateInterval?: string; range?: string } = {}): string {
  return expr
    .replaceAll('$__rate_interval', o.rateInterval ?? '10s')
    .replaceAll('$__interval', o.rateInterval ?? '10s')
    .replaceAll('$__range', o.range ?? '1m')
    .replaceAll('$instance', '.*')
    .replaceAll('$market', '.*');
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function loadAlertRules(): AlertRule[] {
  const doc = parse(readFileSync(ALERTS_PATH, 'utf8')) as { groups: { name: string; rules: AlertRule[] }[] };
  return doc.groups.flatMap((g) => g.rules);
}

/** Metric names an expression reads (`makerd_*` and `up`), histogram suffixes kept. */
export function metricNames(expr: string): string[] {
  const names = new Set<string>();
  for (const m of expr.matchAll(/\b(makerd_[a-z0-9_]+)\b/g)) names.add(m[1]!);
  if (/\bup\b/.test(expr.replace(/"[^"]*"/g, '""'))) names.add('up');
  return [...names];
}

/** The metric family a series name belongs to: `x_bucket`, `x_sum`, `x_count` of histogram `x`. */
export function familyOf(name: string, families: ReadonlySet<string>): string | undefined {
  if (families.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return families.has(base) ? base : undefined;
}

/** Metric names registered in src/ (`name: 'makerd_…'` in a prom-client constructor). */
export function sourceMetricNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts'))
        for (const m of readFileSync(p, 'utf8').matchAll(/\bname:\s*['"`](makerd_[a-z0-9_]+)['"`]/g)) names.add(m[1]!);
    }
  };
  walk(join(root, 'src'));
  return names;
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The heading anchors of a Markdown file of the repository (path relative to its root). */
export function markdownAnchors(path: string): Set<string> {
  const text = readFileSync(join(root, path), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => headingAnchor(m[1]!)));
}
