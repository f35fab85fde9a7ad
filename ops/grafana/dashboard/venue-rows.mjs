/** The rows of makerd's use of the venue: rate-limit headroom, throttles, request latency and errors. */
import { GREEN, I, ORANGE, RED, bargauge, timeseries } from './panels.mjs';

/** Errors: 5xx answers and requests that got no answer (MAKERD_ERR_*); 0 per route when there were none. */
const ERRORS = `outcome=~"5..|MAKERD_ERR_.*"`;
const errorRatio = (by, range) =>
  `(sum by (${by}) (rate(makerd_venue_requests_total{${I}, ${ERRORS}}[${range}])) or sum by (${by}) (rate(makerd_venue_requests_total{${I}}[${range}])) * 0)\n/ sum by (${by}) (rate(makerd_venue_requests_total{${I}}[${range}]))`;

/** @type {{ title: string, panels: import('./panels.mjs').P[] }[]} */
export const VENUE_ROWS = [
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
];
