/**
 * The selector's swap decision and its hysteresis (src/market/swap-decision.ts), on a fake clock:
 * which markets leave and join after a re-ranking, and which the margin or the hold time keep.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { beatsByMargin, decideSwaps, type RankValue, type SwapSettings } from '../../src/market/swap-decision.js';
import { Decimal } from '../../src/money.js';

const HOUR = 3_600_000;
const settings: SwapSettings = { margin: new Decimal('0.2'), minHoldMs: HOUR };

function ranked(values: Record<string, string>): Map<string, RankValue> {
  return new Map(Object.entries(values).map(([m, v]) => [m, { value: new Decimal(v), expectedRewardPerDay: new Decimal(v).mul(100) }]));
}

describe('decideSwaps', () => {
  it('swaps the weakest quoted market for a pick that beats it by more than the margin, once held long enough', () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    const quoted = [
      { conditionId: 'A', sinceMs: clock.now() },
      { conditionId: 'B', sinceMs: clock.now() },
    ];
    const input = () => ({ quoted, picks: ['A', 'C'], ranked: ranked({ A: '0.5', B: '0.1', C: '0.121' }), nowMs: clock.now(), settings });
    clock.advance(HOUR - 1);
    const early = decideSwaps(input());
    expect(early.moves).toEqual([]);
    expect(early.held).toEqual([{ market: 'B', challenger: 'C', reason: 'quoted 3599 s, less than selector.minHoldSec 3600 s' }]);
    clock.advance(1);
    const d = decideSwaps(input());
    expect(d.held).toEqual([]);
    expect(d.moves).toHaveLength(1);
    const move = d.moves[0]!;
    expect(move.in?.market).toBe('C');
    expect(move.out?.market).toBe('B');
    expect(move.in?.expectedRewardPerDay?.toFixed()).toBe('12.1');
    expect(move.out?.value?.toFixed()).toBe('0.1');
    expect(move.reason).toBe('value 0.121 beats 0.1 by more than selector.swapMargin 0.2');
  });

  it('keeps a market whose challenger does not beat it by the margin (exactly 20 % is not more)', () => {
    const d = decideSwaps({
      quoted: [{ conditionId: 'B', sinceMs: 0 }],
      picks: ['C'],
      ranked: ranked({ B: '0.1', C: '0.12' }),
      nowMs: 10 * HOUR,
      settings,
    });
    expect(d.moves).toEqual([]);
    expect(d.held).toEqual([
      { market: 'B', challenger: 'C', reason: 'challenger value 0.12 does not beat 0.1 by selector.swapMargin 0.2' },
    ]);
  });

  it('does not flap between two near-equal markets whose order changes at every ranking', () => {
    const clock = new FakeClock(0);
    let quoted = [{ conditionId: 'A', sinceMs: 0 }];
    let swaps = 0;
    for (let i = 0; i < 24; i++) {
      clock.advance(HOUR);
      // A and B trade places each hour by 5 %.
      const [a, b] = i % 2 === 0 ? ['0.100', '0.105'] : ['0.105', '0.100'];
      const picks = i % 2 === 0 ? ['B'] : ['A'];
      const d = decideSwaps({ quoted, picks, ranked: ranked({ A: a!, B: b! }), nowMs: clock.now(), settings });
      for (const m of d.moves) {
        swaps++;
        quoted = [{ conditionId: m.in!.market, sinceMs: clock.now() }];
      }
    }
    expect(swaps).toBe(0);
    expect(quoted).toEqual([{ conditionId: 'A', sinceMs: 0 }]);
  });

  it('replaces a market the ranking no longer ranks at once, hold or not, by the best pick', () => {
    const d = decideSwaps({
      quoted: [
        { conditionId: 'A', sinceMs: 0 },
        { conditionId: 'GONE', sinceMs: 0 },
      ],
      picks: ['A', 'D', 'C'],
      ranked: ranked({ A: '0.5', C: '0.2', D: '0.3' }),
      nowMs: 1_000,
      settings,
    });
    expect(d.moves.map((m) => [m.in?.market, m.out?.market])).toEqual([
      ['D', 'GONE'],
      ['C', undefined],
    ]);
    expect(d.moves[0]!.out?.value).toBeUndefined();
    expect(d.moves[0]!.reason).toMatch(/^no longer ranked/);
    expect(d.moves[1]!.reason).toBe('a free place among the picks');
  });

  it('keeps a paying market without a midpoint this ranking until held long enough, then replaces it', () => {
    const base = {
      quoted: [{ conditionId: 'EMPTY', sinceMs: 0 }],
      picks: ['C'],
      ranked: ranked({ C: '0.2' }),
      unpriced: new Set(['EMPTY']),
      settings,
    };
    expect(decideSwaps({ ...base, nowMs: HOUR - 1 })).toEqual({
      moves: [],
      held: [{ market: 'EMPTY', challenger: 'C', reason: 'no midpoint this ranking; not held long enough to replace' }],
    });
    expect(decideSwaps({ ...base, nowMs: HOUR }).moves.map((m) => [m.in?.market, m.out?.market])).toEqual([['C', 'EMPTY']]);
  });

  it('pairs the weakest leaving market with the strongest joining one', () => {
    const d = decideSwaps({
      quoted: ['A', 'B', 'C'].map((conditionId) => ({ conditionId, sinceMs: 0 })),
      picks: ['E', 'D', 'A'],
      ranked: ranked({ A: '1', B: '0.3', C: '0.2', D: '0.5', E: '0.9' }),
      nowMs: 2 * HOUR,
      settings,
    });
    expect(d.moves.map((m) => [m.in?.market, m.out?.market])).toEqual([
      ['E', 'C'],
      ['D', 'B'],
    ]);
  });

  it("lets a market go without replacement when the shard's picks shrank, once held", () => {
    const base = {
      quoted: ['A', 'B'].map((conditionId) => ({ conditionId, sinceMs: 0 })),
      picks: ['A'],
      ranked: ranked({ A: '1', B: '0.3' }),
      settings,
    };
    expect(decideSwaps({ ...base, nowMs: HOUR / 2 }).moves).toEqual([]);
    const d = decideSwaps({ ...base, nowMs: HOUR });
    expect(d.moves.map((m) => [m.in?.market, m.out?.market, m.reason])).toEqual([
      [undefined, 'B', 'ranked out and no longer among the picks of this shard'],
    ]);
  });

  it('changes nothing when the picks are the markets quoted', () => {
    const d = decideSwaps({ quoted: [{ conditionId: 'A', sinceMs: 0 }], picks: ['A'], ranked: ranked({ A: '1' }), nowMs: 0, settings });
    expect(d).toEqual({ moves: [], held: [] });
  });
});

describe('beatsByMargin', () => {
  it('compares against the magnitude of the incumbent, negative values included', () => {
    const m = new Decimal('0.2');
    expect(beatsByMargin(new Decimal('1.21'), new Decimal('1'), m)).toBe(true);
    expect(beatsByMargin(new Decimal('1.2'), new Decimal('1'), m)).toBe(false);
    expect(beatsByMargin(new Decimal('-0.79'), new Decimal('-1'), m)).toBe(true);
    expect(beatsByMargin(new Decimal('-0.8'), new Decimal('-1'), m)).toBe(false);
    expect(beatsByMargin(new Decimal('0.000001'), new Decimal('0'), m)).toBe(true);
    expect(beatsByMargin(new Decimal('0'), new Decimal('0'), m)).toBe(false);
  });
});
