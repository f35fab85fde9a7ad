/**
 * The recording follows the selector's swaps (src/daemon/quoted-set.ts with a MarketRecorder as its
 * `record` hook): the quoted set at start; each step where the daemon takes it (join, reducing,
 * cancelling, released); the market stream's events of a joining market's tokens recorded from its
 * join, a released market's no longer; and the set, as it stands, again at the head of a new segment.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { MarketRecorder } from '../../src/record/market-recorder.js';
import type { RecordBody } from '../../src/record/recording-format.js';
import { fakeQuotedParts, market } from '../daemon/fake-quoted-parts.js';

const event = (token: string) => ({ event_type: 'last_trade_price', asset_id: token, market: 'm', price: '0.5', side: 'BUY', size: '1' });

describe('the recording of a run that swaps markets', () => {
  it('holds the quoted set, each step of a swap where it was taken, and the stream events of the markets followed', async () => {
    const records: RecordBody[] = [];
    const recorder = new MarketRecorder({ append: (b) => records.push(b) }, ['t1a', 't1b', 't2a', 't2b']);
    const h = fakeQuotedParts(recorder);
    const streamed = (): string[] =>
      records.flatMap((r) => (r.k === 'ws' ? [String(r.e.asset_id)] : r.k === 'swap' ? [`${r.m} ${r.to}`] : []));
    expect(records).toEqual([{ k: 'set', m: { '0xm1': 'quoted', '0xm2': 'quoted' } }]);
    recorder.streamEvent(event('t3a')); // not followed yet: left out
    await h.set.join(market(3));
    recorder.streamEvent(event('t3a'));
    // 0xm2 holds a position: REDUCING, then flat: cancelled, verified, released.
    h.positions.set('t2a', new Decimal('12'));
    h.set.leave('0xm2');
    recorder.streamEvent(event('t2a')); // still followed while it leaves
    h.positions.set('t2a', new Decimal('0'));
    await h.set.step();
    await h.set.step();
    await h.set.step();
    expect(h.set.stateOf('0xm2')).toBeUndefined();
    recorder.streamEvent(event('t2a')); // released: no longer followed
    recorder.streamEvent(event('t1a'));
    expect(streamed()).toEqual(['0xm3 join', 't3a', '0xm2 reducing', 't2a', '0xm2 cancelling', '0xm2 released', 't1a']);
    expect(recorder.tokens).toEqual(['t1a', 't1b', 't3a', 't3b']);
    // A new segment stands alone: the run's set as it is now.
    records.length = 0;
    h.set.leave('0xm1');
    recorder.newSegment();
    expect(records).toEqual([
      { k: 'swap', m: '0xm1', to: 'cancelling' },
      { k: 'set', m: { '0xm1': 'cancelling', '0xm3': 'quoted' } },
    ]);
  });
});
