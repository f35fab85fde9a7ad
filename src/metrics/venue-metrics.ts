/**
 * Counts and times every venue request attempt (fed by the client's onRequest hook), and counts
 * the answers refused for their size or slowness (answer-bounds.ts): makerd_venue_answers_refused_total
 * {route, reason}, every route of the contract and reason exported at 0 from the start, so that
 * rates and alerts have a series before the first refusal.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import { ENDPOINTS } from '../routes.js';
import { REFUSAL_REASONS, type RequestObserver } from '../venue/index.js';

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
  const refused = new Counter({
    name: 'makerd_venue_answers_refused_total',
    help: 'Venue answers refused and not used, by route and reason: too_large (over the bound of venue.answers.*), too_slow (under venue.answers.minBytesPerSec, or stopped)',
    labelNames: ['route', 'reason'],
    registers: [registry],
  });
  for (const def of Object.values(ENDPOINTS)) for (const reason of REFUSAL_REASONS) refused.inc({ route: def.route, reason }, 0);
  return (route, outcome, ms, reason) => {
    requests.inc({ route, outcome: String(outcome) });
    latency.observe({ route }, ms / 1000);
    if (reason !== undefined) refused.inc({ route, reason });
  };
}
