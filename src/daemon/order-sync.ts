/**
 * Part of phase start-quoting: the live-order view never drifts. Every executor.syncIntervalMs the
 * executor lists the venue's open orders in scope and adopts or forgets what it did not see.
 */
import { isMakerdError } from '../errors.js';
import type { DaemonContext } from './daemon-context.js';

export interface OrderSyncInput {
  /** The executor (its sync lists the venue's open orders and adopts or forgets). */
  readonly executor: { sync(scope: ReadonlySet<string>): Promise<unknown> };
  readonly scope: ReadonlySet<string>;
}

/** Starts the periodic sync and returns its stop. */
export function startOrderSync({ config, clock, logger, stop }: DaemonContext, { executor, scope }: OrderSyncInput): () => void {
  const intervalMs = config.executor.syncIntervalMs;
  let timer = clock.setTimer(function sync() {
    executor
      .sync(scope)
      .then(
        () => undefined,
        (err: unknown) =>
          logger.warn({ code: isMakerdError(err) ? err.code : undefined, err: (err as Error).message }, 'open-order sync failed'),
      )
      .finally(() => {
        if (!stop.aborted) timer = clock.setTimer(sync, intervalMs);
      });
  }, intervalMs);
  return () => clock.clearTimer(timer);
}
