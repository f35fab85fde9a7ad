import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedDeadlines, type AbortListener } from '../../src/venue/http/shared-deadline.js';

/** A listener that counts how often it was told. */
function counter(): AbortListener & { calls: number } {
  const l = { calls: 0, onAbort: () => void l.calls++ };
  return l;
}

describe('SharedDeadlines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one group between requests of the same caller and deadline, and cleans up after the last', () => {
    vi.useFakeTimers();
    const d = new SharedDeadlines();
    const caller = new AbortController().signal;
    const a = d.take(caller, 1_000);
    const b = d.take(caller, 1_000);
    const other = d.take(new AbortController().signal, 1_000);
    const later = d.take(caller, 2_000);
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(later).not.toBe(a);
    expect(d.openGroups).toBe(3);
    const told = counter();
    a.add(told);
    for (const g of [a, b, other, later]) d.release(g);
    expect(d.openGroups).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(a.aborted).toBe(false);
    expect(told.calls).toBe(0);
  });

  it('fires at the deadline, not before, with cause time, telling each listener once; a new request then gets a fresh group', () => {
    vi.useFakeTimers();
    const d = new SharedDeadlines();
    const g = d.take(undefined, 100);
    const [l1, l2, gone] = [counter(), counter(), counter()];
    g.add(l1);
    g.add(l2);
    g.add(gone);
    g.remove(gone);
    vi.advanceTimersByTime(99);
    expect(g.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(g.aborted).toBe(true);
    expect(g.cause).toBe('time');
    expect([l1.calls, l2.calls, gone.calls]).toEqual([1, 1, 0]);
    // Added after it fired: told at once.
    const late = counter();
    g.add(late);
    expect(late.calls).toBe(1);
    const next = d.take(undefined, 100);
    expect(next).not.toBe(g);
    expect(next.aborted).toBe(false);
    d.release(g);
    d.release(next);
    expect(d.openGroups).toBe(0);
  });

  it('fires every group of the caller when the caller aborts, with cause caller', () => {
    const d = new SharedDeadlines();
    const caller = new AbortController();
    const a = d.take(caller.signal, 10_000);
    const b = d.take(caller.signal, 20_000);
    const [la, lb] = [counter(), counter()];
    a.add(la);
    b.add(lb);
    caller.abort();
    expect([a.aborted, b.aborted]).toEqual([true, true]);
    expect([a.cause, b.cause]).toEqual(['caller', 'caller']);
    expect([la.calls, lb.calls]).toEqual([1, 1]);
    d.release(a);
    d.release(b);
    expect(d.openGroups).toBe(0);
  });
});
