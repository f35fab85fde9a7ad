/** The rows of makerd's own pipeline: tick-to-dispatch, book age, the process. */
import { I, M, RED, stat, timeseries } from './panels.mjs';

/** @type {{ title: string, panels: import('./panels.mjs').P[] }[]} */
export const PIPELINE_ROWS = [
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
