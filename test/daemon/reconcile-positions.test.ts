import { describe, expect, it } from 'vitest';
import { reconcileWithVenue } from '../../src/daemon/reconcile-positions.js';
import { ErrorCode } from '../../src/errors.js';
import { Decimal, ZERO } from '../../src/money.js';
import { rejectionOf } from '../support/catch-error.js';
import { logCapture } from '../support/log-capture.js';

const selected = [
  { conditionId: 'm1', tokens: ['a0', 'a1'] as const },
  { conditionId: 'm2', tokens: ['b0', 'b1'] as const },
];
const journal = new Map([
  ['a0', new Decimal('10')],
  ['b1', new Decimal('2.5')],
]);

/** Runs the phase against a fake venue holding `venuePositions` (unreadable: no read ever succeeded). */
async function reconcile(venuePositions: Map<string, Decimal>, acceptMismatch: boolean, readable = true) {
  const { logger, lines } = logCapture();
  const overrides: [string, string, string | undefined][] = [];
  const mismatches = new Map<string, number>();
  let reads = 0;
  const venue = {
    async refresh() {
      reads++;
    },
    lastReadMs: readable ? 1 : undefined,
    positions: venuePositions,
  };
  const risk = { setOverride: (m: string, source: string, state: string | undefined) => void overrides.push([m, source, state]) };
  const journalPosition = (t: string) => journal.get(t) ?? ZERO;
  const done = reconcileWithVenue({ selected, journalPosition, venue, acceptMismatch, risk: risk as never, logger, mismatches });
  return { done, lines, overrides, mismatches, reads: () => reads };
}

describe('phase reconcile-positions', () => {
  it('puts a market whose positions disagree in REDUCING and counts the mismatched tokens', async () => {
    const r = await reconcile(new Map([['a0', new Decimal('7')]]), false);
    await r.done;
    expect(r.reads()).toBe(1);
    expect(r.overrides).toEqual([
      ['m1', 'reconciliation', 'REDUCING'],
      ['m2', 'reconciliation', 'REDUCING'],
    ]);
    expect(Object.fromEntries(r.mismatches)).toEqual({ m1: 1, m2: 1 });
    expect(r.lines.filter((l) => l.level === 'error').map((l) => [l.market, l.token, l.journal, l.venue])).toEqual([
      ['m1', 'a0', '10', '7'],
      ['m2', 'b1', '2.5', '0'],
    ]);
  });

  it('with lifecycle.acceptPositionMismatch only warns', async () => {
    const r = await reconcile(new Map([['a0', new Decimal('10')]]), true);
    await r.done;
    expect(r.overrides).toEqual([]);
    expect(Object.fromEntries(r.mismatches)).toEqual({ m2: 1 });
    expect(r.lines.map((l) => l.msg)).toEqual([
      'position mismatch between the journal and the venue: accepted (lifecycle.acceptPositionMismatch)',
    ]);
  });

  it("stops start-up when the venue's positions cannot be read", async () => {
    const r = await reconcile(new Map(), false, false);
    const err = await rejectionOf(r.done);
    expect(err.code).toBe(ErrorCode.VENUE_FAULT);
    expect(err.message).toBe("start-up: could not read the venue's positions to reconcile the journal with");
  });
});
