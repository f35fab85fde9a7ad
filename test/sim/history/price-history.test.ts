/**
 * The simulator's price history: a seeded past path, then a live sample of every market's
 * midpoint a minute on the clock (the last one again when a side is empty), read back over a span
 * at a fidelity, outcome 1 as the complement; the spans of `interval`; the refusal of a bad path.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { ErrorCode, type MakerdError } from '../../../src/errors.js';
import { createSimHistory, historySpan, type PricePoint } from '../../../src/sim/history/index.js';
import { Decimal } from '../../../src/money.js';
import { catalog, MARKET_A, MARKET_B, NO, TOKENS, YES } from '../exchange/fixtures.js';

const FINE = `${MARKET_B}:0`;
const FINE_NO = `${MARKET_B}:1`;
/** A minute boundary: 2026-01-01T00:00:00Z. */
const S = 1_767_225_600;

function setup(startSec = S + 360) {
  const clock = new FakeClock(startSec * 1000);
  const mids = new Map<string, string | undefined>();
  const h = createSimHistory({ clock, lookup: catalog, accounts: [], midpoint: (t) => mids.get(t) });
  return { clock, mids, h };
}

const pts = (...pairs: [number, number][]): PricePoint[] => pairs.map(([t, p]) => ({ t, p }));

function refusal(f: () => void): MakerdError {
  try {
    f();
  } catch (err) {
    return err as MakerdError;
  }
  throw new Error('not refused');
}

describe('price history', () => {
  it('reads a seeded path back at a fidelity, from a span start or from its first point, up to the end', () => {
    const { h } = setup();
    h.seedPrices(MARKET_A, S, 60, Int32Array.from([500_000, 510_000, 520_000, 530_000, 540_000, 550_000]));
    const at = (span: Parameters<typeof h.pricePoints>[1]) => h.pricePoints(YES, span);
    expect(at({ endSec: S + 300, fidelitySec: 60 })).toEqual(
      pts([S, 0.5], [S + 60, 0.51], [S + 120, 0.52], [S + 180, 0.53], [S + 240, 0.54], [S + 300, 0.55]),
    );
    // Every 2 minutes from the first point; from S + 30: the first point at or after S + 30, S + 150, S + 270.
    expect(at({ endSec: S + 300, fidelitySec: 120 })).toEqual(pts([S, 0.5], [S + 120, 0.52], [S + 240, 0.54]));
    expect(at({ startSec: S + 30, endSec: S + 300, fidelitySec: 120 })).toEqual(pts([S + 60, 0.51], [S + 180, 0.53], [S + 300, 0.55]));
    expect(at({ startSec: S + 30, endSec: S + 200, fidelitySec: 120 })).toEqual(pts([S + 60, 0.51], [S + 180, 0.53]));
    expect(at({ startSec: S - 1_000, endSec: S + 60, fidelitySec: 60 })).toEqual(pts([S, 0.5], [S + 60, 0.51]));
    expect(at({ startSec: S + 301, endSec: S + 900, fidelitySec: 60 })).toEqual([]);
    // Outcome 1: 1 minus outcome 0, to the micro-unit.
    expect(h.pricePoints(NO, { endSec: S + 300, fidelitySec: 180 })).toEqual(pts([S, 0.5], [S + 180, 0.47]));
    // A market without a seeded path and no sample yet has no points; an unknown token is undefined.
    expect(h.pricePoints(FINE, { endSec: S + 300, fidelitySec: 60 })).toEqual([]);
    expect(h.pricePoints('0xnone:0', { endSec: S, fidelitySec: 60 })).toBeUndefined();
  });

  it('a point of a sparse path is given once, even when it is the first after several steps', () => {
    const { h } = setup();
    h.seedPrices(MARKET_A, S, 300, Int32Array.from([400_000, 400_001, 999_999]));
    expect(h.pricePoints(YES, { endSec: S + 600, fidelitySec: 60 })).toEqual(pts([S, 0.4], [S + 300, 0.400001], [S + 600, 0.999999]));
    expect(h.pricePoints(NO, { endSec: S + 600, fidelitySec: 60 })).toEqual(pts([S, 0.6], [S + 300, 0.599999], [S + 600, 0.000001]));
  });

  it('samples every market once a minute on the clock after the seeded path, the last point again when a side is empty', () => {
    const { clock, mids, h } = setup(S + 360);
    h.seedPrices(MARKET_A, S, 60, Int32Array.from([500_000, 510_000, 520_000, 530_000, 540_000, 550_000]));
    // Market B's seeded path runs to S + 420: the live samples at or before it are not shown.
    h.seedPrices(MARKET_B, S, 60, Int32Array.from([100_000, 100_000, 100_000, 100_000, 100_000, 100_000, 100_000, 123_000]));
    mids.set(YES, '0.56');
    mids.set(FINE, '0.2');
    h.start(); // S + 360 is a minute boundary: a sample now
    mids.set(YES, '0.5700015'); // half a micro-unit: rounded half to even, up here
    mids.set(FINE, '0.3'); // at S + 420: not shown, the seeded path stands for it
    clock.advance(59_999);
    expect(h.pricePoints(YES, { endSec: S + 10_000, fidelitySec: 60 })!.at(-1)).toEqual({ t: S + 360, p: 0.56 });
    clock.advance(1); // S + 420
    mids.set(YES, undefined); // an empty side: the last sample again
    mids.set(FINE, '0.1000005'); // half a micro-unit, rounded down to the even one
    clock.advance(60_000); // S + 480
    h.stop();
    clock.advance(600_000); // stopped: no more samples
    expect(h.pricePoints(YES, { startSec: S + 300, endSec: S + 10_000, fidelitySec: 60 })).toEqual(
      pts([S + 300, 0.55], [S + 360, 0.56], [S + 420, 0.570002], [S + 480, 0.570002]),
    );
    expect(h.pricePoints(NO, { startSec: S + 300, endSec: S + 10_000, fidelitySec: 60 })).toEqual(
      pts([S + 300, 0.45], [S + 360, 0.44], [S + 420, 0.429998], [S + 480, 0.429998]),
    );
    expect(h.pricePoints(FINE, { startSec: S + 360, endSec: S + 10_000, fidelitySec: 60 })).toEqual(
      pts([S + 360, 0.1], [S + 420, 0.123], [S + 480, 0.1]),
    );
    expect(h.pricePoints(FINE_NO, { startSec: S + 470, endSec: S + 10_000, fidelitySec: 60 })).toEqual(pts([S + 480, 0.9]));
  });

  it("starts a market without a seeded path and with an empty side from its token's initial fair value", () => {
    const tokens = TOKENS.map((t) => (t.tokenId === YES ? { ...t, initialFair: new Decimal('0.37') } : t));
    const clock = new FakeClock((S + 30) * 1000);
    const lookup = { tokens: () => tokens, token: (id: string) => tokens.find((t) => t.tokenId === id) };
    const h = createSimHistory({ clock, lookup, accounts: [], midpoint: () => undefined });
    h.start(); // not on a minute boundary: the first sample at S + 60
    clock.advance(30_000);
    h.stop();
    expect(h.pricePoints(YES, { endSec: S + 60, fidelitySec: 60 })).toEqual(pts([S + 60, 0.37]));
    expect(h.pricePoints(NO, { endSec: S + 60, fidelitySec: 60 })).toEqual(pts([S + 60, 0.63]));
  });

  it('turns interval, startTs, endTs and fidelity into a span ending now', () => {
    const now = S + 7_777;
    expect(historySpan({ interval: '1h' }, now)).toEqual({ startSec: now - 3_600, endSec: now, fidelitySec: 60 });
    expect(historySpan({ interval: '6h', fidelity: 5 }, now)).toEqual({ startSec: now - 21_600, endSec: now, fidelitySec: 300 });
    expect(historySpan({ interval: '1d' }, now)).toEqual({ startSec: now - 86_400, endSec: now, fidelitySec: 60 });
    expect(historySpan({ interval: '1w' }, now)).toEqual({ startSec: now - 604_800, endSec: now, fidelitySec: 60 });
    expect(historySpan({ interval: '1m' }, now)).toEqual({ startSec: now - 2_592_000, endSec: now, fidelitySec: 60 });
    expect(historySpan({ interval: 'max', fidelity: 60 }, now)).toEqual({ endSec: now, fidelitySec: 3_600 });
    expect(historySpan({ startTs: S, endTs: S + 60 }, now)).toEqual({ startSec: S, endSec: S + 60, fidelitySec: 60 });
    expect(historySpan({ startTs: S }, now)).toEqual({ startSec: S, endSec: now, fidelitySec: 60 });
    expect(historySpan({}, now)).toEqual({ endSec: now, fidelitySec: 60 });
  });

  it('refuses a path that breaks a rule, naming it', () => {
    const { h } = setup();
    const ok = Int32Array.from([500_000]);
    const cases: [() => void, string][] = [
      [() => h.seedPrices('0xnone', S, 60, ok), 'conditionId'],
      [() => h.seedPrices(MARKET_A, S, 0, ok), 'stepSec'],
      [() => h.seedPrices(MARKET_A, S, 1.5, ok), 'stepSec'],
      [() => h.seedPrices(MARKET_A, -1, 60, ok), 'startSec'],
      [() => h.seedPrices(MARKET_A, S, 60, Int32Array.from([500_000, 0])), 'micro0[1]'],
      [() => h.seedPrices(MARKET_A, S, 60, Int32Array.from([1_000_000])), 'micro0[0]'],
      [() => h.seedPrices(MARKET_A, S, 60, [500_000] as unknown as Int32Array), 'micro0'],
    ];
    for (const [call, field] of cases) {
      const err = refusal(call);
      expect(err.code, field).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.field).toBe(field);
    }
    h.seedPrices(MARKET_A, S, 60, ok);
    expect(refusal(() => h.seedPrices(MARKET_A, S, 60, ok)).message).toMatch(/already seeded/);
    // The path is copied: changing the caller's array later changes nothing.
    const mine = Int32Array.from([300_000]);
    h.seedPrices(MARKET_B, S, 60, mine);
    mine[0] = 400_000;
    expect(h.pricePoints(FINE, { endSec: S, fidelitySec: 60 })).toEqual(pts([S, 0.3]));
  });
});
