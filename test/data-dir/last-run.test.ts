/** last-run.json: how the last run on a data directory ended, and what start-up says of it. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAST_RUN_FILE, lastRunNote, readLastRun, writeLastRun } from '../../src/data-dir/last-run.js';
import { claimDataDir } from '../../src/daemon/claim-data-dir.js';
import { EMBEDDED_SIMULATOR } from '../../src/data-dir/venue-identity.js';

const fresh = (): string => mkdtempSync(join(tmpdir(), 'makerd-last-run-'));
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);

function run(lines: { level: string; msg: string }[]) {
  return {
    identity: { venue: EMBEDDED_SIMULATOR, account: null },
    logger: {
      info: (msg: string) => void lines.push({ level: 'info', msg }),
      warn: (msg: string) => void lines.push({ level: 'warn', msg }),
    },
  } as unknown as Parameters<typeof claimDataDir>[2];
}

describe('last-run.json', () => {
  it('reads back what was written; an unreadable or foreign file is no record', () => {
    const dir = fresh();
    expect(readLastRun(dir)).toBeUndefined();
    writeLastRun(dir, { pid: 7, startedAt: '2026-11-29T12:00:00.000Z', state: 'crashed', exitCode: 1, reason: 'uncaughtException' });
    expect(readLastRun(dir)).toEqual({
      pid: 7,
      startedAt: '2026-11-29T12:00:00.000Z',
      state: 'crashed',
      exitCode: 1,
      reason: 'uncaughtException',
    });
    writeFileSync(join(dir, LAST_RUN_FILE), '{"pid": 7, "state": "exploded"}');
    expect(readLastRun(dir)).toBeUndefined();
    writeFileSync(join(dir, LAST_RUN_FILE), 'not json');
    expect(readLastRun(dir)).toBeUndefined();
  });

  it('start-up says nothing after an orderly stop, warns after a kill or a crash', () => {
    const base = { pid: 42, startedAt: '2026-11-29T11:00:00.000Z' };
    expect(lastRunNote(undefined)).toBeUndefined();
    expect(lastRunNote({ ...base, state: 'stopped', exitCode: 0 })).toBeUndefined();
    expect(lastRunNote({ ...base, state: 'running' })).toEqual({
      level: 'warn',
      msg: 'the last run on this data directory (pid 42, started 2026-11-29T11:00:00.000Z) never reached its end (killed, or the machine went down): orders it left are cancelled and verified before quoting',
    });
    expect(lastRunNote({ ...base, state: 'crashed', exitCode: 1, reason: 'unhandledRejection' })?.msg).toBe(
      'the last run on this data directory (pid 42, started 2026-11-29T11:00:00.000Z) crashed (unhandledRejection) and stopped in order, exit status 1',
    );
    expect(lastRunNote({ ...base, state: 'failed', exitCode: 1 })?.level).toBe('info');
  });

  it('a claim writes `running`, its end the outcome; the next claim of a run that never ended warns', () => {
    const dir = fresh();
    const lines: { level: string; msg: string }[] = [];
    const first = claimDataDir(dir, T0, run(lines));
    expect(readLastRun(dir)).toMatchObject({ pid: process.pid, state: 'running', startedAt: new Date(T0).toISOString() });
    first.recordEnd({ state: 'stopped', exitCode: 0, reason: 'SIGTERM' });
    first.release();
    expect(readLastRun(dir)).toMatchObject({ state: 'stopped', exitCode: 0, reason: 'SIGTERM' });
    const second = claimDataDir(dir, T0 + 1000, run(lines));
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    // This one is SIGKILLed: no end is recorded.
    second.release();
    claimDataDir(dir, T0 + 2000, run(lines)).release();
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([expect.stringContaining('never reached its end')]);
  });
});
