/**
 * ops/grafana (issue 9 point 3): the dashboard JSON is what its generator writes, it is
 * type-checked against Grafana's published schema package (@grafana/schema, the version of the
 * Grafana image in ops/compose.yml), it is laid out soundly, every query goes through the
 * `datasource` variable and reads only metrics makerd registers, and the provisioning files agree
 * with ops/compose.yml. test/ops/prometheus-live.test.ts runs every query on a real Prometheus.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Registry, collectDefaultMetrics } from 'prom-client';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  dataPanels,
  DASHBOARD_PATH,
  familyOf,
  loadDashboard,
  metricNames,
  root,
  sourceMetricNames,
  type DashboardJson,
  type DashboardPanel,
} from './grafana-queries.js';

const dashboard = loadDashboard();
const panels = dataPanels(dashboard);
const readYaml = <T>(p: string): T => parse(readFileSync(join(root, p), 'utf8')) as T;

describe('the dashboard JSON', () => {
  it('is what ops/grafana/build-dashboard.mjs writes (edit the script, then run it)', () => {
    const out = execFileSync(process.execPath, [join(root, 'ops/grafana/build-dashboard.mjs'), '--stdout'], { encoding: 'utf8' });
    expect(readFileSync(DASHBOARD_PATH, 'utf8')).toBe(out);
  });

  it('has the stable uid, a current schema version and the datasource variable defaulting to the provisioned uid', () => {
    expect(dashboard.uid).toBe('makerd');
    expect(dashboard.schemaVersion).toBe(41); // Grafana 12.1 (@grafana/schema 12.1.1 defaultDashboard)
    expect(dashboard.id ?? null).toBeNull(); // instance-specific: never committed
    const ds = dashboard.templating.list.find((v) => v.name === 'datasource');
    expect(ds).toMatchObject({ type: 'datasource', query: 'prometheus', current: { value: 'makerd-prometheus' } });
    const market = dashboard.templating.list.find((v) => v.name === 'market');
    expect(market?.query).toMatchObject({ query: expect.stringMatching(/^label_values\(makerd_quotes_live\b.*, market\)$/) });
    for (const v of dashboard.templating.list.filter((x) => x.type === 'query'))
      expect(v.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
  });

  it('has a row for each part the issue lists, each holding panels', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((r) => r.title);
    expect(rows).toEqual(
      expect.arrayContaining([
        'PnL and drawdown',
        'Fills and volume',
        'Inventory and exposure',
        'Rate-limit headroom',
        'Throttles',
        'Request latency and errors',
        'Tick-to-dispatch',
        'Book age',
        'Trading and risk state',
        'Liquidity rewards (estimated)',
        'Income (counted whole)',
      ]),
    );
    for (const r of rows) expect(panels.filter((p) => p.row === r).length, r).toBeGreaterThan(0);
  });

  it('shows the estimated liquidity rewards in a row of their own, beside the trading PnL and never summed into it', () => {
    const row = panels.filter((p) => p.row === 'Liquidity rewards (estimated)');
    const reads = (title: string): string[] => row.find((p) => p.panel.title === title)!.panel.targets!.flatMap((t) => metricNames(t.expr));
    expect(row.map((p) => p.panel.title)).toEqual([
      'Reward score by market',
      'Reward share by market',
      'Estimated rewards per day',
      'Malformed rewards',
      'Estimated rewards vs trading PnL (today)',
      'Market swaps (1 h)',
    ]);
    expect(reads('Market swaps (1 h)')).toEqual(['makerd_selector_swaps_total']);
    expect(reads('Reward score by market')).toEqual(['makerd_reward_score']);
    expect(reads('Reward share by market')).toEqual(['makerd_reward_share']);
    expect(reads('Estimated rewards per day')).toEqual(['makerd_rewards_estimated_usdc_total', 'makerd_rewards_estimated_today_usdc']);
    expect(reads('Malformed rewards')).toEqual(['makerd_reward_rules_malformed_total']);
    const vs = row.find((p) => p.panel.title === 'Estimated rewards vs trading PnL (today)')!.panel.targets!;
    // Two queries, one figure each: no query adds rewards to PnL.
    expect(vs.map((t) => metricNames(t.expr))).toEqual([['makerd_rewards_estimated_today_usdc'], ['makerd_daily_pnl_usdc']]);
    // No PnL panel reads a reward series.
    for (const p of panels.filter((x) => x.row === 'PnL and drawdown'))
      for (const t of p.panel.targets ?? []) expect(t.expr).not.toMatch(/reward/);
  });

  it('shows the income by part and by market from makerd_income_usdc, never summing its total with its parts', () => {
    const row = panels.filter((p) => p.row === 'Income (counted whole)');
    expect(row.map((p) => p.panel.title)).toEqual(['Income by part (all markets)', 'Income by market']);
    const exprs = row.flatMap((p) => p.panel.targets!.map((t) => t.expr));
    for (const e of exprs) expect(metricNames(e)).toEqual(['makerd_income_usdc']);
    // By part: one series per part (total among them), for the account; by market: the total only.
    expect(exprs[0]).toMatch(/sum by \(part\) \(makerd_income_usdc\{[^}]*market="all"\}\)/);
    expect(exprs[1]).toMatch(/part="total"/);
  });

  it('gives every panel a unique id and puts it inside a row', () => {
    const ids = [...dashboard.panels, ...dashboard.panels.flatMap((p) => p.panels ?? [])].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.panels[0]?.type).toBe('row');
    for (const { panel, row } of panels) expect(row, panel.title).toBeDefined();
    // Expanded rows own the panels below them: the panel order follows the grid top to bottom.
    const ys = dashboard.panels.map((p) => p.gridPos.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('lays the panels out on the 24-column grid without overlap', () => {
    const all = dashboard.panels;
    for (const p of all) {
      expect(p.gridPos.x, p.title).toBeGreaterThanOrEqual(0);
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
      expect(p.gridPos.w * p.gridPos.h, p.title).toBeGreaterThan(0);
    }
    const overlap = (a: DashboardPanel, b: DashboardPanel): boolean =>
      a.gridPos.x < b.gridPos.x + b.gridPos.w &&
      b.gridPos.x < a.gridPos.x + a.gridPos.w &&
      a.gridPos.y < b.gridPos.y + b.gridPos.h &&
      b.gridPos.y < a.gridPos.y + a.gridPos.h;
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) expect(overlap(all[i]!, all[j]!), `${all[i]!.title} / ${all[j]!.title}`).toBe(false);
  });

  it('queries only through the datasource variable, each panel with a title, a description and queries', () => {
    for (const { panel } of panels) {
      expect(panel.title, String(panel.id)).not.toBe('');
      expect(panel.description, panel.title).toBeTruthy();
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
      for (const t of panel.targets!) {
        expect(t.datasource, `${panel.title} ${t.refId}`).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(t.expr, `${panel.title} ${t.refId}`).toMatch(/\S/);
        expect(t.expr).not.toContain('${datasource}');
      }
    }
  });

  it('reads only metrics makerd registers (and `up`)', () => {
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults, prefix: 'makerd_' });
    const known = new Set([...sourceMetricNames(), ...defaults.getMetricsAsArray().map((m) => m.name), 'up']);
    const unknown: string[] = [];
    for (const { panel } of panels)
      for (const t of panel.targets ?? []) {
        const names = metricNames(t.expr);
        expect(names.length, `${panel.title}: ${t.expr}`).toBeGreaterThan(0);
        for (const n of names) if (familyOf(n, known) === undefined) unknown.push(`${panel.title}: ${n}`);
      }
    expect(unknown).toEqual([]);
  });
});

// ---- @grafana/schema ------------------------------------------------------------------------

/** Panel plugin option types published in @grafana/schema, by panel type. */
const PANEL_TYPES: Record<string, { module: string; custom: boolean }> = {
  timeseries: { module: 'timeseries/panelcfg/x/TimeSeriesPanelCfg_types.gen.js', custom: true },
  stat: { module: 'stat/panelcfg/x/StatPanelCfg_types.gen.js', custom: false },
  'state-timeline': { module: 'statetimeline/panelcfg/x/StateTimelinePanelCfg_types.gen.js', custom: true },
  bargauge: { module: 'bargauge/panelcfg/x/BarGaugePanelCfg_types.gen.js', custom: false },
};

/**
 * TypeScript source that assigns the dashboard, each panel's options and custom field config,
 * and each query to the published types. The JSON goes in as object literals, so TypeScript
 * checks every property (unknown keys included) and infers literal types for enum values; `Json<T>`
 * turns the schema's string enums into the strings the JSON holds.
 */
function schemaCheckSource(d: DashboardJson): string {
  const lines = [
    "import type { Dashboard, DataQuery } from '@grafana/schema';",
    ...Object.entries(PANEL_TYPES).map(
      ([type, p], i) => `import type * as P${i} from '@grafana/schema/dist/types/raw/composable/${p.module}'; // ${type}`,
    ),
    'type Json<T> = T extends string ? `${T}` : T extends readonly (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;',
    // The Prometheus plugin's query fields beside the common ones (12.1.1 publishes no Prometheus query type).
    "interface PromQuery extends DataQuery { expr: string; legendFormat?: string; range?: boolean; instant?: boolean; editorMode?: 'code' | 'builder'; format?: 'time_series' | 'table' | 'heatmap'; interval?: string }",
    `export const dashboard = ${JSON.stringify(d, null, 2)} satisfies Json<Dashboard>;`,
  ];
  const types = Object.keys(PANEL_TYPES);
  for (const { panel } of dataPanels(d)) {
    const i = types.indexOf(panel.type);
    if (i < 0) {
      lines.push(`export const unknownPanelType${panel.id}: never = ${JSON.stringify(panel.type)};`);
      continue;
    }
    lines.push(`export const options${panel.id} = ${JSON.stringify(panel.options ?? {}, null, 2)} satisfies Json<P${i}.Options>;`);
    if (PANEL_TYPES[panel.type]!.custom)
      lines.push(
        `export const custom${panel.id} = ${JSON.stringify(panel.fieldConfig?.defaults.custom ?? {})} satisfies Json<P${i}.FieldConfig>;`,
      );
    lines.push(`export const targets${panel.id} = ${JSON.stringify(panel.targets ?? [])} satisfies Json<PromQuery>[];`);
  }
  return `${lines.join('\n')}\n`;
}

/** Type-checks each source (file name -> text) in one program; returns the errors per file. */
function typeCheck(sources: Record<string, string>): Record<string, string[]> {
  const files = new Map(Object.entries(sources).map(([name, text]) => [join(root, 'test', 'ops', name), text]));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    files.has(name) ? ts.createSourceFile(name, files.get(name)!, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  const out: Record<string, string[]> = Object.fromEntries(Object.keys(sources).map((n) => [n, []]));
  for (const diag of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diag.messageText, '\n');
    const file = diag.file === undefined ? undefined : [...files.keys()].find((f) => f === diag.file!.fileName);
    const where = diag.file && diag.start !== undefined ? diag.file.getLineAndCharacterOfPosition(diag.start) : undefined;
    const key = file === undefined ? Object.keys(sources)[0]! : Object.keys(sources)[[...files.keys()].indexOf(file)]!;
    // The offending source line (the JSON is pretty-printed, a property a line) names the property.
    const line = where === undefined ? '' : diag.file!.text.split('\n')[where.line]!.trim();
    out[key]!.push(`${diag.file?.fileName ?? ''}${where ? `:${where.line + 1}` : ''}: ${text} [${line}]`);
  }
  return out;
}

describe('the dashboard against @grafana/schema', () => {
  it("type-checks: dashboard, every panel's options and field config, every query", { timeout: 60_000 }, () => {
    const clone = (): DashboardJson => JSON.parse(JSON.stringify(dashboard)) as DashboardJson;
    // Controls: the same check must reject a dashboard that Grafana's types do not describe.
    const badVersion = clone();
    (badVersion as Record<string, unknown>).schemaVersion = '41';
    const badKey = clone();
    (badKey as Record<string, unknown>).titel = 'makerd';
    const badStat = clone();
    const stat = dataPanels(badStat).find((p) => p.panel.type === 'stat')!.panel;
    stat.options = { ...stat.options, colorMode: 'rainbow' };
    const badVariable = clone();
    badVariable.templating.list[0]!.type = 'prometheus';
    const badGrid = clone();
    delete (badGrid.panels[1]!.gridPos as Partial<DashboardPanel['gridPos']>).w;

    const errors = typeCheck({
      'grafana-schema-check.ts': schemaCheckSource(dashboard),
      'grafana-schema-bad-version.ts': schemaCheckSource(badVersion),
      'grafana-schema-bad-key.ts': schemaCheckSource(badKey),
      'grafana-schema-bad-stat.ts': schemaCheckSource(badStat),
      'grafana-schema-bad-variable.ts': schemaCheckSource(badVariable),
      'grafana-schema-bad-grid.ts': schemaCheckSource(badGrid),
    });
    expect(errors['grafana-schema-check.ts']).toEqual([]);
    expect(errors['grafana-schema-bad-version.ts']!.join('\n')).toMatch(/schemaVersion/);
    expect(errors['grafana-schema-bad-key.ts']!.join('\n')).toMatch(/titel/);
    expect(errors['grafana-schema-bad-stat.ts']!.join('\n')).toMatch(/rainbow/);
    expect(errors['grafana-schema-bad-variable.ts']!.join('\n')).toMatch(/prometheus/);
    expect(errors['grafana-schema-bad-grid.ts']!.join('\n')).toMatch(/'w'/);
  });
});

// ---- provisioning ---------------------------------------------------------------------------

describe('Grafana provisioning', () => {
  type Compose = { services: { grafana: { volumes: string[] } } };
  const compose = readYaml<Compose>('ops/compose.yml');
  const mounts = new Map(
    compose.services.grafana.volumes.map((v) => {
      const [src, dst] = v.split(':');
      return [join(root, 'ops', src!), dst!];
    }),
  );

  it('provisions the Prometheus datasource with the uid the dashboard defaults to', () => {
    const ds = readYaml<{ datasources: { uid: string; type: string; url: string }[] }>(
      'ops/grafana/provisioning/datasources/prometheus.yml',
    );
    expect(ds.datasources).toHaveLength(1);
    expect(ds.datasources[0]).toMatchObject({ uid: 'makerd-prometheus', type: 'prometheus', url: 'http://prometheus:9090' });
  });

  it('loads dashboards from the folder compose mounts the dashboard JSON at', () => {
    const provider = readYaml<{ providers: { type: string; options: { path: string } }[] }>(
      'ops/grafana/provisioning/dashboards/makerd.yml',
    );
    expect(provider.providers).toHaveLength(1);
    expect(provider.providers[0]!.type).toBe('file');
    expect(mounts.get(join(root, 'ops/grafana/dashboards'))).toBe(provider.providers[0]!.options.path);
    expect(mounts.get(join(root, 'ops/grafana/provisioning'))).toBe('/etc/grafana/provisioning');
  });
});
