import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS, StopSignals } from '../../src/lifecycle/stop-signals.js';

describe('stop signals', () => {
  it('the first asks for an orderly stop; the same request delivered twice at once is ignored', () => {
    const s = new StopSignals();
    expect(s.receive(10_000)).toBe('stop');
    // Ctrl-C: the terminal's SIGINT and npm's forwarded copy, a millisecond apart.
    expect(s.receive(10_001)).toBe('repeat');
    expect(s.receive(10_000 + REPEAT_WINDOW_MS - 1)).toBe('repeat');
  });

  it('a signal once the window is over forces the exit, and so does every later one', () => {
    const s = new StopSignals();
    expect(s.receive(0)).toBe('stop');
    expect(s.receive(REPEAT_WINDOW_MS)).toBe('force');
    expect(s.receive(REPEAT_WINDOW_MS + 5_000)).toBe('force');
  });

  it('the window counts from the first signal, not from the last repeat', () => {
    const s = new StopSignals();
    expect(s.receive(0)).toBe('stop');
    expect(s.receive(900)).toBe('repeat');
    expect(s.receive(1_100)).toBe('force');
  });
});
