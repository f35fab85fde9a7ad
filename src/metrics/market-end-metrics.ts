/**
 * Markets not quoted for their end (src/market/market-end.ts), labelled by the reason, from the
 * fixed set END_REASONS:
 * - makerd_markets_skipped_total{reason}: markets a selection left out (at start, at each
 *   re-ranking, at each replacement of an ending market), each market once per reason;
 * - makerd_markets_stopped_total{reason}: quoted markets whose quotes were pulled and which left
 *   the quoted set for their end (src/daemon/market-ends.ts), each market once.
 */
import { Counter, type Registry } from 'prom-client';
import { END_REASONS, type EndReason } from '../market/market-end.js';

export interface EndCounters {
  skipped(reason: EndReason): void;
  stopped(reason: EndReason): void;
}

export function registerEndMetrics(registry: Registry): EndCounters {
  const skipped = new Counter({
    name: 'makerd_markets_skipped_total',
    help: 'Markets a selection left out for their end (inside the stop window, ended, closed, not accepting orders, end date missing or malformed), each once per reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  const stopped = new Counter({
    name: 'makerd_markets_stopped_total',
    help: 'Quoted markets whose quotes were pulled, cancelled and verified for their end, by reason, each once',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of END_REASONS) {
    skipped.inc({ reason }, 0);
    stopped.inc({ reason }, 0);
  }
  return { skipped: (reason) => skipped.inc({ reason }), stopped: (reason) => stopped.inc({ reason }) };
}
