/**
 * `makerd run` as a child process, as an operator starts it: its stdout parsed line by line (JSON
 * log records), its stderr, its exit, and a wait for a log line that may already have come.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type LogLine = Record<string, unknown>;

export interface Makerd {
  readonly proc: ChildProcess;
  /** stdout, one parsed JSON line each (`{raw}` when a line is not JSON). */
  readonly lines: LogLine[];
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line (already seen or still to come) that `match` accepts; rejects when the process ends first. */
  line(match: (l: LogLine) => boolean): Promise<LogLine>;
}

/** Spawns `node <bin> run` with `env` (and PATH only). */
export function startMakerd(bin: string, env: NodeJS.ProcessEnv): Makerd {
  const proc = spawn(process.execPath, [bin, 'run'], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LogLine[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  let buf = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const text = buf.slice(0, i);
      buf = buf.slice(i + 1);
      let l: LogLine;
      try {
        l = JSON.parse(text) as LogLine;
      } catch {
        l = { raw: text };
      }
      lines.push(l);
      for (const w of waiters.splice(0)) {
        if (w.match(l)) w.resolve(l);
        else waiters.push(w);
      }
    }
  });
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    proc,
    lines,
    stderr: () => stderr,
    exited,
    line(match) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then(({ code, signal }) =>
          reject(
            new Error(
              `makerd ended (code ${code}, signal ${signal}) before the awaited line; stderr: ${stderr}\nstdout:\n${lines.map((x) => JSON.stringify(x)).join('\n')}`,
            ),
          ),
        );
      });
    },
  };
}

/** Matches a log line by its message. */
export const msg =
  (m: string) =>
  (l: LogLine): boolean =>
    l.msg === m;
