/**
 * Orders of a replay: the backtest's executor (sim-executor.ts, the daemon's diff) placing virtual
 * orders through paper mode's queue (the current one: a restart of the recording run starts a new one) (src/paper/paper-queue.ts: the queue fill model, with an order
 * placed before its token's first stream book waiting for it) instead of in an exchange. A
 * placement the model refuses (it would cross the visible book) counts as refused, as the venue
 * refuses a crossing post-only order.
 */
import type { PaperQueue } from '../paper/paper-queue.js';
import type { OrderPort } from './sim-executor.js';

export function modelPort(queueOf: () => PaperQueue, now: () => number): OrderPort {
  return {
    cancelMarket(conditionId) {
      const queue = queueOf();
      for (const id of queue.ids((t) => t.startsWith(`${conditionId}:`))) queue.cancel(id);
    },
    cancel: (id) => void queueOf().cancel(id),
    place(w, clientOrderId) {
      const res = queueOf().place({ id: clientOrderId, tokenId: w.tokenId, side: w.side, price: w.price, size: w.size, atMs: now() });
      return typeof res === 'string' ? { status: 'refused' } : { status: 'live', id: clientOrderId };
    },
  };
}
