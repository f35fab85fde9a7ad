/**
 * GET /positions reads that failed, by error code: the last known positions stay in use meanwhile
 * (src/trading/position-poller.ts). `MAKERD_ERR_BAD_RESPONSE` counts listings whose pages kept
 * shifting (src/trading/positions-listing.ts) and malformed answers; exported at 0 from the start.
 */
import { Counter, type Registry } from 'prom-client';
import { ErrorCode } from '../errors.js';
import { cumulative } from './cumulative.js';

export function registerPositionMetrics(registry: Registry, failures: () => Readonly<Record<string, number>> | undefined): void {
  const add = cumulative(
    new Counter({
      name: 'makerd_position_reads_failed_total',
      help: 'Failed reads of GET /positions by error code; the last known positions stay in use',
      labelNames: ['code'],
      registers: [registry],
      collect() {
        for (const [code, n] of Object.entries(failures() ?? {})) add({ code }, n);
      },
    }),
    { exportZero: true },
  );
  add({ code: ErrorCode.BAD_RESPONSE }, 0);
}
