/** A maker fill of ours for mark-out tests: no fee or rebate, at time 0, token `<market>:<outcome>`. */
import { Decimal, ZERO } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';

export function makerFill(id: string, market: string, outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', price: string, size: number): Fill {
  return {
    tradeId: id,
    conditionId: market,
    tokenId: `${market}:${outcomeIndex}`,
    outcomeIndex,
    side,
    price: new Decimal(price),
    size: new Decimal(size),
    role: 'maker',
    fee: ZERO,
    rebate: ZERO,
    matchTime: '0',
    timestampMs: 0,
    orderId: `o-${id}`,
  };
}
