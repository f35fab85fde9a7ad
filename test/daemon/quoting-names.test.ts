/** The `quoting markets` start-up line names the markets readably: slug, else question, else id; the first 20. */
import { describe, expect, it } from 'vitest';
import { marketLabel, watchedMarket } from '../../src/daemon/daemon-view.js';
import { QUOTING_NAMES, quotingNames } from '../../src/daemon/start-quoting.js';

const id = (i: number): string => `0x${i.toString(16).padStart(64, '0')}`;

describe('quoting markets line', () => {
  it('names each market by slug, else question, else condition id', () => {
    expect(marketLabel({ conditionId: id(1), slug: 'will-it-rain', question: 'Will it rain?' })).toBe('will-it-rain');
    expect(marketLabel({ conditionId: id(1), slug: '', question: 'Will it rain?' })).toBe('Will it rain?');
    expect(marketLabel({ conditionId: id(1) })).toBe(id(1));
    const view = {
      markets: [
        watchedMarket({ conditionId: id(1), tokens: [`${id(1)}:0`, `${id(1)}:1`], slug: 'first-market', question: 'First?' }),
        watchedMarket({ conditionId: id(2), tokens: [`${id(2)}:0`, `${id(2)}:1`], slug: '', question: 'Second?' }),
      ],
    };
    expect(quotingNames(view, [id(1), id(2), id(3)])).toEqual(['first-market', 'Second?', id(3)]);
  });

  it(`names the first ${QUOTING_NAMES} and counts the rest`, () => {
    const ids = Array.from({ length: QUOTING_NAMES + 5 }, (_, i) => id(i));
    const view = { markets: ids.map((m, i) => ({ conditionId: m, tokens: [], slug: `m-${i}` })) };
    const names = quotingNames(view, ids);
    expect(names).toHaveLength(QUOTING_NAMES + 1);
    expect(names[0]).toBe('m-0');
    expect(names[QUOTING_NAMES - 1]).toBe(`m-${QUOTING_NAMES - 1}`);
    expect(names[QUOTING_NAMES]).toBe('… and 5 more');
  });
});
