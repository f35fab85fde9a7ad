/**
 * GET /positions pages by offset: positions that appear or go between two page reads shift every
 * row after them. readPositions overlaps its pages and checks that each page's last row reappears
 * in the next, so that no position is counted twice or missed (src/trading/positions-listing.ts).
 */
import { describe, expect, it } from 'vitest';
import { isMakerdError } from '../../src/errors.js';
import { OVERLAP, PAGE, type PositionsVenue, readPositions } from '../../src/trading/positions-listing.js';
import type { Position } from '../../src/venue/types.js';

const row = (asset: string, size: number): Position => ({ asset, size, title: asset }) as Position;
const token = (i: number): string => `0x${String(i).padStart(4, '0')}:0`;

/** A venue over rows sorted by title, with `between(call)` run after each page is answered. */
function venue(rows: Position[], between: (call: number) => void = () => undefined): PositionsVenue & { offsets: number[] } {
  const offsets: number[] = [];
  return {
    offsets,
    getPositions: async (q) => {
      expect([q.sortBy, q.sortDirection, q.sizeThreshold]).toEqual(['TITLE', 'ASC', 0]);
      offsets.push(q.offset);
      rows.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
      const page = rows.slice(q.offset, q.offset + q.limit);
      between(offsets.length);
      return page;
    },
  };
}

const sizes = (m: Map<string, { toFixed(): string }>): number => [...m.values()].reduce<number>((s, v) => s + Number(v.toFixed()), 0);

describe('readPositions', () => {
  it('reads 1,200 positions in overlapping pages, each once', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => row(token(i), 1));
    const v = venue(rows);
    const r = await readPositions(v, '0xwallet');
    expect(v.offsets).toEqual([0, PAGE - OVERLAP, 2 * (PAGE - OVERLAP)]);
    expect(r.sizes.size).toBe(1200);
    expect(sizes(r.sizes)).toBe(1200);
    expect(r.rereads).toBe(0);
  });

  it('a position that appears before the page boundary between two reads is not counted twice', async () => {
    // Before: a plain read of pages 0 and 500 saw token(499) at the end of the first page and,
    // pushed one row on by the new position, again at the start of the second: counted twice.
    const rows = Array.from({ length: 800 }, (_, i) => row(token(i * 2), 10));
    const v = venue(rows, (call) => {
      if (call === 1) rows.push(row(token(1), 7));
    });
    const r = await readPositions(v, '0xwallet');
    expect(r.sizes.get(token(998))!.toFixed()).toBe('10');
    expect(sizes(r.sizes)).toBe(8000);
    expect(r.sizes.size).toBe(800);
  });

  it('a position that goes before the page boundary between two reads does not hide the one after it', async () => {
    // Before: the row at offset 500 moved to 499, read by neither page: a position of 10 read as nothing.
    const rows = Array.from({ length: 800 }, (_, i) => row(token(i), 10));
    const v = venue(rows, (call) => {
      if (call === 1) rows.splice(3, 1);
    });
    const r = await readPositions(v, '0xwallet');
    expect(r.sizes.size).toBe(800);
    expect(r.sizes.get(token(500))!.toFixed()).toBe('10');
    expect(r.rereads).toBe(0);
  });

  it('rows moved by more than the overlap: the listing is read again', async () => {
    const rows = Array.from({ length: 800 }, (_, i) => row(token(i + 1000), 10));
    const v = venue(rows, (call) => {
      if (call === 1) rows.splice(0, OVERLAP + 10);
    });
    const r = await readPositions(v, '0xwallet');
    expect(r.rereads).toBe(1);
    expect(v.offsets).toEqual([0, PAGE - OVERLAP, 0, PAGE - OVERLAP]);
    expect(r.sizes.size).toBe(800 - OVERLAP - 10);
  });

  it('rows that keep moving fail the read with a clear error, so that the caller keeps what it knew', async () => {
    // (Positions that appear only push rows on, which the overlap keeps; these go.)
    const rows = Array.from({ length: 2000 }, (_, i) => row(token(i), 10));
    const v = venue(rows, (call) => {
      if (call % 2 === 1) rows.splice(0, OVERLAP + 1);
    });
    const err = await readPositions(v, '0xwallet').catch((e: unknown) => e);
    expect(isMakerdError(err)).toBe(true);
    expect((err as Error).message).toBe(
      `GET /positions: rows moved between two pages by more than the ${OVERLAP} they share, in 3 listings in a row`,
    );
    expect(v.offsets).toHaveLength(6);
  });
});
