import {
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { encodeFill } from '../../src/portfolio/fill-record.js';
import { FillJournal, type JournalBatch } from '../../src/portfolio/journal.js';
import { replayJournal, tradesAfterSeconds } from '../../src/portfolio/journal-replay.js';
import { fill, plain } from './support.js';

const JAN1 = Date.UTC(2026, 0, 1, 12, 0, 0);

function setup(startMs = JAN1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'makerd-journal-'));
  const clock = new FakeClock(startMs);
  const batches: JournalBatch[] = [];
  const journal = new FillJournal({ dataDir, clock, onBatch: (b) => batches.push(b) });
  const dir = join(dataDir, 'journal');
  return { dataDir, clock, journal, batches, dir, file: (day: string) => join(dir, `fills-${day}.jsonl`) };
}

async function replayError(dataDir: string): Promise<MakerdError> {
  try {
    await replayJournal({ dataDir });
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    return err as MakerdError;
  }
  throw new Error('replay did not fail');
}

describe('fill journal', () => {
  it('appends one JSON line per fill (decimal strings, a version), durable when append resolves, and replays them', async () => {
    const { dataDir, journal, batches, file } = setup();
    const fills = [
      fill({ side: 'BUY', price: '0.45', size: '10', fee: '0.06125625', atMs: JAN1 - 5_000 }),
      fill({ side: 'SELL', price: '0.123', size: '7.5', role: 'maker', rebate: '0.015313', atMs: JAN1 - 1_000 }),
    ];
    const batch = await journal.append(fills);
    expect(batch).toMatchObject({ file: file('2026-01-01'), fills: 2 });
    expect(batch.latencyMs).toBeGreaterThanOrEqual(0);
    expect(batches).toEqual([batch]);
    const text = readFileSync(file('2026-01-01'), 'utf8');
    expect(batch.bytes).toBe(Buffer.byteLength(text));
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[1]!)).toEqual({
      v: 1,
      tradeId: fills[1]!.tradeId,
      conditionId: '0xaaaa',
      tokenId: '0xaaaa:0',
      outcomeIndex: 0,
      side: 'SELL',
      price: '0.123',
      size: '7.5',
      role: 'maker',
      fee: '0',
      rebate: '0.015313',
      matchTime: new Date(JAN1 - 1_000).toISOString(),
      timestampMs: JAN1 - 1_000,
      orderId: fills[1]!.orderId,
      journaledAtMs: JAN1,
    });
    await journal.close();

    const r = await replayJournal({ dataDir });
    expect(r.fills.map(plain)).toEqual(fills.map(plain));
    expect(r).toMatchObject({
      records: 2,
      duplicates: 0,
      warnings: [],
      files: [file('2026-01-01')],
      lastMatchTime: fills[1]!.matchTime,
      lastTimestampMs: JAN1 - 1_000,
    });
    expect(tradesAfterSeconds(r.lastTimestampMs)).toBe(Math.floor((JAN1 - 1_000) / 1000) - 1);
    expect(tradesAfterSeconds(undefined)).toBeUndefined();
  });

  it('groups appends that arrive while a batch is being written into one batch (one durable write)', async () => {
    const { journal, batches } = setup();
    const all = await Promise.all([1, 2, 3, 4].map((i) => journal.append([fill({ side: 'BUY', price: '0.5', size: String(i) })])));
    // the first goes alone; the three that arrived meanwhile share the next batch
    expect(batches.map((b) => b.fills)).toEqual([1, 3]);
    expect(all[1]).toBe(all[3]);
    expect(journal.stats).toEqual({ batches: 2, fills: 4 });
    expect(await journal.append([])).toMatchObject({ fills: 0 });
    await journal.close();
    await expect(journal.append([fill({ side: 'BUY', price: '0.5', size: '1' })])).rejects.toThrow(/after close/);
  });

  it('rotates by the UTC day of the append and replays the files in date order', async () => {
    const { dataDir, clock, journal, dir } = setup(Date.UTC(2026, 0, 1, 23, 59, 59));
    const a = fill({ side: 'BUY', price: '0.5', size: '1', atMs: clock.now() });
    await journal.append([a]);
    clock.advance(2_000); // 2026-01-02T00:00:01Z
    const b = fill({ side: 'SELL', price: '0.5', size: '1', atMs: clock.now() });
    await journal.append([b]);
    clock.advance(31 * 24 * 3600 * 1000); // Feb 2nd
    const c = fill({ side: 'BUY', price: '0.6', size: '2', atMs: clock.now() });
    await journal.append([c]);
    await journal.close();
    expect(readdirSync(dir).sort()).toEqual(['fills-2026-01-01.jsonl', 'fills-2026-01-02.jsonl', 'fills-2026-02-02.jsonl']);
    writeFileSync(join(dir, 'notes.txt'), 'not a journal file');
    const r = await replayJournal({ dataDir });
    expect(r.fills.map((f) => f.tradeId)).toEqual([a.tradeId, b.tradeId, c.tradeId]);
    expect(r.files.map((f) => f.slice(-22))).toEqual(['fills-2026-01-01.jsonl', 'fills-2026-01-02.jsonl', 'fills-2026-02-02.jsonl']);
  });

  it('a torn last line of the last file is reported with its file and line, and cut off so later appends are clean', async () => {
    const { dataDir, clock, file } = setup();
    const j1 = new FillJournal({ dataDir, clock });
    const a = fill({ side: 'BUY', price: '0.5', size: '1' });
    const b = fill({ side: 'BUY', price: '0.5', size: '2' });
    await j1.append([a, b]);
    await j1.close();
    const path = file('2026-01-01');
    const intact = readFileSync(path, 'utf8');
    appendFileSync(path, encodeFill(fill({ side: 'BUY', price: '0.5', size: '3' }), clock.now()).slice(0, 40)); // a crash mid-write

    // read-only (makerd pnl): reported, the file untouched
    const ro = await replayJournal({ dataDir, repair: false });
    expect(ro.fills).toHaveLength(2);
    expect(ro.warnings).toEqual([
      { file: path, line: 3, message: expect.stringMatching(/^torn last line \(40 bytes, no newline, not valid JSON\).*ignored$/) },
    ]);
    expect(readFileSync(path, 'utf8')).not.toBe(intact);

    // start-up: reported and cut off
    const r = await replayJournal({ dataDir });
    expect(r.fills.map((f) => f.tradeId)).toEqual([a.tradeId, b.tradeId]);
    expect(r.warnings).toEqual([{ file: path, line: 3, message: expect.stringMatching(/cut off$/) }]);
    expect(readFileSync(path, 'utf8')).toBe(intact);

    const j2 = new FillJournal({ dataDir, clock });
    const c = fill({ side: 'SELL', price: '0.5', size: '3' });
    await j2.append([c]);
    await j2.close();
    const again = await replayJournal({ dataDir });
    expect(again.warnings).toEqual([]);
    expect(again.fills.map((f) => f.tradeId)).toEqual([a.tradeId, b.tradeId, c.tradeId]);
  });

  it('a complete record missing only its newline is kept, reported, and given its newline', async () => {
    const { dataDir, clock, dir, file } = setup();
    mkdirSync(dir, { recursive: true });
    const a = fill({ side: 'BUY', price: '0.5', size: '1' });
    writeFileSync(file('2026-01-01'), encodeFill(a, clock.now()));
    const r = await replayJournal({ dataDir });
    expect(r.fills.map((f) => f.tradeId)).toEqual([a.tradeId]);
    expect(r.warnings).toEqual([{ file: file('2026-01-01'), line: 1, message: expect.stringMatching(/no newline.*kept, newline added/) }]);
    expect(readFileSync(file('2026-01-01'), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('a corrupt line anywhere else stops the replay with a CONFIG error naming the file and the line', async () => {
    const { dataDir, clock, dir, file } = setup();
    mkdirSync(dir, { recursive: true });
    const ok = (size: string) => `${encodeFill(fill({ side: 'BUY', price: '0.5', size }), clock.now())}\n`;
    writeFileSync(file('2026-01-01'), `${ok('1')}{"v":1,"tradeId":"x"\n${ok('2')}`);
    let err = await replayError(dataDir);
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toContain(`journal ${file('2026-01-01')} line 2: not valid JSON`);
    expect(err.message).not.toContain('\n');

    // a well-formed line with a bad field, named
    writeFileSync(file('2026-01-01'), `${ok('1')}${ok('2').replace('"price":"0.5"', '"price":0.5')}`);
    err = await replayError(dataDir);
    expect(err.message).toMatch(/line 2: field 'price' must be a decimal string strictly between 0 and 1 \(got 0\.5\)/);

    // an unknown version
    writeFileSync(file('2026-01-01'), ok('1').replace('"v":1', '"v":2'));
    err = await replayError(dataDir);
    expect(err.message).toMatch(/line 1: unknown record version 2/);

    // a torn line in a file that is not the last one is corruption, not a crash
    writeFileSync(file('2026-01-01'), `${ok('1')}{"v":1,"tra`);
    writeFileSync(file('2026-01-02'), ok('2'));
    err = await replayError(dataDir);
    expect(err.message).toContain(`journal ${file('2026-01-01')} line 2:`);
  });

  it('drops duplicate fills on replay', async () => {
    const { dataDir, journal } = setup();
    const a = fill({ side: 'BUY', price: '0.5', size: '1' });
    const b = fill({ side: 'SELL', price: '0.5', size: '1' });
    await journal.append([a]);
    await journal.append([a, b]);
    await journal.close();
    const r = await replayJournal({ dataDir });
    expect(r.fills.map((f) => f.tradeId)).toEqual([a.tradeId, b.tradeId]);
    expect([r.records, r.duplicates]).toEqual([3, 1]);
  });

  it('no journal yet: nothing to replay; an unusable journal directory fails the append and nothing counts', async () => {
    const { dataDir, journal } = setup();
    expect(await replayJournal({ dataDir })).toMatchObject({ fills: [], files: [], warnings: [], lastMatchTime: undefined });
    writeFileSync(join(dataDir, 'journal'), 'a file where the directory should be');
    await expect(journal.append([fill({ side: 'BUY', price: '0.5', size: '1' })])).rejects.toThrow(/journal: cannot open/);
    expect(journal.stats).toEqual({ batches: 0, fills: 0 });
    expect(existsSync(join(dataDir, 'journal', 'fills-2026-01-01.jsonl'))).toBe(false);
    await journal.close();
  });

  it('a failed durable write fails the batch and cuts the file back, so the next append and the replay are clean', async () => {
    const { dataDir, journal, file } = setup();
    const a = fill({ side: 'BUY', price: '0.5', size: '1' });
    await journal.append([a]);
    const before = readFileSync(file('2026-01-01'), 'utf8');
    const probe = await open(join(dataDir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as {
      write(buf: Buffer, off: number, len: number): Promise<{ bytesWritten: number; buffer: Buffer }>;
    };
    await probe.close();
    const realWrite = proto.write;
    // Half the batch reaches the file, then the disk fails (EIO): a torn line, unless cut back.
    let torn = 0;
    const spy = vi.spyOn(proto, 'write').mockImplementationOnce(async function (this: unknown, buf, off, len) {
      torn = (await realWrite.call(this, buf, off, Math.floor(len / 2))).bytesWritten;
      throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    });
    try {
      await expect(journal.append([fill({ side: 'BUY', price: '0.5', size: '2' })])).rejects.toThrow(
        /journal: cannot write .*fills-2026-01-01\.jsonl: EIO/,
      );
    } finally {
      spy.mockRestore();
    }
    expect(torn).toBeGreaterThan(0);
    expect(readFileSync(file('2026-01-01'), 'utf8')).toBe(before);
    const c = fill({ side: 'SELL', price: '0.5', size: '1' });
    await journal.append([c]);
    await journal.close();
    const r = await replayJournal({ dataDir });
    expect(r.warnings).toEqual([]);
    expect(r.fills.map((f) => f.tradeId)).toEqual([a.tradeId, c.tradeId]);
  });

  it.runIf(process.platform === 'linux')(
    'opens the day file for synchronized appends (O_DSYNC): a batch is one durable write',
    async () => {
      const { journal, file } = setup();
      await journal.append([fill({ side: 'BUY', price: '0.5', size: '1' })]);
      // The journal's open descriptor of today's file, and its open flags (octal) from /proc.
      const fds = readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file('2026-01-01');
        } catch {
          return false;
        }
      });
      expect(fds).toHaveLength(1);
      const flags = Number.parseInt(/^flags:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fds[0]}`, 'utf8'))![1]!, 8);
      expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
      await journal.close();
    },
  );
});
