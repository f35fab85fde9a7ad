/**
 * The end schedule of a run (src/sim/ends/end-schedule.ts): the k-th listed market ends at
 * start + k x everySec, a neg-risk event's markets together at the first one's slot, the events,
 * sports game starts and the catalog otherwise as they were; off, the very same catalog.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../src/sim/catalog/index.js';
import { scheduleEnds } from '../../../src/sim/ends/index.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 250);
const catalog = generateCatalog({ seed: 'makerd', markets: 12 });
const iso = (ms: number): string => new Date(ms).toISOString();

/** Slot (1-based) of each market: its own place, or its neg-risk event's first market's. */
function slots(): number[] {
  const first = new Map<string, number>();
  return catalog.markets.map((m, i) => {
    if (!m.negRisk) return i + 1;
    if (!first.has(m.eventId)) first.set(m.eventId, i + 1);
    return first.get(m.eventId)!;
  });
}

describe('scheduleEnds', () => {
  it("gives the k-th listed market the end start + k x everySec, a neg-risk event its first market's, to the millisecond", () => {
    // The seed's catalog has neg-risk events and markets of their own: both rules are exercised.
    expect(catalog.markets.some((m) => m.negRisk)).toBe(true);
    expect(catalog.markets.some((m) => !m.negRisk)).toBe(true);
    const { catalog: run, groups } = scheduleEnds(catalog, START, { everySec: 60, resolveAfterSec: 30 });
    const expected = slots().map((k) => iso(START + k * 60_000));
    expect(run.markets.map((m) => m.endDate)).toEqual(expected);
    expect(run.markets[0]!.endDate).toBe('2026-01-01T00:01:00.250Z');

    // One group per slot used, in time order, each resolving 30 s after its end.
    expect(groups.map((g) => g.endMs)).toEqual([...new Set(slots())].map((k) => START + k * 60_000));
    for (const g of groups) {
      expect(g.resolveMs).toBe(g.endMs + 30_000);
      expect(g.windowStartMs).toBe(Math.max(START, g.endMs - 3_600_000));
      expect(new Set(g.markets.map((m) => m.endDate))).toEqual(new Set([iso(g.endMs)]));
      if (g.markets.length > 1) expect(g.negRisk).toBe(true);
    }
    expect(groups.flatMap((g) => g.markets.map((m) => m.conditionId)).sort()).toEqual(run.markets.map((m) => m.conditionId).sort());
  });

  it('ends each event with its markets, keeps a sports game 3 hours before the end, and leaves the rest of the catalog alone', () => {
    const { catalog: run } = scheduleEnds(catalog, START, { everySec: 45 });
    for (const e of run.events) {
      const ends = new Set(e.conditionIds.map((cid) => run.markets.find((m) => m.conditionId === cid)!.endDate));
      expect([...ends]).toEqual([e.endDate]);
    }
    run.markets.forEach((m, i) => {
      const before = catalog.markets[i]!;
      expect({ ...m, endDate: before.endDate, gameStartTime: before.gameStartTime }).toEqual(before);
      expect(m.gameStartTime).toBe(before.gameStartTime === '' ? '' : iso(Date.parse(m.endDate) - 3 * 3_600_000));
    });
    expect(run.users).toBe(catalog.users);
  });

  it("schedules nothing when off, the catalog's end dates read from the start; refuses a negative period", () => {
    const atEpoch = scheduleEnds(catalog, catalog.epochMs, { everySec: 0, resolveAfterSec: 30 });
    expect(atEpoch.catalog).toBe(catalog);
    expect(atEpoch.groups).toEqual([]);
    // Started later than the catalog's epoch (the system clock): every end date moves by as much,
    // so none has passed.
    const off = scheduleEnds(catalog, START, { everySec: 0, resolveAfterSec: 30 });
    expect(off.groups).toEqual([]);
    const shift = START - catalog.epochMs;
    expect(shift).toBeGreaterThan(0);
    off.catalog.markets.forEach((m, i) => {
      expect(Date.parse(m.endDate)).toBe(Date.parse(catalog.markets[i]!.endDate) + shift);
      expect(Date.parse(m.endDate)).toBeGreaterThan(START);
    });
    off.catalog.events.forEach((e, i) => {
      expect(Date.parse(e.endDate)).toBe(Date.parse(catalog.events[i]!.endDate) + shift);
    });
    expect(() => scheduleEnds(catalog, START, { everySec: -1 })).toThrow(/everySec must be >= 0/);
    expect(() => scheduleEnds(catalog, START, { everySec: 60, resolveAfterSec: Number.NaN })).toThrow(/resolveAfterSec/);
  });
});
