/**
 * Which outcome won, from what the venue says (src/market/market-resolution.ts): the listing's
 * `tokens[].winner` (exactly one), or the account's redeemable positions priced 1 / 0; anything
 * less clear-cut is not a resolution, with why.
 */
import { describe, expect, it } from 'vitest';
import { resolutionOfListing, resolutionOfPositions } from '../../src/market/market-resolution.js';
import { Decimal } from '../../src/money.js';
import type { Market } from '../../src/venue/types.js';

const listing = (winners: [boolean, boolean], order: 'as-is' | 'swapped' = 'as-is'): Market => {
  const tokens = [
    { token_id: '0xm:0', outcome: 'Yes', winner: winners[0] },
    { token_id: '0xm:1', outcome: 'No', winner: winners[1] },
  ];
  return { condition_id: '0xm', outcomes: ['Yes', 'No'], tokens: order === 'as-is' ? tokens : tokens.reverse() } as unknown as Market;
};

describe('market resolution', () => {
  it('reads the winning token of a listing, whatever the order the tokens come in', () => {
    expect(resolutionOfListing(listing([true, false]))).toEqual({ winner: 0 });
    expect(resolutionOfListing(listing([false, true], 'swapped'))).toEqual({ winner: 1 });
    expect(resolutionOfListing(listing([false, false]))).toEqual({ unresolved: 'no token is the winner yet' });
    expect(resolutionOfListing(listing([true, true]))).toEqual({ unresolved: '2 tokens say they won' });
    expect('unresolved' in resolutionOfListing({ condition_id: '0xm', tokens: [] } as unknown as Market)).toBe(true);
  });

  it('reads the winner from redeemable positions priced 1 or 0, and nothing from others', () => {
    const d = (x: string): Decimal => new Decimal(x);
    expect(resolutionOfPositions([{ outcomeIndex: 1, price: d('1') }])).toEqual({ winner: 1 });
    expect(resolutionOfPositions([{ outcomeIndex: 1, price: d('0') }])).toEqual({ winner: 0 });
    expect(
      resolutionOfPositions([
        { outcomeIndex: 0, price: d('0') },
        { outcomeIndex: 1, price: d('1') },
      ]),
    ).toEqual({ winner: 1 });
    expect(
      resolutionOfPositions([
        { outcomeIndex: 0, price: d('1') },
        { outcomeIndex: 1, price: d('1') },
      ]),
    ).toEqual({ unresolved: 'its redeemable positions disagree on the winner' });
    expect(resolutionOfPositions([{ outcomeIndex: 0, price: d('0.97') }])).toEqual({
      unresolved: 'a redeemable position of outcome 0 is priced 0.97, not 0 or 1',
    });
    expect(resolutionOfPositions([])).toEqual({ unresolved: 'no redeemable position' });
  });
});
