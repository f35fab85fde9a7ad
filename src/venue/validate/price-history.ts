/**
 * A token's price history (`GET /prices-history`, docs/venue.md): `{"history": [{"t", "p"}]}`
 * with `t` whole Unix seconds and `p` a JSON number within [0, 1] (a resolved market's token is
 * worth 0 or 1). Order is not checked: a reader that needs the points in time order sorts them.
 */
import type { PriceHistory } from '../types.js';
import * as c from './check.js';

const PRICE = { min: 0, max: 1 } as const;

export function validatePriceHistory(route: string, raw: unknown): PriceHistory {
  const o = c.object(route, raw, '');
  c.arrayOf(route, o.history, 'history', (el, field) => {
    const point = c.object(route, el, field);
    c.integer(route, point, 't', field, 0);
    c.finite(route, point, 'p', field, PRICE);
  });
  return o as unknown as PriceHistory;
}
