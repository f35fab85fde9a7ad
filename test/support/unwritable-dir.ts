/**
 * An existing directory this process cannot create files in: a fresh one made read-only, or, for
 * root (whom permissions do not stop), sysfs's /sys/kernel. undefined when neither is refused.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function refuses(dir: string): boolean {
  try {
    writeFileSync(join(dir, '.makerd-probe'), '');
    rmSync(join(dir, '.makerd-probe'));
    return false;
  } catch {
    return true;
  }
}

let found: string | undefined | null = null;

export function unwritableDir(): string | undefined {
  if (found !== null) return found;
  const dir = mkdtempSync(join(tmpdir(), 'makerd-readonly-'));
  chmodSync(dir, 0o555);
  found = refuses(dir) ? dir : ['/sys/kernel'].find(refuses);
  return found;
}
