/** The stream's rate window: what it admits, when it rolls, what it says of an excess. */
import { describe, expect, it } from 'vitest';
import { maxMessageBytesOf, StreamRateWindow } from '../../src/market/stream-bounds.js';

describe('StreamRateWindow', () => {
  it('admits up to rate x window, then names the excess; a new window starts empty', () => {
    const w = new StreamRateWindow({ maxMessagesPerSec: 2, maxBytesPerSec: 1000, windowMs: 2000 });
    w.restart(0);
    for (let i = 0; i < 4; i++) expect(w.admit(100 * i, 10)).toEqual({ rolled: false, excess: undefined });
    expect(w.admit(500, 10).excess).toEqual({
      messages: 5,
      bytes: 50,
      windowMs: 2000,
      elapsedMs: 500,
      what: 'over 2 messages/s (5 within 2000 ms)',
    });
    expect(w.admit(2000, 10)).toEqual({ rolled: true, excess: undefined });
    expect(w.admit(2001, 1991).excess?.what).toBe('over 1000 bytes/s (2001 bytes within 2000 ms)');
  });

  it('refuses a bound that is not a positive number, naming it', () => {
    expect(() => new StreamRateWindow({ maxMessagesPerSec: 0, maxBytesPerSec: 1, windowMs: 1 })).toThrow(
      'rate.maxMessagesPerSec must be > 0 (got 0)',
    );
    expect(() => maxMessageBytesOf(Number.NaN)).toThrow('maxMessageBytes must be > 0 (got NaN)');
    expect(maxMessageBytesOf(undefined)).toBe(16_777_216);
  });
});
