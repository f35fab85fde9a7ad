/**
 * `makerd record` in sim mode against the embedded simulator (its flow on): what it writes reads
 * back without the venue, holds every kind the venue publishes, and is at least 5x smaller than
 * the JSON it received.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Damage, readRecording } from '../../src/record/recording-reader.js';
import { cli } from '../cli/run-cli.js';
import { grown } from './recording-support.js';

describe('makerd record', () => {
  it('records books, midpoints, stream events and market rules of the selected markets; compressed >= 5x', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-record-'));
    const env = {
      MAKERD_SIM_MARKETS: '20',
      // The lively demo world: a minute records thousands of stream events.
      MAKERD_SIM_WORLD: 'demo',
      MAKERD_SIM_SEED: 'record-test',
      MAKERD_SIM_FLOW_PROFILE: 'busy',
      MAKERD_SIM_FLOW_SIGMA: '0.05',
      MAKERD_RECORD_DIR: dir,
      MAKERD_RECORD_FLUSH_MS: '500',
      MAKERD_POLLER_INTERVAL_MS: '200',
      MAKERD_DATA_DIR: join(dir, 'data'),
      MAKERD_LOG_LEVEL: 'silent',
    };
    // Stopped once the files hold several polls' worth (no fixed duration: the machine may be slow).
    const stop = new AbortController();
    const running = cli(['record'], env, { stopSignal: stop.signal });
    await grown(dir, join(dir, 'default'), 30_000);
    stop.abort();
    const run = await running;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const figures = JSON.parse(run.stdout) as {
      markets: number;
      records: number;
      receivedBytes: number;
      bytesWritten: number;
      compression: number;
    };
    expect(figures.markets).toBe(10);
    expect(figures.compression).toBeGreaterThanOrEqual(5);

    const damage: Damage[] = [];
    const recs = [...readRecording(dir, { onDamage: (d) => damage.push(d) })];
    expect(damage).toEqual([]);
    expect(recs).toHaveLength(figures.records);
    const kinds = new Map<string, number>();
    for (const r of recs) {
      const k = r.k === 'ws' ? `ws:${String(r.e.event_type)}` : r.k;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    expect(kinds.get('meta')).toBe(10);
    expect(kinds.get('books')).toBeGreaterThanOrEqual(2);
    expect(kinds.get('mids')).toBe(kinds.get('books'));
    expect(kinds.get('ws:book')).toBeGreaterThanOrEqual(20);
    expect(kinds.get('ws:price_change')).toBeGreaterThan(0);
    expect(kinds.get('ws:last_trade_price')).toBeGreaterThan(0);
    expect(kinds.get('ws-open')).toBe(1);
    // Sequence numbers 1..n in one segment, times never going back.
    expect(recs.map((r) => r.s)).toEqual(recs.map((_, i) => i + 1));
    for (let i = 1; i < recs.length; i++) expect(recs[i]!.t).toBeGreaterThanOrEqual(recs[i - 1]!.t);
  }, 30_000);

  it('refuses to start without record.dir, naming the key', async () => {
    const run = await cli(['record', '--for', '1'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/record\.dir: set the directory to record into/);
  });
});
