/** Counts and times every venue request attempt (fed by the client's onRequest hook). */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { RequestObserver } from '../venue/index.js';

export function venueRequestMetrics(registry: Registry): RequestObserver {
  const requests = new Counter({
    name: 'makerd_venue_requests_total',
    help: 'Venue request attempts by route and outcome (HTTP status, or MAKERD_ERR_* when there was no answer)',
    labelNames: ['route', 'outcome'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'makerd_venue_request_duration_seconds',
    help: 'Venue request latency by route',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (route, outcome, ms) => {
    requests.inc({ route, outcome: String(outcome) });
    latency.observe({ route }, ms / 1000);
  };
}
