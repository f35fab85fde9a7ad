/** A book side's levels remembered between reads: the same values as made afresh, shared where unchanged. */
import { describe, expect, it } from 'vitest';
import { SideLevels } from '../../src/backtest/side-levels.js';
import { Decimal } from '../../src/money.js';

const made: number[] = [];
const units = (scale: number) => ({
  get(u: number): Decimal {
    made.push(u);
    return new Decimal(u).div(scale);
  },
});

/** Levels as the engine gives them: price and size units in pairs, best first. */
function pairs(levels: [number, number][]): number[] {
  return levels.flat();
}

function plain(levels: readonly { price: Decimal; size: Decimal }[]): string[] {
  return levels.map((l) => `${l.price.toFixed()}@${l.size.toFixed()}`);
}

describe('SideLevels', () => {
  it('skips empty levels, keeps an unchanged side, and remakes only the levels that changed', () => {
    const side = new SideLevels(units(1000), units(100));
    const first = side.read(
      pairs([
        [450, 1000],
        [440, 0],
        [430, 250],
      ]),
    );
    expect(plain(first)).toEqual(['0.45@10', '0.43@2.5']);
    made.length = 0;
    // The same non-empty levels (an empty one in between is no level): the same array.
    expect(
      side.read(
        pairs([
          [450, 1000],
          [430, 250],
        ]),
      ),
    ).toBe(first);
    expect(made).toEqual([]);
    // The second level's size changed, a third level came: the first level's object is kept.
    const second = side.read(
      pairs([
        [450, 1000],
        [430, 300],
        [420, 100],
      ]),
    );
    expect(plain(second)).toEqual(['0.45@10', '0.43@3', '0.42@1']);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(plain(first)).toEqual(['0.45@10', '0.43@2.5']);
    // Shrinks to one level, then grows back: compared with what was read last, not before.
    expect(plain(side.read(pairs([[460, 50]])))).toEqual(['0.46@0.5']);
    expect(
      plain(
        side.read(
          pairs([
            [460, 50],
            [430, 300],
          ]),
        ),
      ),
    ).toEqual(['0.46@0.5', '0.43@3']);
    expect(plain(side.read(pairs([])))).toEqual([]);
    expect(side.read(pairs([]))).toEqual([]);
  });
});
