/** A market-stream book longer than books.maxLevels is not read at all: it reaches the book check unread, which refuses it by length. */
import { describe, expect, it } from 'vitest';
import { checkStreamBook } from '../../src/market/book-check.js';
import { checkMarketEvent, type StreamBook } from '../../src/market/market-stream.js';

const book = (bids: unknown[], asks: unknown[]) => ({
  event_type: 'book',
  asset_id: 't1',
  market: '0xm',
  bids,
  asks,
  tick_size: '0.01',
  timestamp: '1767225600000',
  hash: 'h',
});

describe('checkMarketEvent with maxLevels', () => {
  it('reads and sorts a side within the bound', () => {
    const e = checkMarketEvent(
      book(
        [
          { price: '0.40', size: '5' },
          { price: '0.45', size: '1' },
        ],
        [],
      ),
      3,
    ) as StreamBook;
    expect(e.bids.map((l) => l.price)).toEqual(['0.45', '0.40']);
  });

  it('hands a longer side on unread (no level checked, nothing sorted); the book check refuses it by length', () => {
    // Levels that would fail every check if they were read.
    const junk = Array.from({ length: 5 }, () => ({ price: 'not a price', size: '-1' }));
    expect(() => checkMarketEvent(book(junk, []), Number.POSITIVE_INFINITY)).toThrow();
    const e = checkMarketEvent(book(junk, []), 4) as StreamBook;
    expect(e.bids).toHaveLength(5);
    expect(checkStreamBook(e, { maxLevels: 4, tick: undefined })).toEqual({ problem: 'too-many-levels' });
  });
});
