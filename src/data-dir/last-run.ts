/**
 * How the last run on a data directory ended (`<data.dir>/last-run.json`): written `running` when
 * a daemon takes the directory and rewritten at its end (`stopped`, `failed` at start-up, or
 * `crashed`: an uncaught exception or unhandled rejection, stopped in order all the same). The
 * next start reads it first: a run still `running` never reached its end (SIGKILL, an out-of-memory
 * kill, the machine going down), so its orders may rest at the venue; start-up cancels them before
 * quoting and the log says why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole } from './write-whole.js';

export const LAST_RUN_FILE = 'last-run.json';

export type RunState = 'running' | 'stopped' | 'failed' | 'crashed';

export interface LastRun {
  readonly pid: number;
  readonly startedAt: string;
  readonly state: RunState;
  readonly endedAt?: string;
  readonly exitCode?: number;
  /** What stopped it: the signal, or the crash's event and message. */
  readonly reason?: string;
}

const STATES: readonly RunState[] = ['running', 'stopped', 'failed', 'crashed'];

/** The record of the last run, or undefined when there is none (or it is unreadable). */
export function readLastRun(dataDir: string): LastRun | undefined {
  try {
    const r = JSON.parse(readFileSync(join(dataDir, LAST_RUN_FILE), 'utf8')) as Partial<LastRun>;
    if (typeof r.pid !== 'number' || typeof r.startedAt !== 'string' || !STATES.includes(r.state as RunState)) return undefined;
    return r as LastRun;
  } catch {
    return undefined;
  }
}

/** Writes the record whole (a temporary file renamed over the old one). */
export function writeLastRun(dataDir: string, run: LastRun): void {
  writeWhole(join(dataDir, LAST_RUN_FILE), `${JSON.stringify(run)}\n`, 0o600);
}

/** The line start-up logs about the last run, or undefined when it stopped in order. */
export function lastRunNote(last: LastRun | undefined): { level: 'warn' | 'info'; msg: string } | undefined {
  if (last === undefined || last.state === 'stopped') return undefined;
  const who = `the last run on this data directory (pid ${last.pid}, started ${last.startedAt})`;
  if (last.state === 'running')
    return {
      level: 'warn',
      msg: `${who} never reached its end (killed, or the machine went down): orders it left are cancelled and verified before quoting`,
    };
  if (last.state === 'crashed')
    return { level: 'warn', msg: `${who} crashed (${last.reason ?? 'unknown'}) and stopped in order, exit status ${last.exitCode ?? 1}` };
  return { level: 'info', msg: `${who} failed (exit status ${last.exitCode ?? 1}${last.reason === undefined ? '' : `, ${last.reason}`})` };
}
