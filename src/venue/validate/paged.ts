/** The paged list envelope (2.7): `data`, `next_cursor`, `limit`, `count`, each element checked. */
import { badResponse } from '../../errors.js';
import type { Paged } from '../types.js';
import * as c from './check.js';

const CURSOR_RE = /^[A-Za-z0-9+/_-]+={0,2}$/;

export type ElementCheck<T> = (route: string, value: unknown, field: string) => T;

export function validatePaged<T>(route: string, value: unknown, each: ElementCheck<T>): Paged<T> {
  const o = c.object(route, value, '');
  const data = c.array(route, o.data, 'data').map((el, i) => each(route, el, `data[${i}]`));
  const cursor = c.string(route, o, 'next_cursor', '');
  if (!CURSOR_RE.test(cursor)) throw badResponse(route, 'next_cursor', 'must be a Base64 cursor (LTE= at the end)', cursor);
  const limit = c.integer(route, o, 'limit', '', 0);
  const count = c.integer(route, o, 'count', '', 0);
  return { ...(o as object), data, next_cursor: cursor, limit, count };
}
