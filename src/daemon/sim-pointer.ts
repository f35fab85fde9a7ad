/**
 * Where the simulator of a running `makerd run` (sim mode) is: the daemon writes
 * `<data.dir>/sim.json` once its embedded simulator listens and removes it when it closes, so
 * that `makerd query`, `cancel` and `cancel-market` with the same data dir talk to that simulator
 * instead of starting a fresh one that knows nothing of the daemon's orders. The file holds the
 * simulator's own (seeded, made-up) credentials, never the venue's; it is written 0600.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VenueCredentialsInput } from '../venue/credentials.js';

export interface SimPointer {
  readonly pid: number;
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly credentials: VenueCredentialsInput;
}

export function simPointerPath(dataDir: string): string {
  return join(dataDir, 'sim.json');
}

export function writeSimPointer(dataDir: string, p: SimPointer): void {
  writeFileSync(simPointerPath(dataDir), `${JSON.stringify(p)}\n`, { mode: 0o600 });
}

export function removeSimPointer(dataDir: string, pid: number): void {
  // Only our own: a second daemon on the same data dir must not remove the first one's.
  if (readSimPointer(dataDir, () => true)?.pid === pid) rmSync(simPointerPath(dataDir), { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running daemon's simulator, or undefined (no file, unreadable, or its process is gone). */
export function readSimPointer(dataDir: string, alive: (pid: number) => boolean = processAlive): SimPointer | undefined {
  let p: Partial<SimPointer>;
  try {
    p = JSON.parse(readFileSync(simPointerPath(dataDir), 'utf8')) as Partial<SimPointer>;
  } catch {
    return undefined;
  }
  if (typeof p.pid !== 'number' || typeof p.baseUrl !== 'string' || typeof p.wsUrl !== 'string' || p.credentials === undefined)
    return undefined;
  return alive(p.pid) ? (p as SimPointer) : undefined;
}
