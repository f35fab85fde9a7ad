import { describe, expect, it } from 'vitest';
import { DeadlineHeap } from '../../src/limits/deadline-heap.js';

describe('DeadlineHeap', () => {
  it('pops live items in deadline order, skipping dead ones, strictly or inclusively', () => {
    const dead = new Set<number>();
    const h = new DeadlineHeap<{ deadlineMs: number }>((x) => !dead.has(x.deadlineMs));
    for (const d of [50, 10, 40, 20, 30, 60]) h.push({ deadlineMs: d });
    dead.add(10);
    dead.add(40);
    expect(h.peek()?.deadlineMs).toBe(20);
    expect(h.popDue(20, false)).toBeUndefined();
    expect(h.popDue(20, true)?.deadlineMs).toBe(20);
    const out: number[] = [];
    for (let x = h.popDue(100, true); x; x = h.popDue(100, true)) out.push(x.deadlineMs);
    expect(out).toEqual([30, 50, 60]);
  });

  it('compact keeps only live items, still in order', () => {
    const live = new Set([3, 7, 9]);
    const h = new DeadlineHeap<{ deadlineMs: number }>((x) => live.has(x.deadlineMs));
    for (let d = 10; d >= 0; d--) h.push({ deadlineMs: d });
    h.compact();
    expect(h.size).toBe(3);
    expect([h.popDue(99, true)?.deadlineMs, h.popDue(99, true)?.deadlineMs, h.popDue(99, true)?.deadlineMs]).toEqual([3, 7, 9]);
  });
});
