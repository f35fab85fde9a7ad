import { describe, expect, it } from 'vitest';
import { isMakerdError, ErrorCode } from '../../../src/errors.js';
import { decodeCursor, encodeCursor, END_CURSOR, FIRST_CURSOR, mapPage, pageOf } from '../../../src/sim/paging.js';

const items = Array.from({ length: 250 }, (_, i) => i);
const opts = { pageSize: 100, where: 'GET /markets' };

describe('cursor paging', () => {
  it('encodes offsets as Base64 of the decimal text', () => {
    expect(encodeCursor(0)).toBe(FIRST_CURSOR);
    expect(FIRST_CURSOR).toBe('MA==');
    expect(encodeCursor(100)).toBe('MTAw');
    expect(END_CURSOR).toBe('LTE=');
    expect(decodeCursor('MTAw', 'GET /markets')).toBe(100);
    expect(decodeCursor(undefined, 'GET /markets')).toBe(0);
    expect(decodeCursor('', 'GET /markets')).toBe(0);
    expect(decodeCursor(END_CURSOR, 'GET /markets')).toBe(-1);
  });

  it('walks every page with count, limit and next_cursor, ending on LTE=', () => {
    const p1 = pageOf(items, FIRST_CURSOR, opts);
    expect(p1).toMatchObject({ count: 100, limit: 100, next_cursor: 'MTAw' });
    expect(p1.data[0]).toBe(0);
    const p2 = pageOf(items, p1.next_cursor, opts);
    expect(p2.data[0]).toBe(100);
    expect(p2.next_cursor).toBe('MjAw');
    const p3 = pageOf(items, p2.next_cursor, opts);
    expect(p3).toMatchObject({ count: 50, limit: 100, next_cursor: 'LTE=' });
    expect(p3.data[49]).toBe(249);
    expect([...p1.data, ...p2.data, ...p3.data]).toEqual(items);
  });

  it('answers an empty last page for LTE= or an offset past the end', () => {
    expect(pageOf(items, END_CURSOR, opts)).toEqual({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    expect(pageOf(items, encodeCursor(999), opts)).toEqual({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    expect(pageOf([1, 2], undefined, opts)).toEqual({ data: [1, 2], next_cursor: 'LTE=', limit: 100, count: 2 });
    // A page that ends exactly at the end is the last one.
    expect(pageOf(items.slice(0, 100), undefined, opts).next_cursor).toBe('LTE=');
  });

  it('rejects a bad cursor with a BAD_PARAMETER error naming next_cursor', () => {
    for (const bad of [
      '%%%',
      'abc',
      Buffer.from('-5').toString('base64'),
      Buffer.from('1.5').toString('base64'),
      Buffer.from('x').toString('base64'),
    ]) {
      let caught: unknown;
      try {
        pageOf(items, bad, opts);
      } catch (err) {
        caught = err;
      }
      expect(isMakerdError(caught, ErrorCode.BAD_PARAMETER), bad).toBe(true);
      expect((caught as Error).message).toContain("GET /markets: parameter 'next_cursor'");
    }
  });

  it('maps only the items of the page', () => {
    const seen: number[] = [];
    const page = mapPage(items, 'MjAw', opts, (n) => {
      seen.push(n);
      return `#${n}`;
    });
    expect(seen).toHaveLength(50);
    expect(page.data[0]).toBe('#200');
    expect(page.count).toBe(50);
  });
});
