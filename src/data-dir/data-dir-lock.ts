/**
 * One daemon per data directory: `makerd.lock` in it, created exclusively (`wx`) and holding the
 * owner's pid and start time, for the life of the process. Node has no flock without a native
 * addon, so "released by the OS on crash" is had this way: a lock whose pid no longer runs is
 * stale and taken over, and so is one naming this very pid that this process does not hold (a
 * container restarts its daemon with the same pid). A pid reused by an unrelated process makes a false refusal (safe: the
 * error names the file to delete), never two daemons. `proper-lockfile` was not used: it is
 * mkdir + mtime refreshing, which goes stale after a pause (a stopped laptop, a long GC) and
 * needs a timer; a pid check is exact on one machine, which is where a data directory lives.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, MakerdError } from '../errors.js';

export const LOCK_FILE = 'makerd.lock';

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file (when it is still ours). */
  release(): void;
}

interface LockBody {
  readonly pid: number;
  readonly startedAt: string;
}

/** Held locks of this process, by path: a second daemon in the same process is refused too. */
const held = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readBody(path: string): LockBody | undefined {
  try {
    const body = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockBody>;
    return typeof body.pid === 'number' ? { pid: body.pid, startedAt: String(body.startedAt) } : undefined;
  } catch {
    return undefined;
  }
}

function removeIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Takes the data directory's lock or throws (naming the other process) when another daemon holds it. */
export function lockDataDir(dataDir: string, nowMs: number): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const body: LockBody = { pid: process.pid, startedAt: new Date(nowMs).toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      if (held.has(path)) throw Object.assign(new Error('held in this process'), { code: 'EEXIST' });
      writeFileSync(path, `${JSON.stringify(body)}\n`, { flag: 'wx' });
      held.add(path);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new MakerdError(ErrorCode.CONFIG, `data.dir: cannot create the lock ${path} (${code ?? (err as Error).message})`, {
          where: 'config',
          field: 'data.dir',
        });
      }
      const other = readBody(path);
      // Our own pid in a lock this process does not hold: an earlier process had it (a container
      // restarts its daemon as the same pid, often 1), so that lock is stale.
      const alive = held.has(path) || (other !== undefined && other.pid !== process.pid && running(other.pid));
      // A half-written lock (its writer died between create and write) is stale as well.
      if (alive || attempt > 0) {
        const who = other === undefined ? 'another makerd' : `makerd pid ${other.pid} (started ${other.startedAt})`;
        throw new MakerdError(
          ErrorCode.CONFIG,
          `data.dir: ${dataDir} is in use by ${who}: one daemon per data directory (delete ${path} only if no makerd uses it)`,
          { where: 'config', field: 'data.dir' },
        );
      }
      removeIfThere(path);
    }
  }
  return {
    path,
    release: () => {
      if (!held.delete(path)) return;
      if (readBody(path)?.pid === process.pid) removeIfThere(path);
    },
  };
}
