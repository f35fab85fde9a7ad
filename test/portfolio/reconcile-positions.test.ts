import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { reconcilePositions } from '../../src/portfolio/reconcile-positions.js';

const markets = [
  { conditionId: '0xa', tokens: ['0xa:0', '0xa:1'] as const },
  { conditionId: '0xb', tokens: ['0xb:0', '0xb:1'] as const },
];

describe('reconcilePositions', () => {
  it('lists every token whose journal and venue figures differ, with both figures, exactly', () => {
    const journal = new Map([
      ['0xa:0', new Decimal('10')],
      ['0xa:1', new Decimal('0')],
      ['0xb:0', new Decimal('5.25')],
    ]);
    const venue = new Map([
      ['0xa:0', new Decimal('10.00')],
      ['0xb:0', new Decimal('5.2')],
      ['0xb:1', new Decimal('-1')],
    ]);
    const out = reconcilePositions(markets, (t) => journal.get(t) ?? new Decimal(0), venue);
    expect(out.map((m) => `${m.market} ${m.tokenId} ${m.journal.toFixed()} ${m.venue.toFixed()}`)).toEqual([
      '0xb 0xb:0 5.25 5.2',
      '0xb 0xb:1 0 -1',
    ]);
  });

  it('a token the venue does not list counts as 0 there; none listed and none journaled is agreement', () => {
    const out = reconcilePositions(markets, (t) => (t === '0xa:1' ? new Decimal('3') : new Decimal(0)), new Map());
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ market: '0xa', tokenId: '0xa:1' });
    expect(out[0]!.venue.toFixed()).toBe('0');
  });
});
