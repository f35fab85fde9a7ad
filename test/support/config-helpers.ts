import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';

/** Writes `content` to a fresh temporary file and returns its path. */
export function tmpFile(name: string, content: string): string {
  const p = join(mkdtempSync(join(tmpdir(), 'makerd-config-')), name);
  writeFileSync(p, content);
  return p;
}

/** Runs `fn`, which must throw a CONFIG MakerdError, and returns that error. */
export function configErrorOf(fn: () => unknown): MakerdError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    return err as MakerdError;
  }
  throw new Error('expected a configuration error');
}
