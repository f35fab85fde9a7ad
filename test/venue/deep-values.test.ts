/**
 * A venue value nested deeper than the stack can write back (JSON.parse reads it, JSON.stringify
 * recurses on it) is refused as any malformed field is: BAD_RESPONSE naming the field, or a
 * malformed `rewards` object, never a RangeError out of the message that describes it.
 */
import { describe, expect, it } from 'vitest';
import { badResponse, ErrorCode, isMakerdError, shownValue } from '../../src/errors.js';
import { parseRewardRules } from '../../src/rewards/reward-rules.js';
import { validateBook } from '../../src/venue/validate/order-book.js';

/** `[[[ ... ]]]`, `depth` deep, as a venue's JSON text would parse. */
const deep = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('a venue value nested too deep to write back', () => {
  const v = deep(300_000);

  it('JSON.stringify itself cannot show it (the case is real)', () => {
    expect(() => JSON.stringify(v)).toThrow(RangeError);
  });

  it('is shown by its kind, and shallow values as JSON, cut at 80 characters', () => {
    expect(shownValue(v)).toBe('[an array]');
    expect(shownValue({ a: v })).toBe('{an object}');
    expect(shownValue('x'.repeat(200))).toBe(`"${'x'.repeat(76)}...`);
    expect(badResponse('GET /book', 'bids[0].price', 'must be a decimal string', v).message).toBe(
      "GET /book: response field 'bids[0].price' must be a decimal string (got [an array])",
    );
  });

  it('as a book level price: BAD_RESPONSE naming the field', () => {
    const book = {
      market: '0xm',
      asset_id: '0xm:0',
      timestamp: '1700000000000',
      hash: 'h',
      bids: [{ price: v, size: '1' }],
      asks: [],
      min_order_size: '5',
      tick_size: '0.01',
      neg_risk: false,
      last_trade_price: '0.5',
    };
    let err: unknown;
    try {
      validateBook('POST /books', book);
    } catch (e) {
      err = e;
    }
    expect(isMakerdError(err, ErrorCode.BAD_RESPONSE)).toBe(true);
    expect((err as Error).message).toContain("'bids[0].price' must be a decimal string (got [an array])");
  });

  it('as a market rewards object: malformed, with a reason', () => {
    expect(parseRewardRules(v)).toEqual({ kind: 'malformed', reason: 'rewards is [an array], not an object' });
    expect(parseRewardRules({ max_spread: 3, min_size: 50, rates: { deep: v } })).toEqual({
      kind: 'malformed',
      reason: 'rewards.rates is {an object}, not an array',
    });
  });
});
