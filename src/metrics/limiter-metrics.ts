/**
 * The limiter's snapshot as gauges and counters, read at scrape time. The `window` label is the
 * window's length (`10s`, `10m`: limit-table.ts windowLength), which with `scope` names one
 * window: the trading writes' burst is `10s`, their sustained window `10m`.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { type LimiterSnapshot, windowLength } from '../limits/index.js';
import { cumulative } from './cumulative.js';

export function registerLimiterMetrics(registry: Registry, snapshot: () => LimiterSnapshot): void {
  // Registered first: a registry collects in registration order, so this collect() must run
  // before the metrics it fills in are serialized.
  let refresh: (s: LimiterSnapshot) => void = () => {};
  new Gauge({
    name: 'makerd_rate_limit_open_orders',
    help: 'Open orders the cancel reserve covers',
    registers: [registry],
    collect() {
      const s = snapshot();
      refresh(s);
      this.set(s.openOrders);
    },
  });
  const throttled = new Counter({
    name: 'makerd_rate_limit_throttled_total',
    help: '429/425 answers from the venue, by limit scope and status',
    labelNames: ['scope', 'status'],
    registers: [registry],
  });
  const admitted = new Counter({
    name: 'makerd_rate_limit_admitted_total',
    help: 'Requests admitted by the limiter, by priority class',
    labelNames: ['class'],
    registers: [registry],
  });
  const rejected = new Counter({
    name: 'makerd_rate_limit_rejected_total',
    help: 'Requests the limiter refused (deadline, abort, queue full, closed), by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  const addThrottled = cumulative(throttled, { exportZero: true });
  const addAdmitted = cumulative(admitted);
  const addRejected = cumulative(rejected, { exportZero: true });
  const gauges = {
    capacity: new Gauge({
      name: 'makerd_rate_limit_capacity',
      help: 'Effective capacity of each window (venue capacity x share x safety)',
      labelNames: ['scope', 'window'],
      registers: [registry],
    }),
    used: new Gauge({
      name: 'makerd_rate_limit_used',
      help: 'Admissions counting in each trailing window now',
      labelNames: ['scope', 'window'],
      registers: [registry],
    }),
    headroom: new Gauge({
      name: 'makerd_rate_limit_headroom_ratio',
      help: 'Free share of each window, 0..1',
      labelNames: ['scope', 'window'],
      registers: [registry],
    }),
    paused: new Gauge({
      name: 'makerd_rate_limit_paused_seconds',
      help: 'Remaining pause of each scope after a 429/425',
      labelNames: ['scope', 'window'],
      registers: [registry],
    }),
    queued: new Gauge({
      name: 'makerd_rate_limit_queue_depth',
      help: 'Requests waiting in the limiter, by priority class',
      labelNames: ['class'],
      registers: [registry],
    }),
    inFlight: new Gauge({ name: 'makerd_rate_limit_in_flight', help: 'Requests in flight for this API key', registers: [registry] }),
  };
  refresh = (s) => {
    for (const w of s.windows) {
      const labels = { scope: w.scope, window: windowLength(w.windowMs) };
      gauges.capacity.set(labels, w.capacity);
      gauges.used.set(labels, w.used);
      gauges.headroom.set(labels, w.headroom);
      gauges.paused.set(labels, w.pausedForMs / 1000);
    }
    for (const [cls, n] of Object.entries(s.queued)) gauges.queued.set({ class: cls }, n);
    for (const [cls, n] of Object.entries(s.admitted)) addAdmitted({ class: cls }, n);
    for (const [reason, n] of Object.entries(s.rejected)) addRejected({ reason }, n);
    for (const t of s.throttles) {
      addThrottled({ scope: t.scope, status: '429' }, t.status429);
      addThrottled({ scope: t.scope, status: '425' }, t.status425);
    }
    gauges.inFlight.set(s.inFlight);
  };
}
