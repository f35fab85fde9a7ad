/**
 * The quoted set's runtime changes (src/daemon/quoted-set.ts) on fakes and a fake clock: a market
 * that leaves with a position is REDUCING until flat, then cancelled; an order whose cancel fails
 * stays tracked and the market stays in scope until a listing shows none of ours; only then is it
 * released from the poller, the streams, the rules and the scope. A market that joins is bound,
 * read, adopted and polled; one taken back while leaving quotes again.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { fakeQuotedParts as harness, market, order } from './fake-quoted-parts.js';

describe('QuotedSet', () => {
  it('keeps a leaving market REDUCING while it holds a position, then cancels, verifies and releases it', async () => {
    const h = harness();
    h.positions.set('t2a', new Decimal('12'));
    h.positions.set('t2b', new Decimal('2'));
    h.venueOrders.push(order('o1', '0xm2'));
    h.tracked.set('0xm2', ['o1']);
    h.clock.advance(5_000);
    h.set.leave('0xm2');
    expect(h.set.stateOf('0xm2')).toBe('reducing');
    expect(h.calls).toEqual(['risk 0xm2 selector REDUCING']);
    expect(h.loopMarkets.has('0xm2')).toBe(true);
    expect(h.set.leaving()).toEqual([{ market: '0xm2', state: 'reducing', sinceMs: 1_005_000 }]);
    // Net exposure 10 >= the minimum order size 5: still reducing.
    await h.set.step();
    expect(h.set.stateOf('0xm2')).toBe('reducing');
    // Below the minimum order size: what is left is held; the orders go.
    h.positions.set('t2a', new Decimal('6'));
    h.calls.length = 0;
    await h.set.step();
    expect(h.set.stateOf('0xm2')).toBe('cancelling');
    expect(h.calls).toEqual(['risk 0xm2 selector cleared', 'loop.remove 0xm2', 'submit 0xm2 0.01 0 unwanted']);
    // The executor's cancel did not go through (the order is still tracked): one more try, then the listing.
    h.calls.length = 0;
    await h.set.step();
    expect(h.calls).toEqual(['submit 0xm2 0.01 0 unwanted']);
    h.calls.length = 0;
    await h.set.step();
    expect(h.calls).toEqual([
      'sync 0xm2',
      'risk.forget 0xm2',
      'books.forget t2a,t2b',
      'poller t1a,t1b',
      'market-stream t1a,t1b',
      'user-stream 0xm1',
      'watched 0xm1',
    ]);
    expect(h.venueOrders).toEqual([]);
    expect(h.set.stateOf('0xm2')).toBeUndefined();
    expect(h.parts.scope.has('0xm2')).toBe(false);
    expect(h.tracks.at(-1)).toEqual(['0xm1']);
    expect(h.set.selected.map((m) => m.conditionId)).toEqual(['0xm1']);
  });

  it('keeps a market whose orders cannot be cancelled tracked and in scope, and tries again until a listing shows none', async () => {
    const h = harness();
    h.venueOrders.push(order('o1', '0xm1'), order('o2', '0xm2'));
    h.tracked.set('0xm1', ['o1']);
    h.set.leave('0xm1');
    expect(h.set.stateOf('0xm1')).toBe('cancelling');
    h.failCancels(true);
    for (let i = 0; i < 4; i++) await h.set.step();
    expect(h.set.stateOf('0xm1')).toBe('cancelling');
    expect(h.parts.scope.has('0xm1')).toBe(true);
    expect(h.tracked.get('0xm1')).toEqual(['o1']);
    expect(h.lines.filter((l) => l.msg === 'selector: orders of a leaving market not cleared yet; trying again')).toHaveLength(1);
    h.failCancels(false);
    for (let i = 0; i < 3 && h.set.stateOf('0xm1') !== undefined; i++) await h.set.step();
    expect(h.set.stateOf('0xm1')).toBeUndefined();
    expect(h.parts.scope.has('0xm1')).toBe(false);
    // The other market's order was never touched.
    expect(h.venueOrders.map((o) => o.id)).toEqual(['o2']);
  });

  it('binds, reads, adopts and polls a joining market; takes back a leaving one', async () => {
    const h = harness();
    await h.set.join(market(3));
    expect(h.calls).toEqual([
      'metadata.refresh 0xm3',
      'sync 0xm3',
      'loop.add 0xm3',
      'poller t1a,t1b,t2a,t2b,t3a,t3b',
      'market-stream t1a,t1b,t2a,t2b,t3a,t3b',
      'user-stream 0xm1,0xm2,0xm3',
      'watched 0xm1,0xm2,0xm3',
    ]);
    expect(h.tracks.at(-1)).toEqual(['0xm1', '0xm2', '0xm3']);
    expect(h.parts.scope.has('0xm3')).toBe(true);
    expect(h.set.quoted().map((q) => [q.market.conditionId, q.sinceMs])).toEqual([
      ['0xm1', 1_000_000],
      ['0xm2', 1_000_000],
      ['0xm3', 1_000_000],
    ]);
    h.positions.set('t3a', new Decimal('50'));
    h.set.leave('0xm3');
    h.clock.advance(60_000);
    h.calls.length = 0;
    await h.set.join(market(3));
    expect(h.calls).toEqual(['risk 0xm3 selector cleared']);
    expect(h.set.stateOf('0xm3')).toBe('quoted');
    expect(h.set.quoted().find((q) => q.market.conditionId === '0xm3')?.sinceMs).toBe(1_060_000);
  });
});
