/**
 * The backtest's book views made from the engine's integer levels (src/backtest/units-book-view.ts)
 * are the views the venue client makes of the exchange's book snapshot (validateBook ->
 * toBookView): same levels, rules, last trade price, midpoint and hash.
 */
import { describe, expect, it } from 'vitest';
import { UnitsBookView } from '../../src/backtest/units-book-view.js';
import type { BookView } from '../../src/market/book-view.js';
import { toBookView } from '../../src/market/book-view.js';
import { createOrderFlow } from '../../src/sim/flow/index.js';
import { validateBook } from '../../src/venue/validate/order-book.js';
import { makeWorld } from '../sim/flow/support.js';
import type { MatchingExchange } from '../../src/sim/exchange/index.js';

const plain = (v: BookView) => ({
  tokenId: v.tokenId,
  market: v.market,
  bids: v.bids.map((l) => `${l.price.toFixed()}:${l.size.toFixed()}`),
  asks: v.asks.map((l) => `${l.price.toFixed()}:${l.size.toFixed()}`),
  tickSize: v.tickSize.toFixed(),
  minOrderSize: v.minOrderSize.toFixed(),
  negRisk: v.negRisk,
  timestampMs: v.timestampMs,
  hash: v.hash,
  lastTradePrice: v.lastTradePrice?.toFixed(),
  mid: v.mid?.toFixed(),
});

describe('UnitsBookView', () => {
  it('equals the checked snapshot of every book, before and after trading, and keeps its hash at a later time', () => {
    const w = makeWorld({ seed: 'units-view', markets: 4 });
    const exchange = w.exchange as MatchingExchange;
    const view = UnitsBookView.maker();
    const flow = createOrderFlow({
      clock: w.clock,
      exchange: w.exchange,
      catalog: w.catalog,
      seed: 'units-view',
      params: { jumpRate: 1 / 30 },
    });
    const tokens = w.catalog.markets.flatMap((m) => m.tokenIds);
    let compared = 0;
    for (let round = 0; round < 40; round++) {
      flow.step(round === 0 ? 0 : 2_500);
      w.clock.advance(round === 0 ? 0 : 2_500);
      for (const t of tokens) {
        const now = w.clock.now();
        const fromUnits = view(exchange.bookLevels(t)!, now);
        const fromSnapshot = toBookView(validateBook('GET /book', exchange.book(t)));
        expect(plain(fromUnits)).toEqual(plain(fromSnapshot));
        const later = fromUnits.at(now + 1000);
        expect(plain(later)).toEqual({ ...plain(fromSnapshot), timestampMs: now + 1000 });
        compared++;
      }
    }
    expect(compared).toBe(40 * tokens.length);
    expect(flow.stats().takerFills).toBeGreaterThan(0);
  });
});
