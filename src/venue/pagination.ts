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
  // Element by element: push(...data) passes a page's elements as arguments, on the stack.
  for await (const page of pages) for (const item of page.data) out.push(item);
  return out;
}

/**
 * Every page of a listing whose caller asks for the first page without a cursor, and how many
 * pages that took. Lenient where walkPages is strict: `LTE=`, an empty cursor or the cursor just
 * asked for ends it, and at most `maxPages` are read. The open-order listings of the executor's
 * sync and of cancel-and-verify, and the fill feed's account trades, read this way; the page count
 * tells the open-order readers whether the listing was one snapshot (a single page) or offset pages
 * that orders going meanwhile may have shifted.
 */
export async function everyPage<T>(
  fetchPage: (cursor: string | undefined) => Promise<Paged<T>>,
  maxPages: number,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const p = await fetchPage(cursor);
    for (const item of p.data) items.push(item);
    if (p.next_cursor === END_CURSOR || p.next_cursor === '' || p.next_cursor === cursor) return { items, pages: page };
    cursor = p.next_cursor;
  }
  return { items, pages: maxPages };
}
