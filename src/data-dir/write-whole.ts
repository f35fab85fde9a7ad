/** Files of the data directory written whole or not at all: a crash mid-write leaves the old file, never half a new one. */
import { renameSync, writeFileSync } from 'node:fs';

/** Writes `text` to a temporary file of this process beside `path`, then renames it over `path`. */
export function writeWhole(path: string, text: string, mode?: number): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, mode === undefined ? undefined : { mode });
  renameSync(tmp, path);
}
