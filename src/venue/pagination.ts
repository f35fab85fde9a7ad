/**
 * Cursor pagination of the paged envelopes (2.7): `MA==` asks for the first page, each page names
 * the next, `LTE=` ends. A cursor the walk has already visited means the venue would loop us
 * forever, so it ends the walk with BAD_RESPONSE instead.
 */
import { badResponse } from '../errors.js';
import { END_CURSOR, FIRST_CURSOR, type Paged } from './types.js';

export async function* walkPages<T>(
  route: string,
  fetchPage: (cursor: string) => Promise<Paged<T>>,
  startCursor: string = FIRST_CURSOR,
): AsyncGenerator<Paged<T>, void, undefined> {
  const seen = new Set<string>();
  let cursor = startCursor;
  for (;;) {
    seen.add(cursor);
    const page = await fetchPage(cursor);
    yield page;
    if (page.next_cursor === END_CURSOR) return;
    if (seen.has(page.next_cursor)) {
      throw badResponse(route, 'next_cursor', 'repeats a cursor already visited', page.next_cursor);
    }
    cursor = page.next_cursor;
  }
}

/** The elements of every page, in order. */
export async function* itemsOf<T>(pages: AsyncIterable<Paged<T>>): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.data;
}

/** Every element of every page, collected (for small listings). */
export async function collectItems<T>(pages: AsyncIterable<Paged<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page.data);
  return out;
}
