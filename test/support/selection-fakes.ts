/**
 * A listing and a SelectionClient for selector tests that need markets the simulator never
 * serves: binary markets of the sampling listing with given rewards objects, and books of one
 * level a side (0.48 / 0.52) of a given size.
 */
import type { SelectionClient } from '../../src/market/market-selection.js';
import { Decimal } from '../../src/money.js';
import type { CheckedBook } from '../../src/venue/checked-book.js';
import type { Paged, SimplifiedMarket } from '../../src/venue/types.js';

/** Market `i` of the listing (condition id 0x…i, slug m<i>, tokens t<i>a / t<i>b) with `rewards` as given. */
export function listedMarket(i: number, rewards: unknown): SimplifiedMarket {
  return {
    condition_id: `0x${String(i).padStart(64, '0')}`,
    slug: `m${i}`,
    active: true,
    closed: false,
    archived: false,
    accepting_orders: true,
    tokens: [
      { token_id: `t${i}a`, outcome: 'Yes', price: 0.5, winner: false, mirror_token_id: '' },
      { token_id: `t${i}b`, outcome: 'No', price: 0.5, winner: false, mirror_token_id: '' },
    ],
    outcomes: ['Yes', 'No'],
    rewards,
  } as unknown as SimplifiedMarket;
}

const level = (price: string, size: string) => ({ price: new Decimal(price), size: new Decimal(size) });

/**
 * `listing` as the sampling listing (the full listing empty); every book 0.48 / 0.52 with
 * `bookSize` shares a side, min size 5. getMarket answers from the listing when `lookUp`, else
 * throws (a test that must not need it).
 */
export function fakeSelectionClient(listing: readonly SimplifiedMarket[], bookSize: string, lookUp = false): SelectionClient {
  return {
    getMarket: async (p) => {
      if (!lookUp) throw new Error('not used');
      return { ...listing.find((m) => m.condition_id === p.condition_id)!, tags: [] } as never;
    },
    getEventBySlug: async () => {
      throw new Error('not used');
    },
    async *iterateSamplingSimplifiedMarkets() {
      yield { data: [...listing], next_cursor: 'LTE=', limit: 100, count: listing.length } as Paged<SimplifiedMarket>;
    },
    async *iterateSimplifiedMarkets() {
      yield { data: [], next_cursor: 'LTE=', limit: 100, count: 0 } as Paged<SimplifiedMarket>;
    },
    postBooks: async (ids) =>
      ids.map(
        (id) =>
          ({
            snapshot: { asset_id: id },
            levels: { bids: [level('0.48', bookSize)], asks: [level('0.52', bookSize)] },
            minOrderSize: new Decimal(5),
          }) as unknown as CheckedBook,
      ),
  };
}
