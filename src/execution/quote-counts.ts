/** Live orders per market on each outcome-0 side, for /metrics (`makerd_quotes_live`). */
import type { Executor } from './executor.js';
import { quoteSideOf } from './two-sided.js';

/** Per market: live orders on each outcome-0 side (for /metrics). */
export function quotesByMarket(executor: Executor, markets: readonly string[]): Map<string, { bid: number; ask: number }> {
  const out = new Map<string, { bid: number; ask: number }>();
  for (const m of markets) {
    const q = { bid: 0, ask: 0 };
    for (const o of executor.tracker.liveOf(m)) q[quoteSideOf(o.tokenId, o.side)]++;
    out.set(m, q);
  }
  return out;
}
