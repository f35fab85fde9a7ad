import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The team's shared/ folder: MAKERD_SHARED_DIR, else beside the clone (CI), else /shared, else undefined. */
export function sharedDir(): string | undefined {
  const candidates = [process.env.MAKERD_SHARED_DIR, resolve(here, '../../../shared'), resolve(here, '../../shared'), '/shared'];
  return candidates.find((d): d is string => typeof d === 'string' && existsSync(d));
}

/**
 * Path of a reference file from shared/ (CI clones the repo with shared/ beside it), falling
 * back to the copy kept in test/fixtures so a lone clone still runs the same vectors; a test
 * checks that the copy matches shared/ whenever both are present.
 */
export function sharedPath(name: string): string {
  const dir = sharedDir();
  if (dir !== undefined && existsSync(join(dir, name))) return join(dir, name);
  const copy = fixturePath(name);
  if (existsSync(copy)) return copy;
  throw new Error(`reference file ${name} found neither in shared/ nor in test/fixtures`);
}

export function fixturePath(name: string): string {
  return resolve(here, '../fixtures', name);
}
