/**
 * makerd's Prometheus registry. Every label value comes from a fixed set (routes of the endpoint
 * registry, scopes of the limit table, error codes, HTTP statuses), never from order ids, prices
 * or token ids, so the series count is bounded whatever the daemon trades.
 */
import { Registry, collectDefaultMetrics } from 'prom-client';

export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'makerd_' });
  return registry;
}
