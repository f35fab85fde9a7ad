/**
 * One daemon per data directory: the lock (pid + start time, created exclusively) and the
 * client-order-id prefix kept in the directory. (Whose data it is: claim-identity.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ClaimingRun, claimDataDir as claim } from '../../src/daemon/claim-data-dir.js';
import { INSTANCE_FILE, loadInstancePrefix } from '../../src/daemon/instance-prefix.js';
import { LOCK_FILE, lockDataDir } from '../../src/data-dir/data-dir-lock.js';
import { EMBEDDED_SIMULATOR } from '../../src/data-dir/venue-identity.js';
import { clientOrderIdSource, ownedBy, prefixOf } from '../../src/execution/client-order-ids.js';
import { rejectionOf } from '../support/catch-error.js';

const fresh = (): string => mkdtempSync(join(tmpdir(), 'makerd-claim-'));
const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
/** A sim-mode run (its identity matches any data directory of the embedded simulator). */
const SIM_RUN: ClaimingRun = {
  identity: { venue: EMBEDDED_SIMULATOR, account: null },
  logger: { info: () => undefined, warn: () => undefined },
};
const claimDataDir = (dir: string, nowMs: number) => claim(dir, nowMs, SIM_RUN);

/** A pid that ran and has ended (a crashed daemon's). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  return r.pid!;
}

describe('data directory lock', () => {
  it('refuses a second holder, naming the pid and start time, until the first releases it', async () => {
    const dir = fresh();
    const first = lockDataDir(dir, T0);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toEqual({ pid: process.pid, startedAt: '2026-11-25T12:00:00.000Z' });
    const err = await rejectionOf(Promise.resolve().then(() => lockDataDir(dir, T0 + 1)));
    expect(err.code).toBe('MAKERD_ERR_CONFIG');
    expect(err.message).toBe(
      `data.dir: ${dir} is in use by makerd pid ${process.pid} (started 2026-11-25T12:00:00.000Z): one daemon per data directory (delete ${join(dir, LOCK_FILE)} only if no makerd uses it)`,
    );
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, T0 + 2).release();
  });

  it('takes over the lock of a process that has ended (a crash: the OS ended it)', () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), startedAt: 'earlier' }));
    const lock = lockDataDir(dir, T0);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock naming this very pid that this process does not hold (a container's restart)", () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, startedAt: 'before the restart' }));
    const lock = lockDataDir(dir, T0);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).startedAt).toBe('2026-11-25T12:00:00.000Z');
    lock.release();
  });

  it('refuses while the lock holder runs in another process', async () => {
    const dir = fresh();
    // This test's parent (the vitest runner) certainly runs.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startedAt: 'earlier' }));
    const err = await rejectionOf(Promise.resolve().then(() => lockDataDir(dir, T0)));
    expect(err.message).toContain(`is in use by makerd pid ${process.ppid} (started earlier)`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.ppid);
  });
});

describe('client-order-id prefix of a data directory', () => {
  it('is made once and read back by every later run', () => {
    const dir = fresh();
    const prefix = loadInstancePrefix(dir);
    expect(prefix).toMatch(/^mk[0-9a-z]{8}$/);
    expect(JSON.parse(readFileSync(join(dir, INSTANCE_FILE), 'utf8'))).toEqual({ prefix });
    expect(loadInstancePrefix(dir)).toBe(prefix);
    expect(loadInstancePrefix(fresh())).not.toBe(prefix);
  });

  it('refuses a damaged instance file by path', async () => {
    const dir = fresh();
    writeFileSync(join(dir, INSTANCE_FILE), '{"prefix":"mk-bad"}');
    const err = await rejectionOf(Promise.resolve().then(() => claimDataDir(dir, T0)));
    expect(err.message).toBe(`data.dir: ${join(dir, INSTANCE_FILE)} does not hold a client-order-id prefix (mk + 8 of 0-9a-z)`);
    // The failed claim let go of the lock.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("counts the old version's ids (mk<time>-<n>) as its own on the first run after an upgrade only", () => {
    const upgraded = fresh();
    mkdirSync(join(upgraded, 'journal'));
    writeFileSync(join(upgraded, 'journal', 'fills-2026-11-25.jsonl'), '');
    const first = claimDataDir(upgraded, T0);
    expect([first.owns('mkmi3k2x9a-7'), first.owns(`${first.prefix}-x-1`), first.owns('mkother999-x-1')]).toEqual([true, true, false]);
    first.release();
    const second = claimDataDir(upgraded, T0);
    expect([second.owns('mkmi3k2x9a-7'), second.owns(`${second.prefix}-x-1`)]).toEqual([false, true]);
    second.release();
    // A new data directory has no old orders: nobody's old ids are its own.
    const brandNew = claimDataDir(fresh(), T0);
    expect(brandNew.owns('mkmi3k2x9a-7')).toBe(false);
    brandNew.release();
  });

  it('names ours, an earlier run of the same directory, and others apart', () => {
    const next = clientOrderIdSource('mkabcdefgh', T0);
    const [a, b] = [next(), next()];
    expect([a, b]).toEqual([`mkabcdefgh-${T0.toString(36)}-1`, `mkabcdefgh-${T0.toString(36)}-2`]);
    const owns = ownedBy('mkabcdefgh');
    expect(owns(a)).toBe(true);
    expect(owns(clientOrderIdSource('mkabcdefgh', T0 - 60_000)())).toBe(true);
    expect(owns(clientOrderIdSource('mkabcdefgz', T0)())).toBe(false);
    expect(owns('mkabcdefghx-1-1')).toBe(false);
    expect(owns('')).toBe(false);
    expect([prefixOf('mkother123-k-1'), prefixOf(''), prefixOf('manual')]).toEqual(['mkother123', '(none)', 'manual']);
  });
});
