import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedDeadlines } from '../../src/venue/http/shared-deadline.js';

describe('SharedDeadlines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one signal between requests of the same caller and deadline, and cleans up after the last', () => {
    vi.useFakeTimers();
    const d = new SharedDeadlines();
    const caller = new AbortController().signal;
    const a = d.take(caller, 1_000);
    const b = d.take(caller, 1_000);
    const other = d.take(new AbortController().signal, 1_000);
    const later = d.take(caller, 2_000);
    expect(b.signal).toBe(a.signal);
    expect(other.signal).not.toBe(a.signal);
    expect(later.signal).not.toBe(a.signal);
    expect(d.openGroups).toBe(3);
    for (const g of [a, b, other, later]) d.release(g);
    expect(d.openGroups).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(a.signal.aborted).toBe(false);
  });

  it('aborts at the deadline, not before, with cause time; a new request then gets a fresh signal', () => {
    vi.useFakeTimers();
    const d = new SharedDeadlines();
    const g = d.take(undefined, 100);
    vi.advanceTimersByTime(99);
    expect(g.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(g.signal.aborted).toBe(true);
    expect(g.cause).toBe('time');
    const next = d.take(undefined, 100);
    expect(next.signal.aborted).toBe(false);
    d.release(g);
    d.release(next);
    expect(d.openGroups).toBe(0);
  });

  it("aborts every request of the caller's groups when the caller aborts, with cause caller", () => {
    const d = new SharedDeadlines();
    const caller = new AbortController();
    const a = d.take(caller.signal, 10_000);
    const b = d.take(caller.signal, 20_000);
    caller.abort();
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
    expect([a.cause, b.cause]).toEqual(['caller', 'caller']);
    d.release(a);
    d.release(b);
    expect(d.openGroups).toBe(0);
  });
});
