/**
 * `makerd run` with record.dir records what it reads for its markets: the rules of every market,
 * its polls (books and midpoints), the market stream's (re)subscription and events; the recording
 * is flushed and closed at stop, logged with its figures, and reads back without the venue; it
 * also holds the run's trading mode and its evaluations.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { readRecording } from '../../src/record/recording-reader.js';
import { runEnv } from '../cli/cli-support.js';
import { cli } from '../cli/run-cli.js';

describe('makerd run with record.dir', () => {
  it('records its markets’ rules, polls and stream events, and closes the recording at stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-run-record-'));
    const stop = new AbortController();
    const r = await cli(['run'], runEnv({ MAKERD_POLLER_INTERVAL_MS: '50', MAKERD_RECORD_DIR: dir, MAKERD_RECORD_GROUP: 'run' }), {
      stopSignal: stop.signal,
      onStdout: (out) => {
        // The first poll and the 60th are logged: by then the market stream has subscribed.
        if (out.split('"msg":"market snapshot"').length > 2) stop.abort();
      },
    });
    expect(r.code).toBe(0);
    const closed = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'recording closed');
    expect(closed?.dir).toBe(join(dir, 'run'));
    const recs = [...readRecording(dir)];
    expect(recs.length).toBe(closed?.records);
    const markets = new Set(recs.filter((x) => x.k === 'meta').map((x) => (x.k === 'meta' ? x.market : '')));
    expect(markets.size).toBeGreaterThan(0);
    expect(recs.some((x) => x.k === 'books')).toBe(true);
    expect(recs.some((x) => x.k === 'mids')).toBe(true);
    expect(recs.some((x) => x.k === 'ws-open')).toBe(true);
    expect(recs.some((x) => x.k === 'ws' && x.e.event_type === 'book')).toBe(true);
    // What the run did with it: its mode first (a live run: a replay refuses its books, which hold
    // our orders), and each market evaluation it made (a replay of a paper run evaluates there).
    expect(recs.find((x) => x.k !== 'meta')).toMatchObject({ k: 'run', mode: 'live' });
    const evaluated = new Set(recs.flatMap((x) => (x.k === 'eval' ? [x.m] : [])));
    expect([...evaluated].sort()).toEqual([...markets].sort());
    expect(() => loadReplay(dir)).toThrow(/made by a live run/);
    // Every recorded book belongs to a market whose rules were recorded.
    for (const x of recs) if (x.k === 'books') for (const b of x.b as { market: string }[]) expect(markets.has(b.market)).toBe(true);
  }, 60_000);
});
