import { copyFileSync, mkdtempSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { decodeBlocks, encodeBlock } from '../../src/record/block-codec.js';
import { type Damage, readRecording, readSegment, readSegmentBytes } from '../../src/record/recording-reader.js';
import { SegmentWriter } from '../../src/record/segment-writer.js';

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'makerd-rec-'));
}

const DAY0 = Date.UTC(2026, 10, 25, 23, 59, 0);

function writer(dir: string, clock: FakeClock, over: Partial<ConstructorParameters<typeof SegmentWriter>[0]> = {}): SegmentWriter {
  return new SegmentWriter({ dir, group: 'g', clock, flushMs: 1000, maxBytes: 1 << 30, source: 'test', tokens: ['m:0', 'm:1'], ...over });
}

function ws(i: number): { k: 'ws'; e: Record<string, unknown> } {
  return {
    k: 'ws',
    e: { event_type: 'last_trade_price', asset_id: 'm:0', market: 'm', price: '0.5', side: 'BUY', size: String(i), timestamp: String(i) },
  };
}

describe('blocks', () => {
  it('are gzip members: the file reads with plain gunzip, and block by block', () => {
    const buf = Buffer.concat([encodeBlock('a\n'), encodeBlock('b\nc\n')]);
    expect(gunzipSync(buf).toString()).toBe('a\nb\nc\n');
    expect([...decodeBlocks(buf)].map((b) => (b.kind === 'block' ? b.text : b.reason))).toEqual(['a\n', 'b\nc\n']);
  });

  it('a file cut at any offset yields every whole block before the cut and reports the torn one', () => {
    const blocks = ['h\n', 'one\n', 'two\ntwo\n', 'three\n'].map((t) => encodeBlock(t));
    const buf = Buffer.concat(blocks);
    const ends: number[] = [];
    let at = 0;
    for (const b of blocks) ends.push((at += b.length));
    for (let cut = 0; cut <= buf.length; cut++) {
      const got = [...decodeBlocks(buf.subarray(0, cut))];
      const whole = ends.filter((e) => e <= cut).length;
      expect(got.filter((b) => b.kind === 'block')).toHaveLength(whole);
      const damaged = got.filter((b) => b.kind === 'damaged');
      expect(damaged).toHaveLength(ends.includes(cut) || cut === 0 ? 0 : 1);
    }
  });

  it('a damaged block in the middle is skipped and the blocks after it still read', () => {
    const blocks = ['a\n', 'b\n', 'c\n'].map((t) => encodeBlock(t));
    const buf = Buffer.concat(blocks);
    const at = blocks[0]!.length + 22;
    buf[at] = buf[at]! ^ 0xff;
    const got = [...decodeBlocks(buf)];
    expect(got.map((b) => b.kind)).toEqual(['block', 'damaged', 'block']);
    expect(got[2]!.kind === 'block' && got[2]!.text).toBe('c\n');
  });
});

describe('segment writer and reader', () => {
  it('writes a header and records with sequence and receive time; a restart opens segment 2; a copy of a segment is read once', () => {
    const dir = tmp();
    const clock = new FakeClock(DAY0 - 3_600_000);
    const w1 = writer(dir, clock);
    w1.append(ws(1));
    clock.advance(1000);
    w1.append(ws(2));
    w1.close();
    const w2 = writer(dir, clock);
    clock.advance(1000);
    w2.append(ws(3));
    w2.close();
    const files = readdirSync(join(dir, 'g')).filter((f) => f.endsWith('.mkrec.gz'));
    expect(files.sort()).toEqual(['2026-11-25.0001.mkrec.gz', '2026-11-25.0002.mkrec.gz']);
    copyFileSync(join(dir, 'g', files[0]!), join(dir, 'g', '2026-11-25.0009.mkrec.gz'));
    const damage: Damage[] = [];
    const recs = [...readRecording(dir, { onDamage: (d) => damage.push(d) })];
    expect(recs.map((r) => [r.s, r.t - (DAY0 - 3_600_000), r.k === 'ws' ? r.e.size : ''])).toEqual([
      [1, 0, '1'],
      [2, 1000, '2'],
      [1, 2000, '3'],
    ]);
    expect(damage.map((d) => d.reason)).toEqual([expect.stringContaining('duplicate of segment')]);
  });

  it('opens the next day’s file at UTC midnight and calls onSegment for each new file', () => {
    const dir = tmp();
    const clock = new FakeClock(DAY0);
    let segments = 0;
    const w = writer(dir, clock, { onSegment: () => segments++ });
    w.append(ws(1));
    clock.advance(60_000);
    w.append(ws(2));
    w.close();
    expect(
      readdirSync(join(dir, 'g'))
        .filter((f) => f.endsWith('.gz'))
        .sort(),
    ).toEqual(['2026-11-25.0001.mkrec.gz', '2026-11-26.0001.mkrec.gz']);
    expect(segments).toBe(2);
    const day2 = [...readSegment(join(dir, 'g', '2026-11-26.0001.mkrec.gz'), 'g')];
    expect(day2.map((r) => r.s)).toEqual([1]);
  });

  it('flushes a block every flushMs of the clock and keeps the group within maxBytes, deleting the oldest segments', () => {
    const dir = tmp();
    const clock = new FakeClock(DAY0 - 10 * 3_600_000);
    const maxBytes = 150_000;
    const w = writer(dir, clock, { maxBytes });
    let rnd = 1;
    for (let i = 0; i < 20_000; i++) {
      // Incompressible enough to grow the files.
      rnd = (rnd * 48271) % 2147483647;
      w.append({ k: 'ws', e: { event_type: 'x', n: rnd.toString(36).repeat(3) } });
      if (i % 100 === 0) clock.advance(1000);
    }
    expect(w.stats.blocks).toBeGreaterThanOrEqual(199);
    w.close();
    const sizes = readdirSync(join(dir, 'g'))
      .filter((f) => f.endsWith('.gz'))
      .map((f) => readFileSync(join(dir, 'g', f)).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(maxBytes);
    expect(w.stats.deletedFiles).toBeGreaterThan(0);
    // What remains reads intact, the newest records last.
    const recs = [...readRecording(dir)];
    expect(recs[recs.length - 1]!.k).toBe('ws');
    expect(recs.length).toBeGreaterThan(1000);
  });

  it('a segment cut at every offset reads every record of its whole blocks, reports the torn block, and loses nothing before it', () => {
    const dir = tmp();
    const clock = new FakeClock(DAY0 - 3_600_000);
    const w = writer(dir, clock);
    for (let i = 1; i <= 30; i++) {
      w.append(ws(i));
      if (i % 3 === 0) clock.advance(1000);
    }
    w.close();
    const file = w.currentFile;
    const full = readFileSync(file);
    const ends: { end: number; records: number }[] = [];
    let n = 0;
    for (const b of decodeBlocks(full)) {
      if (b.kind === 'block') n += b.text.split('\n').filter((l) => l.length > 0).length - (b.offset === 0 ? 1 : 0);
      ends.push({ end: b.offset + b.bytes, records: n });
    }
    for (let cut = 1; cut <= full.length; cut++) {
      const damage: Damage[] = [];
      const recs = [...readSegmentBytes(full.subarray(0, cut), 'cut', 'g', { onDamage: (d) => damage.push(d) })];
      const expected = ends.filter((e) => e.end <= cut).at(-1)?.records ?? 0;
      expect(recs.map((r) => r.s)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
      expect(damage.length).toBe(ends.some((e) => e.end === cut) ? 0 : 1);
    }
    truncateSync(file, 0);
    expect([...readSegment(file, 'g')]).toEqual([]);
  });

  it('refuses a second writer on the same group, and a header of a newer version', () => {
    const dir = tmp();
    const clock = new FakeClock(DAY0 - 3_600_000);
    const w = writer(dir, clock);
    expect(() => writer(dir, clock)).toThrow(/record\.dir: group g is being recorded already/);
    w.close();
    writeFileSync(
      join(dir, 'g', '2026-11-25.0007.mkrec.gz'),
      encodeBlock(`${JSON.stringify({ format: 'makerd-recording', version: 99 })}\n`),
    );
    expect(() => [...readRecording(dir)]).toThrow(/format version 99; this makerd reads up to 3/);
  });
});
