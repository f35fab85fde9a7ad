/**
 * The selection leaves markets out for their end (market-selection.ts `ends`): inside the stop
 * window, past the end, without an end date or with one that is not a date; the simplified
 * listing has none, so each candidate's full record is read. Explicit entries are judged against
 * their own stop. `replace` walks on past the markets quoted, in this shard only.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { EndReason } from '../../src/market/market-end.js';
import {
  type SelectionClient,
  type SelectionEnds,
  type SelectionSpec,
  type SelectOptions,
  selectMarketsDetailed,
} from '../../src/market/market-selection.js';
import { inShard } from '../../src/market/shard.js';
import type { Market, Paged, SimplifiedMarket } from '../../src/venue/types.js';

const NOW = Date.UTC(2026, 5, 1, 12);
const STOP_MS = 300_000;
const id = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

function simplified(i: number): SimplifiedMarket {
  const cid = id(i);
  return {
    condition_id: cid,
    slug: `m-${i}`,
    active: true,
    closed: false,
    archived: false,
    accepting_orders: true,
    outcomes: ['Yes', 'No'],
    tokens: [
      { token_id: `${cid}:0`, outcome: 'Yes', mirror_token_id: '', price: 0.5, winner: false },
      { token_id: `${cid}:1`, outcome: 'No', mirror_token_id: '', price: 0.5, winner: false },
    ],
  } as SimplifiedMarket;
}

/** A listing of `ends.length` markets (1, 2, ...); each full record's end_date_iso is ends[i - 1]; `patch` changes some listings. */
function fakeClient(
  ends: readonly (string | undefined)[],
  patch: Record<number, Partial<SimplifiedMarket>> = {},
): SelectionClient & { recordReads: string[] } {
  const listed = ends.map((_, i) => ({ ...simplified(i + 1), ...patch[i + 1] }));
  const recordReads: string[] = [];
  async function* walk(): AsyncGenerator<Paged<SimplifiedMarket>> {
    yield { data: listed, next_cursor: 'LTE=', limit: listed.length, count: listed.length };
  }
  return {
    recordReads,
    getMarket: async ({ condition_id }) => {
      const i = listed.findIndex((m) => m.condition_id === condition_id);
      if (i < 0) throw new MakerdError(ErrorCode.NOT_FOUND, 'not found');
      recordReads.push(listed[i]!.slug);
      return { ...listed[i]!, enable_order_book: true, tags: [], end_date_iso: ends[i] } as unknown as Market;
    },
    getEventBySlug: async () => {
      throw new MakerdError(ErrorCode.NOT_FOUND, 'not found');
    },
    iterateSamplingSimplifiedMarkets: () => walk(),
    iterateSimplifiedMarkets: () => walk(),
  };
}

function spec(patch: Partial<SelectionSpec>): SelectionSpec {
  return { markets: [], selector: { top: 0, tag: '' }, shard: { index: 0, count: 1 }, ...patch };
}

function withEnds(stopOf: SelectionEnds['stopBeforeEndMs'] = () => STOP_MS): {
  options: SelectOptions;
  skips: [string, EndReason][];
} {
  const skips: [string, EndReason][] = [];
  const options: SelectOptions = {
    ends: { now: () => NOW, stopBeforeEndMs: stopOf },
    onEndSkip: (m, reason) => skips.push([m.slug, reason]),
  };
  return { options, skips };
}

describe('selection and market ends', () => {
  it('the selector takes the first N markets with as long again as the stop before their stop, reading each candidate record', async () => {
    const c = fakeClient([
      iso(NOW + STOP_MS), // its stop is now: inside the window
      iso(NOW - 1), // ended
      undefined, // no end date
      'soon', // not a date
      iso(NOW + 2 * STOP_MS), // its stop one stop ahead, no more: it would be quoted less than that
      iso(NOW + 2 * STOP_MS + 1), // 1 ms more: taken
      iso(NOW + 86_400_000),
      iso(NOW + 86_400_000),
    ]);
    const { options, skips } = withEnds();
    const r = await selectMarketsDetailed(c, spec({ selector: { top: 2, tag: '' } }), options);
    expect(r.selected.map((m) => m.slug)).toEqual(['m-6', 'm-7']);
    expect(skips).toEqual([
      ['m-1', 'stop-window'],
      ['m-2', 'ended'],
      ['m-3', 'end-date-missing'],
      ['m-4', 'end-date-malformed'],
      ['m-5', 'stop-window'],
    ]);
    // One record read per candidate examined, and none past the N found.
    expect(c.recordReads).toEqual(['m-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6', 'm-7']);
  });

  it('without `ends` reads no record and judges no end (the listing order as before)', async () => {
    const c = fakeClient([iso(NOW - 1), undefined]);
    const r = await selectMarketsDetailed(c, spec({ selector: { top: 2, tag: '' } }));
    expect(r.selected.map((m) => m.slug)).toEqual(['m-1', 'm-2']);
    expect(c.recordReads).toEqual([]);
  });

  it('skips an explicit entry for its end against its own stop, with the reason', async () => {
    // m-1 ends in 6 minutes: outside a 5-minute stop (an explicit entry needs no more), inside a 15-minute one.
    const c = fakeClient([iso(NOW + 360_000), iso(NOW + 360_000), 'tomorrow']);
    const stopOf = (entry: number | 'selector') => (entry === 1 ? 900_000 : STOP_MS);
    const { options, skips } = withEnds(stopOf);
    const r = await selectMarketsDetailed(c, spec({ markets: [{ market: id(1) }, { market: 'm-2' }, { market: id(3) }] }), options);
    expect(r.selected.map((m) => [m.slug, m.entry])).toEqual([['m-1', 0]]);
    expect(r.skipped.map((s) => [s.entry, s.reason, s.end])).toEqual([
      [1, 'ends within its stopBeforeEndSec', 'stop-window'],
      [2, 'end date malformed', 'end-date-malformed'],
    ]);
    expect(skips).toEqual([
      ['m-2', 'stop-window'],
      ['m-3', 'end-date-malformed'],
    ]);
  });

  it('counts a market the venue closed as one that ended, in the selector walk and for an explicit entry', async () => {
    const later = iso(NOW + 86_400_000);
    const c = fakeClient([later, later, later, later], { 1: { closed: true }, 2: { accepting_orders: false } });
    const { options, skips } = withEnds();
    const r = await selectMarketsDetailed(c, spec({ markets: [{ market: id(1) }], selector: { top: 1, tag: '' } }), options);
    expect(r.selected.map((m) => [m.slug, m.entry])).toEqual([['m-3', 'selector']]);
    expect(r.skipped).toEqual([{ conditionId: id(1), slug: 'm-1', entry: 0, reason: 'closed', end: 'closed' }]);
    expect(skips).toEqual([
      ['m-1', 'closed'],
      ['m-1', 'closed'],
      ['m-2', 'not-accepting-orders'],
    ]);
  });

  it('replace: the next `count` markets of this shard in the selector order, none excluded, no explicit entry read', async () => {
    const ends = Array.from({ length: 30 }, () => iso(NOW + 86_400_000));
    ends[3] = iso(NOW + 1000); // m-4: inside its window
    const c = fakeClient(ends);
    const { options } = withEnds();
    const shard = { index: 1, count: 2 };
    const exclude = new Set([id(1), id(2), id(3)]);
    const r = await selectMarketsDetailed(c, spec({ markets: [{ market: id(30) }], selector: { top: 2, tag: '' }, shard }), {
      ...options,
      replace: { count: 3, exclude },
    });
    const expected = Array.from({ length: 30 }, (_, i) => i + 1)
      .filter((i) => i !== 4 && i !== 30 && !exclude.has(id(i)) && inShard(id(i), shard))
      .slice(0, 3)
      .map((i) => `m-${i}`);
    expect(expected).toHaveLength(3);
    expect(r.selected.map((m) => m.slug)).toEqual(expected);
    expect(r.selected.every((m) => m.entry === 'selector')).toBe(true);
  });
});
