/**
 * makerd's Prometheus registry. Every label value comes from a fixed set (routes of the endpoint
 * registry, scopes of the limit table, error codes, HTTP statuses), never from order ids, prices
 * or token ids, so the series count is bounded whatever the daemon trades.
 *
 * prom-client's default metrics come with the `makerd_` prefix, less three gauges whose `_total`
 * names break the Prometheus naming rules (`promtool check metrics`: "non-counter metrics should
 * not have _total suffix"): their per-type siblings stay, so `sum(makerd_nodejs_active_handles)`
 * (likewise `_requests`, `_resources`) gives the same figure.
 */
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { guardedStreams } from '../log/guarded-stream.js';

export const DROPPED_DEFAULT_METRICS: readonly string[] = [
  'makerd_nodejs_active_handles_total',
  'makerd_nodejs_active_requests_total',
  'makerd_nodejs_active_resources_total',
];

export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'makerd_' });
  for (const name of DROPPED_DEFAULT_METRICS) registry.removeSingleMetric(name);
  new Counter({
    name: 'makerd_log_lines_dropped_total',
    help: 'Log lines dropped because their stream (stdout, stderr) broke: its reader went away (EPIPE)',
    labelNames: ['stream'],
    registers: [registry],
    collect() {
      this.reset();
      for (const name of ['stdout', 'stderr']) {
        const n = guardedStreams()
          .filter((g) => g.name === name)
          .reduce((sum, g) => sum + g.dropped, 0);
        this.inc({ stream: name }, n);
      }
    },
  });
  return registry;
}
