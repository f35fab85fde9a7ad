/**
 * Part of phase start-quoting, with executor.orderTtlSec set (dead-man orders): a timer flags the
 * markets whose GTD orders have less than half their time to live left, so that the trading loop
 * evaluates them and the executor re-places those orders before the venue expires them. The
 * write cost is logged once, for risk.maxOpenOrders resting orders (the most there can be).
 */
import type { Executor } from '../execution/executor.js';
import { refreshCost } from '../execution/refresh-cost.js';
import type { DaemonContext } from './daemon-context.js';

export interface OrderRefreshInput {
  readonly executor: Pick<Executor, 'touchExpiring'>;
}

/** Starts the renewal timer and returns its stop; does nothing when executor.orderTtlSec is 0. */
export function startOrderRefresh({ config, clock, logger, stop }: DaemonContext, { executor }: OrderRefreshInput): () => void {
  const ttl = config.executor.orderTtlSec;
  if (ttl === 0) return () => {};
  const cost = refreshCost(ttl, config.risk.maxOpenOrders, config.limits.share);
  const line = { ...cost, cancelsPer10Min: cost.postsPer10Min };
  const msg = `dead-man orders: GTD, expiring ${ttl} s after each post, re-placed every ${cost.refreshEverySec} s; at risk.maxOpenOrders that is ${cost.postsPer10Min} posts and as many cancels per 10 min, ${(cost.shareOfSustained * 100).toFixed(1)} % of this daemon's sustained ${cost.sustainedPer10Min}`;
  if (cost.shareOfSustained > 0.5) logger.warn(line, `${msg}: lower risk.maxOpenOrders or raise executor.orderTtlSec`);
  else logger.info(line, msg);
  // A quarter of the renewal margin: an order is re-placed with at least a quarter of its life left.
  const everyMs = Math.max(1_000, Math.min(config.executor.syncIntervalMs, (ttl * 1000) / 4));
  let timer = clock.setTimer(function check() {
    executor.touchExpiring(clock.now());
    if (!stop.aborted) timer = clock.setTimer(check, everyMs);
  }, everyMs);
  return () => clock.clearTimer(timer);
}
