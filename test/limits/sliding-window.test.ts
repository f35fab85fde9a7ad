import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../src/limits/sliding-window.js';

describe('SlidingWindow', () => {
  it('counts an admission over [t, t + windowMs] inclusive and frees it 1 ms later', () => {
    const w = new SlidingWindow(2, 10_000);
    w.record(1_000);
    w.record(4_000);
    expect(w.room(4_000)).toBe(0);
    expect(w.room(11_000)).toBe(0); // 1_000 still counts at exactly +10 s
    expect(w.readyAt(1, 4_000)).toBe(11_001);
    expect(w.room(11_001)).toBe(1);
    expect(w.readyAt(2, 11_001)).toBe(14_001);
    expect(w.room(14_001)).toBe(2);
  });

  it('readyAt(k) for k beyond capacity is a lower bound of whole extra windows', () => {
    const w = new SlidingWindow(3, 1_000);
    for (const t of [0, 100, 200]) w.record(t);
    expect(w.readyAt(1, 200)).toBe(1_001);
    expect(w.readyAt(3, 200)).toBe(1_201);
    // the 4th future admission must be > 1000 ms after the 1st future one
    expect(w.readyAt(4, 200)).toBe(1_001 + 1_001);
    expect(w.readyAt(7, 200)).toBe(1_001 + 2 * 1_001);
  });

  it('refuses to record beyond capacity', () => {
    const w = new SlidingWindow(1, 1_000);
    w.record(5);
    expect(() => w.record(6)).toThrow(/without room/);
    expect(() => new SlidingWindow(0, 1_000)).toThrow(RangeError);
  });
});
