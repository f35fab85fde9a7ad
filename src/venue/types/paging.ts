/** Paged answers and their cursors (venue-api.md 2.7). */

/** 2.7 */
export interface Paged<T> {
  data: T[];
  next_cursor: string;
  limit: number;
  count: number;
}

/** First page cursor and end-of-pages cursor (base64 of "0" and "-1"). */
export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';
