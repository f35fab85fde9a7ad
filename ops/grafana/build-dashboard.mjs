#!/usr/bin/env node
/**
 * Writes ops/grafana/dashboards/makerd.json, the makerd dashboard Grafana provisions
 * (ops/grafana/provisioning/dashboards/makerd.yml). Edit this script and dashboard/ (the panel
 * builders and the rows), not the JSON, then run
 *
 *   node ops/grafana/build-dashboard.mjs            (rewrites the JSON)
 *   node ops/grafana/build-dashboard.mjs --stdout   (prints it; test/ops/grafana-dashboard.test.ts compares)
 *
 * Layout: rows of panels on Grafana's 24-column grid, laid out top to bottom; ids and grid
 * positions are computed here. Every query reads only series makerd exports (and `up`), through
 * the `datasource` variable (default: the provisioned Prometheus, uid makerd-prometheus).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DS, targets } from './dashboard/panels.mjs';
import { INCOME_ROWS } from './dashboard/income-rows.mjs';
import { PIPELINE_ROWS } from './dashboard/pipeline-rows.mjs';
import { REWARD_ROWS } from './dashboard/reward-rows.mjs';
import { TRADING_ROWS } from './dashboard/trading-rows.mjs';
import { VENUE_ROWS } from './dashboard/venue-rows.mjs';

/** Grafana 12.1's dashboard schema version (@grafana/schema 12.1.1, defaultDashboard.schemaVersion). */
export const SCHEMA_VERSION = 41;
export const DATASOURCE_UID = 'makerd-prometheus';

/** Every row, top to bottom: the panel builders are in dashboard/panels.mjs, the rows beside them. */
export const ROWS = [...TRADING_ROWS, ...REWARD_ROWS, ...INCOME_ROWS, ...VENUE_ROWS, ...PIPELINE_ROWS];

// ---- layout and the dashboard ---------------------------------------------------------------

/** Lays the rows out top to bottom, each row's panels left to right, wrapping at 24 columns. */
export function buildDashboard() {
  const panels = [];
  let id = 1;
  let y = 0;
  for (const row of ROWS) {
    panels.push({ id: id++, type: 'row', title: row.title, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, panels: [] });
    y += 1;
    let x = 0;
    let lineHeight = 0;
    for (const p of row.panels) {
      if (x + p.w > 24) {
        y += lineHeight;
        x = 0;
        lineHeight = 0;
      }
      const { w, h, targets: qs, ...rest } = p;
      panels.push({ id: id++, ...rest, datasource: DS, gridPos: { h, w, x, y }, targets: targets(qs) });
      x += w;
      lineHeight = Math.max(lineHeight, h);
    }
    y += lineHeight;
  }
  return {
    uid: 'makerd',
    title: 'makerd',
    description:
      'makerd market-making daemon: PnL, fills, inventory, estimated liquidity rewards, rate limits, venue requests, latency, market data and risk state. Built by ops/grafana/build-dashboard.mjs.',
    tags: ['makerd'],
    editable: false,
    graphTooltip: 1,
    fiscalYearStartMonth: 0,
    liveNow: false,
    refresh: '30s',
    schemaVersion: SCHEMA_VERSION,
    version: 1,
    time: { from: 'now-6h', to: 'now' },
    timepicker: {},
    timezone: 'browser',
    weekStart: '',
    links: [],
    annotations: {
      list: [
        {
          builtIn: 1,
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          iconColor: 'rgba(0, 211, 255, 1)',
          name: 'Annotations & Alerts',
          type: 'dashboard',
        },
      ],
    },
    templating: {
      list: [
        {
          name: 'datasource',
          label: 'Data source',
          type: 'datasource',
          query: 'prometheus',
          current: { text: 'Prometheus (makerd)', value: DATASOURCE_UID },
          hide: 0,
          includeAll: false,
          multi: false,
          options: [],
          refresh: 1,
          regex: '',
          skipUrlSync: false,
        },
        {
          name: 'instance',
          label: 'Instance',
          type: 'query',
          datasource: DS,
          query: {
            query: 'label_values(makerd_process_start_time_seconds, instance)',
            refId: 'PrometheusVariableQueryEditor-VariableQuery',
            qryType: 1,
          },
          current: { text: 'All', value: '$__all' },
          hide: 0,
          includeAll: true,
          allValue: '.*',
          multi: true,
          options: [],
          refresh: 2,
          regex: '',
          skipUrlSync: false,
          sort: 1,
        },
        {
          name: 'market',
          label: 'Market',
          type: 'query',
          datasource: DS,
          query: {
            query: 'label_values(makerd_quotes_live{instance=~"$instance"}, market)',
            refId: 'PrometheusVariableQueryEditor-VariableQuery',
            qryType: 1,
          },
          current: { text: 'All', value: '$__all' },
          hide: 0,
          includeAll: true,
          allValue: '.*',
          multi: true,
          options: [],
          refresh: 2,
          regex: '',
          skipUrlSync: false,
          sort: 1,
        },
      ],
    },
    panels,
  };
}

export const render = () => `${JSON.stringify(buildDashboard(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--stdout')) process.stdout.write(render());
  else writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'dashboards', 'makerd.json'), render());
}
