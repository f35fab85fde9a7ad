/**
 * A market's end and its stop (src/market/market-end.ts): the listing's end date read strictly,
 * the stop window's arithmetic to the millisecond, and the order of the reasons.
 */
import { describe, expect, it } from 'vitest';
import { endReason, parseEndDate, stopAtOf, venueClosedOf } from '../../src/market/market-end.js';

const END = Date.UTC(2026, 2, 7, 18, 0, 0);
const STOP_MS = 300_000;

describe('parseEndDate', () => {
  it('reads ISO 8601 dates and times, in UTC unless an offset says otherwise', () => {
    expect(parseEndDate('2026-03-07T18:00:00Z')).toEqual({ ms: END });
    expect(parseEndDate('2026-03-07T18:00:00.250Z')).toEqual({ ms: END + 250 });
    expect(parseEndDate('2026-03-07T18:00Z')).toEqual({ ms: END });
    // No zone: UTC, not the host's zone.
    expect(parseEndDate('2026-03-07T18:00:00')).toEqual({ ms: END });
    expect(parseEndDate('2026-03-07 18:00:00+00:00')).toEqual({ ms: END });
    expect(parseEndDate('2026-03-07T20:30:00+02:30')).toEqual({ ms: END });
    expect(parseEndDate('2026-03-07T13:00:00-0500')).toEqual({ ms: END });
    // A date alone: that day's first instant, the earliest it can mean.
    expect(parseEndDate('2026-03-07')).toEqual({ ms: Date.UTC(2026, 2, 7) });
    expect(parseEndDate(' 2026-03-07T18:00:00Z ')).toEqual({ ms: END });
  });

  it('says missing for no text, malformed for text that is not such a date', () => {
    for (const missing of [undefined, null, '', '   ', 42]) expect(parseEndDate(missing)).toEqual({ problem: 'missing' });
    for (const bad of [
      'soon',
      '2026-02-30',
      '2026-13-01',
      '2026-03-07T24:00:00Z',
      '2026-03-07T18:60:00Z',
      'March 7, 2026',
      '1772906400000',
      '2026-03-07T18:00:00+25:00',
    ])
      expect(parseEndDate(bad), bad).toEqual({ problem: 'malformed' });
  });
});

describe('endReason', () => {
  const open = { endDateMs: END };

  it('is undefined before the stop, stop-window from the stop to the end, ended from the end on', () => {
    const stopAt = stopAtOf(END, STOP_MS);
    expect(stopAt).toBe(END - 300_000);
    expect(endReason(open, STOP_MS, stopAt - 1)).toBeUndefined();
    expect(endReason(open, STOP_MS, stopAt)).toBe('stop-window');
    expect(endReason(open, STOP_MS, END - 1)).toBe('stop-window');
    expect(endReason(open, STOP_MS, END)).toBe('ended');
    expect(endReason(open, STOP_MS, END + 86_400_000)).toBe('ended');
    // No stop: quoted to the end.
    expect(endReason(open, 0, END - 1)).toBeUndefined();
    expect(endReason(open, 0, END)).toBe('ended');
  });

  it('puts the venue first, then an end date not known', () => {
    expect(endReason({ ...open, venueClosed: 'closed' }, STOP_MS, 0)).toBe('closed');
    expect(endReason({ ...open, venueClosed: 'not-accepting-orders' }, STOP_MS, 0)).toBe('not-accepting-orders');
    expect(endReason({ endDateMs: undefined, endDateProblem: 'malformed' }, STOP_MS, 0)).toBe('end-date-malformed');
    expect(endReason({ endDateMs: undefined, endDateProblem: 'missing' }, STOP_MS, 0)).toBe('end-date-missing');
    expect(endReason({ endDateMs: undefined }, STOP_MS, 0)).toBe('end-date-missing');
    expect(endReason({ endDateMs: undefined, venueClosed: 'closed' }, STOP_MS, 0)).toBe('closed');
  });
});

describe('venueClosedOf', () => {
  it("reads the listing's closed and accepting_orders", () => {
    expect(venueClosedOf({ closed: false, accepting_orders: true })).toBeUndefined();
    expect(venueClosedOf({ closed: true, accepting_orders: false })).toBe('closed');
    expect(venueClosedOf({ closed: false, accepting_orders: false })).toBe('not-accepting-orders');
    // A listing that does not say is not read as closed.
    expect(venueClosedOf({})).toBeUndefined();
  });
});
