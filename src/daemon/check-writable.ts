/**
 * Everything the daemon will write, tried before the first order: a data directory it cannot
 * write would otherwise be found at the first fill (journaled nowhere, the market halted, and an
 * exit 0 that hides it). Each check writes, fsyncs and removes a probe file, which also catches a
 * read-only filesystem, a full disk's ENOSPC and an ownership mistake, whoever runs it.
 */
import { closeSync, constants, fsyncSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { MakerdConfig } from '../config/schema.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { journalDir, journalFileName } from '../portfolio/index.js';

function fail(field: string, path: string, what: string, err: unknown): never {
  const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  throw new MakerdError(ErrorCode.CONFIG, `${field}: cannot ${what} ${JSON.stringify(path)} (${code})`, { where: 'config', field });
}

/** Creates, writes, fsyncs and removes a probe file in `dir`. */
function probe(dir: string, field: string): void {
  const path = join(dir, `.makerd-write-check-${process.pid}`);
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_CREAT | constants.O_WRONLY | constants.O_TRUNC);
    writeSync(fd, 'makerd start-up write check\n');
    fsyncSync(fd);
  } catch (err) {
    fail(field, dir, 'write in', err);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  try {
    unlinkSync(path);
  } catch (err) {
    fail(field, dir, 'remove files in', err);
  }
}

/** undefined when `path` does not exist; throws (named) when it cannot be looked at. */
function statOf(path: string, field: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    fail(field, path, 'look at', err);
  }
}

/** Throws a CONFIG error naming the path when the data dir, the journal or the kill switch's path cannot be used. */
export function checkWritable(config: MakerdConfig, nowMs: number): void {
  const dataDir = config.data.dir;
  probe(dataDir, 'data.dir');
  const journal = journalDir(dataDir);
  const dir = statOf(journal, 'data.dir');
  if (dir !== undefined) {
    if (!dir.isDirectory()) fail('data.dir', journal, 'use the journal directory', new Error('not a directory'));
    probe(journal, 'data.dir');
    // Today's file, when there is one, is appended to at the next fill.
    const today = join(journal, journalFileName(nowMs));
    if (statOf(today, 'data.dir') !== undefined) {
      try {
        closeSync(openSync(today, 'a'));
      } catch (err) {
        fail('data.dir', today, 'append to', err);
      }
    }
  }
  // The kill switch is a file the operator creates: the daemon must be able to see it.
  statOf(join(dataDir, config.risk.killSwitchFile), 'risk.killSwitchFile');
}
