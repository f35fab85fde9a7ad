import { describe, expect, it } from 'vitest';
import { MarketEventBatch } from '../../src/daemon/market-event-batch.js';
import { DispatchTrace } from '../../src/execution/index.js';

/** A batch whose flush is run by hand, recording evaluations, traces and errors. */
function setup(failOn?: string) {
  const flushes: (() => void)[] = [];
  const evaluated: [string, DispatchTrace][] = [];
  const traces: { inHandAt: number; trace: DispatchTrace; seconds: number[] }[] = [];
  const errors: string[] = [];
  let now = 0;
  const batch = new MarketEventBatch({
    evaluate: (m, trace) => {
      if (m === failOn) throw new Error(`boom in ${m}`);
      evaluated.push([m, trace]);
      trace.sent();
    },
    startTrace: (inHandAt) => {
      const seconds: number[] = [];
      const trace = new DispatchTrace(
        inHandAt,
        () => now,
        (s) => seconds.push(s),
      );
      traces.push({ inHandAt, trace, seconds });
      return trace;
    },
    onError: (m, err) => errors.push(`${m}: ${(err as Error).message}`),
    schedule: (flush) => flushes.push(flush),
  });
  return { batch, flushes, evaluated, traces, errors, setNow: (ms: number) => (now = ms) };
}

describe('MarketEventBatch', () => {
  it('evaluates each market of a burst once, in order of its first event, under one trace from the first event', () => {
    const s = setup();
    s.batch.add('m1', 100);
    s.batch.add('m2', 101);
    s.batch.add('m1', 102);
    s.batch.add('m3', 103);
    s.batch.add('m2', 104);
    expect(s.evaluated).toEqual([]);
    expect(s.flushes).toHaveLength(1);
    s.setNow(130);
    s.flushes[0]!();
    expect(s.evaluated.map(([m]) => m)).toEqual(['m1', 'm2', 'm3']);
    expect(s.traces).toHaveLength(1);
    expect(s.traces[0]!.inHandAt).toBe(100);
    expect(new Set(s.evaluated.map(([, t]) => t))).toEqual(new Set([s.traces[0]!.trace]));
    // closed after the burst: 30 ms from the first event to the last request sent
    expect(s.traces[0]!.seconds).toEqual([0.03]);
  });

  it('starts a new burst, with its own trace and flush, after a flush', () => {
    const s = setup();
    s.batch.add('m1', 1);
    s.flushes[0]!();
    s.batch.add('m1', 5);
    expect(s.flushes).toHaveLength(2);
    s.flushes[1]!();
    expect(s.evaluated.map(([m]) => m)).toEqual(['m1', 'm1']);
    expect(s.traces.map((t) => t.inHandAt)).toEqual([1, 5]);
    // a flush with nothing added does nothing
    s.flushes[1]!();
    expect(s.evaluated).toHaveLength(2);
  });

  it('a market whose evaluation throws is reported; the others are still evaluated and the trace is closed', () => {
    const s = setup('m2');
    for (const m of ['m1', 'm2', 'm3']) s.batch.add(m, 0);
    s.setNow(4);
    s.flushes[0]!();
    expect(s.evaluated.map(([m]) => m)).toEqual(['m1', 'm3']);
    expect(s.errors).toEqual(['m2: boom in m2']);
    expect(s.traces[0]!.seconds).toEqual([0.004]);
  });

  it('flushes in a microtask by default: after the synchronous burst, before the next macrotask', async () => {
    const evaluated: string[] = [];
    const batch = new MarketEventBatch({
      evaluate: (m) => void evaluated.push(m),
      startTrace: (at) =>
        new DispatchTrace(
          at,
          () => at,
          () => undefined,
        ),
      onError: () => undefined,
    });
    batch.add('a', 0);
    batch.add('b', 0);
    batch.add('a', 0);
    expect(evaluated).toEqual([]);
    await Promise.resolve();
    expect(evaluated).toEqual(['a', 'b']);
  });
});
