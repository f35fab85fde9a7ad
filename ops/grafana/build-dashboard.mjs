#!/usr/bin/env node
/**
 * Writes ops/grafana/dashboards/makerd.json, the makerd dashboard Grafana provisions
 * (ops/grafana/provisioning/dashboards/makerd.yml). Edit this script, not the JSON, then run
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

/** Grafana 12.1's dashboard schema version (@grafana/schema 12.1.1, defaultDashboard.schemaVersion). */
export const SCHEMA_VERSION = 41;
export const DATASOURCE_UID = 'makerd-prometheus';
const DS = { type: 'prometheus', uid: '${datasource}' };

/** Instance and market filters: every makerd series carries `instance`; per-market series `market`. */
const I = 'instance=~"$instance"';
const M = 'market=~"$market"';

// ---- panel builders -------------------------------------------------------------------------

/**
 * @typedef {{ expr: string, legend?: string, instant?: boolean }} Q
 * @typedef {{ type: string, title: string, description: string, w: number, h: number, targets: Q[], fieldConfig: object, options: object }} P
 */

/** @param {Q[]} qs */
function targets(qs) {
  return qs.map((q, i) => ({
    refId: String.fromCharCode(65 + i),
    datasource: DS,
    editorMode: 'code',
    expr: q.expr,
    legendFormat: q.legend ?? '__auto',
    range: !q.instant,
    instant: Boolean(q.instant),
  }));
}

const legend = (placement = 'bottom') => ({ showLegend: true, displayMode: 'list', placement, calcs: [] });

/**
 * A time series panel.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, min?: number, max?: number, w?: number, h?: number, stack?: boolean, thresholds?: { value: number, color: string }[], overrides?: object[] }} [o]
 * @returns {P}
 */
function timeseries(title, description, qs, o = {}) {
  return {
    type: 'timeseries',
    title,
    description,
    w: o.w ?? 8,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        ...(o.min === undefined ? {} : { min: o.min }),
        ...(o.max === undefined ? {} : { max: o.max }),
        color: { mode: 'palette-classic' },
        thresholds: { mode: 'absolute', steps: [{ color: 'green', value: null }, ...(o.thresholds ?? [])] },
        custom: {
          drawStyle: 'line',
          lineInterpolation: 'linear',
          lineWidth: 1,
          fillOpacity: o.stack ? 30 : 10,
          gradientMode: 'none',
          showPoints: 'never',
          pointSize: 4,
          spanNulls: false,
          stacking: { mode: o.stack ? 'normal' : 'none', group: 'A' },
          axisPlacement: 'auto',
          axisLabel: '',
          scaleDistribution: { type: 'linear' },
          thresholdsStyle: { mode: o.thresholds ? 'line' : 'off' },
        },
      },
      overrides: o.overrides ?? [],
    },
    options: { legend: legend(), tooltip: { mode: 'multi', sort: 'desc' } },
  };
}

/**
 * A stat panel (last value). `mappings` turn 0/1 flags into words.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, w?: number, h?: number, mappings?: object[], steps?: { value: number | null, color: string }[], textMode?: string, graph?: boolean }} [o]
 * @returns {P}
 */
function stat(title, description, qs, o = {}) {
  return {
    type: 'stat',
    title,
    description,
    w: o.w ?? 4,
    h: o.h ?? 4,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        color: { mode: 'thresholds' },
        mappings: o.mappings ?? [],
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
      },
      overrides: [],
    },
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      orientation: 'auto',
      textMode: o.textMode ?? 'auto',
      colorMode: 'background',
      graphMode: o.graph ? 'area' : 'none',
      justifyMode: 'auto',
      wideLayout: true,
      showPercentChange: false,
      percentChangeColorMode: 'standard',
    },
  };
}

/**
 * A state timeline: one lane per series, coloured by value mappings.
 * @param {string} title @param {string} description @param {Q[]} qs @param {object[]} mappings
 * @param {{ w?: number, h?: number, steps?: { value: number | null, color: string }[] }} [o]
 * @returns {P}
 */
function timeline(title, description, qs, mappings, o = {}) {
  return {
    type: 'state-timeline',
    title,
    description,
    w: o.w ?? 12,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        color: { mode: 'thresholds' },
        mappings,
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
        custom: { fillOpacity: 80, lineWidth: 0 },
      },
      overrides: [],
    },
    options: {
      mergeValues: true,
      showValue: 'auto',
      alignValue: 'left',
      rowHeight: 0.9,
      legend: legend(),
      tooltip: { mode: 'single', sort: 'none' },
    },
  };
}

/**
 * A horizontal bar gauge of the current values.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, min?: number, max?: number, w?: number, h?: number, steps?: { value: number | null, color: string }[] }} [o]
 * @returns {P}
 */
function bargauge(title, description, qs, o = {}) {
  return {
    type: 'bargauge',
    title,
    description,
    w: o.w ?? 8,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        ...(o.min === undefined ? {} : { min: o.min }),
        ...(o.max === undefined ? {} : { max: o.max }),
        color: { mode: 'thresholds' },
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
      },
      overrides: [],
    },
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      orientation: 'horizontal',
      displayMode: 'gradient',
      valueMode: 'color',
      namePlacement: 'auto',
      showUnfilled: true,
      sizing: 'auto',
      minVizWidth: 8,
      minVizHeight: 16,
      maxVizHeight: 300,
      legend: legend(),
    },
  };
}

/** 0/1 flag as words and colours. */
const flag = (zero, one, zeroColor, oneColor) => ({
  mappings: [
    {
      type: 'value',
      options: {
        0: { text: zero, color: zeroColor, index: 0 },
        1: { text: one, color: oneColor, index: 1 },
      },
    },
  ],
  steps: [
    { color: zeroColor, value: null },
    { color: oneColor, value: 1 },
  ],
});

const RED = 'red';
const GREEN = 'green';
const ORANGE = 'orange';

// ---- the rows -------------------------------------------------------------------------------

/** Errors: 5xx answers and requests that got no answer (MAKERD_ERR_*); 0 per route when there were none. */
const ERRORS = `outcome=~"5..|MAKERD_ERR_.*"`;
const errorRatio = (by, range) =>
  `(sum by (${by}) (rate(makerd_venue_requests_total{${I}, ${ERRORS}}[${range}])) or sum by (${by}) (rate(makerd_venue_requests_total{${I}}[${range}])) * 0)\n/ sum by (${by}) (rate(makerd_venue_requests_total{${I}}[${range}]))`;

/** @type {{ title: string, panels: P[] }[]} */
export const ROWS = [
  {
    title: 'Trading and risk state',
    panels: [
      stat(
        'Scrape',
        "Prometheus reaches makerd's /metrics (`up`).",
        [{ expr: `up{job="makerd", ${I}}`, legend: '{{instance}}' }],
        flag('DOWN', 'UP', RED, GREEN),
      ),
      stat(
        'Ready',
        '`makerd_ready`: reconciled, market data fresh, not HALTED (what /readyz answers).',
        [{ expr: `makerd_ready{${I}}`, legend: '{{instance}}' }],
        flag('NOT READY', 'READY', RED, GREEN),
      ),
      stat(
        'Overall state',
        '`makerd_trading_state{market="all"}`: ACTIVE, REDUCING (only orders that shrink positions) or HALTED (no orders).',
        [{ expr: `makerd_trading_state{market="all", ${I}} == 1`, legend: '{{state}}' }],
        { textMode: 'name', steps: [{ color: 'blue', value: null }] },
      ),
      stat(
        'Kill switch',
        '`makerd_kill_switch_engaged`: risk.killSwitch or the kill file halts everything.',
        [{ expr: `makerd_kill_switch_engaged{${I}}`, legend: '{{instance}}' }],
        flag('off', 'ENGAGED', GREEN, RED),
      ),
      stat(
        'Loss limits',
        '`makerd_loss_limit_engaged` by limit: 1 while daily_loss or drawdown holds every market in risk.lossAction.',
        [{ expr: `max by (limit) (makerd_loss_limit_engaged{${I}})`, legend: '{{limit}}' }],
        flag('ok', 'ENGAGED', GREEN, RED),
      ),
      stat(
        'WebSockets',
        '`makerd_ws_connected` by stream (market, user).',
        [{ expr: `min by (stream) (makerd_ws_connected{${I}})`, legend: '{{stream}}' }],
        flag('DOWN', 'connected', RED, GREEN),
      ),
      timeline(
        'Trading state by market',
        'Per market and overall (`all`): ACTIVE, REDUCING, HALTED, from `makerd_trading_state`.',
        [
          {
            expr: `max by (market) (makerd_trading_state{${I}, market=~"$market|all", state="REDUCING"}) + 2 * max by (market) (makerd_trading_state{${I}, market=~"$market|all", state="HALTED"})`,
            legend: '{{market}}',
          },
        ],
        [
          {
            type: 'value',
            options: {
              0: { text: 'ACTIVE', color: GREEN, index: 0 },
              1: { text: 'REDUCING', color: ORANGE, index: 1 },
              2: { text: 'HALTED', color: RED, index: 2 },
            },
          },
        ],
        { w: 12 },
      ),
      timeseries(
        'Risk refusals and loss-limit breaches',
        'Wanted orders the risk gate refused, per second by reason (`makerd_risk_refusals_total`; series appear at the first refusal), and loss-limit breaches (`makerd_loss_limit_breaches_total`).',
        [
          { expr: `sum by (reason) (rate(makerd_risk_refusals_total{${I}}[$__rate_interval]))`, legend: 'refused: {{reason}}' },
          { expr: `sum by (limit) (increase(makerd_loss_limit_breaches_total{${I}}[$__rate_interval]))`, legend: 'breach: {{limit}}' },
        ],
        { w: 6 },
      ),
      timeseries(
        'WebSocket connections',
        'Connected (1) per stream, and reconnects (`makerd_ws_reconnects_total`).',
        [
          { expr: `min by (stream) (makerd_ws_connected{${I}})`, legend: 'connected: {{stream}}' },
          { expr: `sum by (stream) (increase(makerd_ws_reconnects_total{${I}}[$__rate_interval]))`, legend: 'reconnects: {{stream}}' },
        ],
        { w: 6, min: 0 },
      ),
    ],
  },
  {
    title: 'PnL and drawdown',
    panels: [
      timeseries(
        'PnL (all markets)',
        '`makerd_pnl_usdc{market="all"}`: realized (closing gains − fees + rebates), unrealized (at the last midpoint), total.',
        [{ expr: `sum by (kind) (makerd_pnl_usdc{${I}, market="all"})`, legend: '{{kind}}' }],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Total PnL by market',
        '`makerd_pnl_usdc{kind="total"}` per configured market (`other`: markets no longer configured).',
        [{ expr: `sum by (market) (makerd_pnl_usdc{${I}, ${M}, market!="all", kind="total"})`, legend: '{{market}}' }],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Drawdown and daily PnL against the limits',
        "Drawdown below the peak of total PnL, the day's PnL, the peak, and the configured limits (`makerd_loss_limit_usdc`, absent when a limit is off; the daily limit is drawn negative).",
        [
          { expr: `sum(makerd_drawdown_usdc{${I}})`, legend: 'drawdown' },
          { expr: `sum(makerd_daily_pnl_usdc{${I}})`, legend: 'daily PnL' },
          { expr: `sum(makerd_equity_peak_usdc{${I}})`, legend: 'peak total PnL' },
          { expr: `sum(makerd_loss_limit_usdc{${I}, limit="drawdown"})`, legend: 'drawdown limit' },
          { expr: `-sum(makerd_loss_limit_usdc{${I}, limit="daily_loss"})`, legend: 'daily loss limit' },
        ],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Fees and rebates',
        'USDC per hour: fees paid (`makerd_fees_paid_usdc_total`, series appear at the first fee) and maker rebates received.',
        [
          { expr: `sum(rate(makerd_fees_paid_usdc_total{${I}, ${M}}[$__rate_interval])) * 3600`, legend: 'fees paid' },
          { expr: `sum(rate(makerd_rebates_received_usdc_total{${I}, ${M}}[$__rate_interval])) * 3600`, legend: 'rebates received' },
        ],
        { unit: 'currencyUSD', w: 24, h: 6 },
      ),
    ],
  },
  {
    title: 'Fills and volume',
    panels: [
      timeseries('Fills per minute', "Fills of the account's orders by the account's side (`makerd_fills_total`).", [
        { expr: `sum by (side) (rate(makerd_fills_total{${I}, ${M}}[$__rate_interval])) * 60`, legend: '{{side}}' },
      ]),
      timeseries('Volume by market', 'Shares filled per minute (`makerd_fill_volume_shares_total`).', [
        { expr: `sum by (market) (rate(makerd_fill_volume_shares_total{${I}, ${M}}[$__rate_interval])) * 60`, legend: '{{market}}' },
      ]),
      timeseries(
        'Orders by action',
        'Executor actions per second (`makerd_orders_total`: placed, cancelled, kept, …) and refused posts (`makerd_order_rejections_total`, series appear at the first rejection).',
        [
          { expr: `sum by (action) (rate(makerd_orders_total{${I}}[$__rate_interval]))`, legend: '{{action}}' },
          { expr: `sum by (reason) (rate(makerd_order_rejections_total{${I}}[$__rate_interval]))`, legend: 'rejected: {{reason}}' },
        ],
      ),
      timeseries(
        'Live quotes',
        'Live orders per market and side of outcome 0 (`makerd_quotes_live`).',
        [{ expr: `sum by (market, side) (makerd_quotes_live{${I}, ${M}})`, legend: '{{market}} {{side}}' }],
        { w: 12, min: 0 },
      ),
      timeseries(
        'Two-sided share',
        'Share of time each market had a bid and an ask live (`makerd_two_sided_seconds_total`).',
        [{ expr: `sum by (market) (rate(makerd_two_sided_seconds_total{${I}, ${M}}[$__rate_interval]))`, legend: '{{market}}' }],
        { w: 12, unit: 'percentunit', min: 0, max: 1 },
      ),
    ],
  },
  {
    title: 'Inventory and exposure',
    panels: [
      timeseries('Positions', 'Signed position in shares by market and outcome (`makerd_position_shares`; negative: short).', [
        { expr: `sum by (market, outcome) (makerd_position_shares{${I}, ${M}})`, legend: '{{market}} #{{outcome}}' },
      ]),
      timeseries('Net exposure', 'Position of outcome 0 − position of outcome 1, shares (`makerd_net_exposure_shares`).', [
        { expr: `sum by (market) (makerd_net_exposure_shares{${I}, ${M}})`, legend: '{{market}}' },
      ]),
      timeseries(
        'Open orders',
        'Open orders the cancel reserve covers (`makerd_rate_limit_open_orders`).',
        [{ expr: `sum(makerd_rate_limit_open_orders{${I}})`, legend: 'open orders' }],
        { min: 0 },
      ),
    ],
  },
  {
    title: 'Rate-limit headroom',
    panels: [
      timeseries(
        'Headroom by scope and window',
        'Free share of each limit window (`makerd_rate_limit_headroom_ratio`): 1 = unused, 0 = full; the limiter queues requests before it reaches 0.',
        [{ expr: `min by (scope, window) (makerd_rate_limit_headroom_ratio{${I}})`, legend: '{{scope}} / {{window}}' }],
        { w: 12, h: 10, unit: 'percentunit', min: 0, max: 1, thresholds: [{ value: 0.1, color: RED }] },
      ),
      bargauge(
        'Used now',
        'Admissions in each trailing window over its effective capacity (`makerd_rate_limit_used` / `makerd_rate_limit_capacity`).',
        [
          {
            expr: `max by (scope, window) (makerd_rate_limit_used{${I}} / makerd_rate_limit_capacity{${I}})`,
            legend: '{{scope}} / {{window}}',
            instant: true,
          },
        ],
        {
          w: 6,
          h: 10,
          unit: 'percentunit',
          min: 0,
          max: 1,
          steps: [
            { color: GREEN, value: null },
            { color: ORANGE, value: 0.7 },
            { color: RED, value: 0.9 },
          ],
        },
      ),
      timeseries(
        'Limiter queue and in flight',
        'Requests waiting by priority class (`makerd_rate_limit_queue_depth`) and in flight (`makerd_rate_limit_in_flight`).',
        [
          { expr: `sum by (class) (makerd_rate_limit_queue_depth{${I}})`, legend: 'queued: {{class}}' },
          { expr: `sum(makerd_rate_limit_in_flight{${I}})`, legend: 'in flight' },
        ],
        { w: 6, h: 10, min: 0 },
      ),
    ],
  },
  {
    title: 'Throttles',
    panels: [
      timeseries(
        'Throttled answers and pauses',
        '429 (rate limited) and 425 (venue restarting) answers per scope (`makerd_rate_limit_throttled_total`; series appear at the first one), and the pause each scope then sits out (`makerd_rate_limit_paused_seconds`, right axis). Any 429 means the limits are set above what the venue grants.',
        [
          {
            expr: `sum by (scope, status) (increase(makerd_rate_limit_throttled_total{${I}}[$__rate_interval]))`,
            legend: '{{scope}} {{status}}',
          },
          { expr: `max by (scope) (makerd_rate_limit_paused_seconds{${I}})`, legend: 'paused: {{scope}}' },
        ],
        {
          w: 12,
          min: 0,
          overrides: [
            {
              matcher: { id: 'byFrameRefID', options: 'B' },
              properties: [
                { id: 'unit', value: 's' },
                { id: 'custom.axisPlacement', value: 'right' },
              ],
            },
          ],
        },
      ),
      timeseries(
        'Limiter admissions and refusals',
        'Requests admitted per second by class (`makerd_rate_limit_admitted_total`) and refused by reason (`makerd_rate_limit_rejected_total`: deadline, abort, queue full; series appear at the first one).',
        [
          { expr: `sum by (class) (rate(makerd_rate_limit_admitted_total{${I}}[$__rate_interval]))`, legend: 'admitted: {{class}}' },
          { expr: `sum by (reason) (rate(makerd_rate_limit_rejected_total{${I}}[$__rate_interval]))`, legend: 'refused: {{reason}}' },
        ],
        { unit: 'reqps', w: 12 },
      ),
    ],
  },
  {
    title: 'Request latency and errors',
    panels: [
      timeseries(
        'Latency p99 by route',
        '99th percentile of venue request latency (`makerd_venue_request_duration_seconds`).',
        [
          {
            expr: `histogram_quantile(0.99, sum by (le, route) (rate(makerd_venue_request_duration_seconds_bucket{${I}}[$__rate_interval])))`,
            legend: '{{route}}',
          },
        ],
        { unit: 's' },
      ),
      timeseries(
        'Requests by route and outcome',
        'Attempts per second (`makerd_venue_requests_total`): HTTP status, or MAKERD_ERR_… when no answer came.',
        [{ expr: `sum by (route, outcome) (rate(makerd_venue_requests_total{${I}}[$__rate_interval]))`, legend: '{{route}} {{outcome}}' }],
        { unit: 'reqps' },
      ),
      timeseries(
        'Error ratio by route',
        'Share of attempts answered 5xx or not answered (MAKERD_ERR_…); 0 when all succeeded.',
        [{ expr: errorRatio('route', '$__rate_interval'), legend: '{{route}}' }],
        { unit: 'percentunit', min: 0, thresholds: [{ value: 0.05, color: RED }] },
      ),
    ],
  },
  {
    title: 'Tick-to-dispatch',
    panels: [
      timeseries(
        'Tick-to-dispatch latency',
        'From a market-data tick to the orders it causes being dispatched (`makerd_tick_to_dispatch_seconds`): p50, p90, p99.',
        [
          {
            expr: `histogram_quantile(0.5, sum by (le) (rate(makerd_tick_to_dispatch_seconds_bucket{${I}}[$__rate_interval])))`,
            legend: 'p50',
          },
          {
            expr: `histogram_quantile(0.9, sum by (le) (rate(makerd_tick_to_dispatch_seconds_bucket{${I}}[$__rate_interval])))`,
            legend: 'p90',
          },
          {
            expr: `histogram_quantile(0.99, sum by (le) (rate(makerd_tick_to_dispatch_seconds_bucket{${I}}[$__rate_interval])))`,
            legend: 'p99',
          },
        ],
        { w: 12, unit: 's' },
      ),
      timeseries(
        'Dispatches and evaluations',
        'Dispatches timed per second, and market evaluations per second (`makerd_evaluations_total`).',
        [
          { expr: `sum(rate(makerd_tick_to_dispatch_seconds_count{${I}}[$__rate_interval]))`, legend: 'dispatches' },
          { expr: `sum(rate(makerd_evaluations_total{${I}}[$__rate_interval]))`, legend: 'evaluations' },
        ],
        { w: 12, unit: 'ops' },
      ),
    ],
  },
  {
    title: 'Book age',
    panels: [
      timeseries(
        'Book age by market',
        'Age of the newest book of each market (`makerd_book_age_seconds`); books older than poller.staleAfterMs are not acted on.',
        [{ expr: `max by (market) (makerd_book_age_seconds{${I}, ${M}})`, legend: '{{market}}' }],
        { w: 12, unit: 's', min: 0 },
      ),
      timeseries(
        'Poll health',
        'Seconds since the last completed poll (`makerd_poll_last_tick_age_seconds`), unusable books by reason and failed poll requests by code (series appear at the first one).',
        [
          { expr: `max(makerd_poll_last_tick_age_seconds{${I}})`, legend: 'last poll age (s)' },
          { expr: `sum by (reason) (rate(makerd_books_unusable_total{${I}}[$__rate_interval]))`, legend: 'unusable: {{reason}}' },
          { expr: `sum by (code) (rate(makerd_poll_requests_failed_total{${I}}[$__rate_interval]))`, legend: 'failed: {{code}}' },
        ],
        { w: 12 },
      ),
    ],
  },
  {
    title: 'Process',
    panels: [
      timeseries(
        'Event-loop lag',
        "Node's event-loop delay (`makerd_nodejs_eventloop_lag_p50_seconds`, `_p99_seconds`).",
        [
          { expr: `max(makerd_nodejs_eventloop_lag_p50_seconds{${I}})`, legend: 'p50' },
          { expr: `max(makerd_nodejs_eventloop_lag_p99_seconds{${I}})`, legend: 'p99' },
        ],
        { unit: 's', thresholds: [{ value: 0.1, color: RED }] },
      ),
      timeseries(
        'Memory and CPU',
        'Resident memory, V8 heap used (`makerd_process_resident_memory_bytes`, `makerd_nodejs_heap_size_used_bytes`).',
        [
          { expr: `sum(makerd_process_resident_memory_bytes{${I}})`, legend: 'resident' },
          { expr: `sum(makerd_nodejs_heap_size_used_bytes{${I}})`, legend: 'heap used' },
        ],
        { unit: 'bytes' },
      ),
      stat(
        'Version and restarts',
        '`makerd_build_info` (version, Node), and restarts seen in the range (`changes(makerd_process_start_time_seconds)`).',
        [
          { expr: `count by (version, node) (makerd_build_info{${I}})`, legend: 'makerd {{version}} / node {{node}}' },
          { expr: `sum(changes(makerd_process_start_time_seconds{${I}}[$__range]))`, legend: 'restarts' },
        ],
        { w: 8, h: 8, textMode: 'value_and_name' },
      ),
    ],
  },
];

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
      'makerd market-making daemon: PnL, fills, inventory, rate limits, venue requests, latency, market data and risk state. Built by ops/grafana/build-dashboard.mjs.',
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
