/**
 * Markets that end while the daemon runs (src/daemon/market-ends.ts), on the quoted set's fakes
 * and a fake clock: at its stop a market leaves at once (cancelled, not reduced, whatever it
 * holds), counted and logged once, and a market the selector picked is replaced by the
 * selector's next in the same step; a configured entry is not replaced; a market the venue closes
 * (a listing read, the stream's market_resolved) goes the same way; a replacement that finds
 * nothing is looked for again 10 s later.
 */
import { describe, expect, it } from 'vitest';
import { MarketEnds, RETRY_MS } from '../../src/daemon/market-ends.js';
import type { EndReason } from '../../src/market/market-end.js';
import type { SelectedMarket } from '../../src/market/market-selection.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { fakeQuotedParts, market } from './fake-quoted-parts.js';

const STOP_MS = 300_000;

/** The harness's set, with MarketEnds on it: each market's end in `ends` (clock ms; absent: far away). */
function start(ends: Record<string, number>, picks: SelectedMarket[][] = []) {
  const h = fakeQuotedParts();
  const metas = new Map<string, Partial<MarketMeta>>();
  const meta = (id: string): MarketMeta =>
    ({ conditionId: id, endDateMs: ends[id] ?? h.clock.now() + 86_400_000, ...metas.get(id) }) as MarketMeta;
  const stopped: EndReason[] = [];
  const swaps: string[] = [];
  const asked: { count: number; exclude: string[] }[] = [];
  const ended = new MarketEnds({
    clock: h.clock,
    logger: h.parts.logger,
    signal: new AbortController().signal,
    set: h.set,
    stopBeforeEndMs: () => STOP_MS,
    meta,
    replace: async (count, exclude) => {
      asked.push({ count, exclude: [...exclude].sort() });
      return picks.shift() ?? [];
    },
    serial: (task) => task(),
    stopped: (r) => stopped.push(r),
    swapped: (d) => swaps.push(d),
  });
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  };
  return { h, ended, metas, stopped, swaps, asked, settle };
}

describe('MarketEnds', () => {
  it('at its stop a selector market leaves at once and the next market of the selector joins in its place', async () => {
    const t0 = 1_000_000;
    const { h, ended, stopped, swaps, asked, settle } = start({ '0xm1': t0 + 400_000 }, [[market(3)]]);
    // One second before the stop: nothing.
    h.clock.advanceTo(t0 + 100_000 - 1_000);
    await settle();
    expect(h.set.stateOf('0xm1')).toBe('quoted');
    // The check of the next second is the stop.
    h.clock.advanceTo(t0 + 100_000);
    await settle();
    expect(h.set.stateOf('0xm1')).toBe('cancelling');
    // Never taken back while it leaves (a re-ranking that picked it again could not).
    await expect(h.set.join(market(1))).rejects.toThrow('leaving for its end');
    expect(h.calls).toContain('loop.remove 0xm1');
    expect(h.calls).toContain('submit 0xm1 0.01 0 unwanted');
    expect(stopped).toEqual(['stop-window']);
    expect(asked).toEqual([{ count: 1, exclude: ['0xm1', '0xm2'] }]);
    expect(h.set.stateOf('0xm3')).toBe('quoted');
    expect(h.set.quoted().map((q) => q.market.conditionId)).toEqual(['0xm2', '0xm3']);
    expect(swaps).toEqual(['out', 'in']);
    expect(ended.owed).toBe(0);
    const line = h.lines.find((l) => l.msg === 'market ends: quotes pulled; its orders cancelled and verified, its position held');
    expect(line).toMatchObject({
      market: '0xm1',
      reason: 'stop-window',
      endDate: new Date(t0 + 400_000).toISOString(),
      stopAt: new Date(t0 + 100_000).toISOString(),
      replaced: true,
    });
    expect(h.lines.find((l) => l.msg === 'market ends: another market joins in its place')).toMatchObject({ market: '0xm3' });
    // Once only: later checks neither count nor log it again; its orders verified gone, it is released.
    h.clock.advance(5_000);
    await settle();
    expect(stopped).toEqual(['stop-window']);
    expect(h.set.stateOf('0xm1')).toBeUndefined();
    expect(h.lines.filter((l) => l.msg === 'selector: market released: orders cancelled and verified')).toHaveLength(1);
    ended.close();
  });

  it('cancels at once what holds a position (no reducing step: it is held through resolution)', async () => {
    const { h, ended, settle } = start({ '0xm2': 1_000_000 + STOP_MS + 2_000 });
    h.positions.set('t2a', new Decimal('40'));
    h.clock.advance(2_000);
    await settle();
    expect(h.set.stateOf('0xm2')).toBe('cancelling');
    expect(h.calls.some((c) => c.includes('REDUCING'))).toBe(false);
    ended.close();
  });

  it('ends a market leaving by REDUCING when its stop comes, without replacing it again', async () => {
    const { h, ended, asked, stopped, settle } = start({ '0xm2': 1_000_000 + STOP_MS + 3_000 });
    h.positions.set('t2a', new Decimal('40'));
    h.set.leave('0xm2');
    expect(h.set.stateOf('0xm2')).toBe('reducing');
    h.clock.advance(3_000);
    await settle();
    expect(h.set.stateOf('0xm2')).toBe('cancelling');
    expect(stopped).toEqual(['stop-window']);
    // Its place was given up when it started leaving.
    expect(asked).toEqual([]);
    ended.close();
  });

  it('handles a market the venue closed, by a listing read or by the stream, as one that ends', async () => {
    const { h, ended, metas, stopped, settle } = start({}, [[market(3)], [market(4)]]);
    metas.set('0xm1', { venueClosed: 'not-accepting-orders' });
    ended.check();
    ended.closedByVenue('0xm2');
    await settle();
    expect(stopped).toEqual(['not-accepting-orders', 'closed']);
    expect(h.set.stateOf('0xm1')).toBe('cancelling');
    expect(h.set.stateOf('0xm2')).toBe('cancelling');
    ended.close();
  });

  it('does not replace a configured markets entry, and looks again 10 s after finding no replacement', async () => {
    const t0 = 1_000_000;
    const { h, ended, asked, settle } = start({ '0xm1': t0 + STOP_MS + 1_000, '0xm5': t0 + STOP_MS + 1_000 }, [[], [market(3)]]);
    await h.set.join({ ...market(5), entry: 0 });
    h.clock.advance(1_000);
    await settle();
    expect(h.set.stateOf('0xm5')).toBe('cancelling');
    expect(h.set.stateOf('0xm1')).toBe('cancelling');
    // Only the selector's market is owed a replacement; none found.
    expect(asked).toEqual([{ count: 1, exclude: ['0xm1', '0xm2', '0xm5'] }]);
    expect(ended.owed).toBe(1);
    h.clock.advance(RETRY_MS - 1_000);
    await settle();
    expect(asked).toHaveLength(1);
    h.clock.advance(1_000);
    await settle();
    expect(asked).toHaveLength(2);
    expect(h.set.stateOf('0xm3')).toBe('quoted');
    expect(ended.owed).toBe(0);
    ended.close();
  });

  it('stops a market whose end date is not known at once', async () => {
    const { h, ended, metas, stopped, settle } = start({});
    metas.set('0xm2', { endDateMs: undefined, endDateProblem: 'malformed' });
    h.clock.advance(1_000);
    await settle();
    expect(stopped).toEqual(['end-date-malformed']);
    expect(h.set.stateOf('0xm2')).toBe('cancelling');
    ended.close();
  });
});
