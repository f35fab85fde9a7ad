import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Path of a file in the team's shared/ folder. CI clones the repo with shared/ beside it; a
 * developer's checkout has it at ../shared. MAKERD_SHARED_DIR overrides both.
 */
export function sharedPath(name: string): string {
  const candidates = [
    process.env.MAKERD_SHARED_DIR,
    resolve(here, '../../../shared'),
    resolve(here, '../../shared'),
  ].filter((p): p is string => typeof p === 'string');
  for (const dir of candidates) {
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  throw new Error(`shared file ${name} not found in ${candidates.join(', ')}`);
}
