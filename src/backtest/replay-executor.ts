/**
 * Orders of a replay: the backtest's executor (sim-executor.ts, the daemon's diff) placing virtual
 * orders in the queue fill model (src/paper/queue-fill-model.ts) — the model paper mode uses —
 * instead of in an exchange. A placement the model refuses (it would cross the visible book, or
 * the token has no book yet) counts as refused, as the venue refuses a crossing post-only order.
 */
import type { QueueFillModel } from '../paper/queue-fill-model.js';
import type { OrderPort } from './sim-executor.js';

export function modelPort(model: QueueFillModel, now: () => number): OrderPort {
  return {
    cancelMarket(conditionId) {
      for (const o of model.orders()) if (o.tokenId.startsWith(`${conditionId}:`)) model.cancel(o.id);
    },
    cancel: (id) => void model.cancel(id),
    place(w, clientOrderId) {
      const res = model.place({ id: clientOrderId, tokenId: w.tokenId, side: w.side, price: w.price, size: w.size, atMs: now() });
      return res.accepted ? { status: 'live', id: clientOrderId } : { status: 'refused' };
    },
  };
}
