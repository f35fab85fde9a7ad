import { describe, expect, it } from 'vitest';
import { HashGate } from '../../src/market/reevaluation.js';

describe('HashGate', () => {
  it('evaluates a market the first time, then only when one of its book hashes changed', () => {
    const g = new HashGate();
    expect(g.changed('m', ['a0', 'b0'])).toBe(true);
    expect(g.changed('m', ['a0', 'b0'])).toBe(false);
    expect(g.changed('m', ['a1', 'b0'])).toBe(true);
    expect(g.changed('m', ['a1', 'b0'])).toBe(false);
    expect(g.changed('m', ['a1', 'b1'])).toBe(true);
    // Back to an earlier state is a change too: only the last evaluation counts.
    expect(g.changed('m', ['a0', 'b0'])).toBe(true);
  });

  it('keeps markets apart', () => {
    const g = new HashGate();
    expect(g.changed('m1', ['x', 'y'])).toBe(true);
    expect(g.changed('m2', ['x', 'y'])).toBe(true);
    expect(g.changed('m1', ['x', 'y'])).toBe(false);
  });

  it('treats an unknown hash as a change, every time', () => {
    const g = new HashGate();
    expect(g.changed('m', [undefined, 'b'])).toBe(true);
    expect(g.changed('m', [undefined, 'b'])).toBe(true);
    expect(g.changed('m', ['a', 'b'])).toBe(true);
    expect(g.changed('m', ['a', 'b'])).toBe(false);
  });

  it('wouldChange asks without recording; record records', () => {
    const g = new HashGate();
    expect(g.wouldChange('m', ['a', 'b'])).toBe(true);
    expect(g.wouldChange('m', ['a', 'b'])).toBe(true);
    g.record('m', ['a', 'b']);
    expect(g.wouldChange('m', ['a', 'b'])).toBe(false);
    expect(g.changed('m', ['a', 'b'])).toBe(false);
  });

  it('forget and clear make the next check a change', () => {
    const g = new HashGate();
    g.record('m1', ['a', 'b']);
    g.record('m2', ['a', 'b']);
    g.forget('m1');
    expect(g.changed('m1', ['a', 'b'])).toBe(true);
    expect(g.changed('m2', ['a', 'b'])).toBe(false);
    g.clear();
    expect(g.changed('m2', ['a', 'b'])).toBe(true);
  });
});
