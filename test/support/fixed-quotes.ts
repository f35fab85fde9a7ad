/**
 * A strategy for backtest tests whose quotes are known in advance: bid 0.48 × 10 and ask 0.52 × 10
 * whenever the market has a midpoint, so every fill's price and size is known.
 */
import { Decimal } from '../../src/money.js';
import type { Strategy } from '../../src/strategy/strategy.js';

export const fixedQuotes: Strategy<null, null> = {
  name: 'fixed',
  description: 'bid 0.48 x 10, ask 0.52 x 10, always',
  params: {},
  parse: () => null,
  initialState: () => null,
  quote(view, _p, state) {
    if (view.mid === undefined) return { quotes: [], state, idleReason: 'no-midpoint' };
    return {
      quotes: [
        { side: 'bid', price: new Decimal('0.48'), size: new Decimal(10) },
        { side: 'ask', price: new Decimal('0.52'), size: new Decimal(10) },
      ],
      state,
    };
  },
};
