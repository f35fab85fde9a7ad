/**
 * The two processes of the soak, `makerd sim` and `makerd run`, as children whose stdout is JSON
 * lines (makerd's log; the simulator's banner line first). Lines are kept and can be awaited.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type LogLine = Record<string, unknown>;

export interface Child {
  readonly name: string;
  readonly proc: ChildProcess;
  /** stdout, one parsed JSON object a line (`{raw}` when a line is not JSON). */
  readonly lines: LogLine[];
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether it has ended. */
  readonly ended: () => boolean;
  /** The first line `match` accepts (seen or to come); rejects on exit or after `timeoutMs`. */
  line(match: (l: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
}

/** The environment without any MAKERD_* of the caller's: the soak sets what the run uses. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MAKERD_')) env[k] = v;
  return env;
}

export function startChild(name: string, bin: string, args: readonly string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LogLine[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  let buf = '';
  let stderr = '';
  let done = false;
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const text = buf.slice(0, i);
      buf = buf.slice(i + 1);
      let l: LogLine;
      try {
        const parsed = JSON.parse(text) as unknown;
        l = typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : { raw: text };
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
  proc.stderr!.on('data', (d: Buffer) => {
    // Bounded: a process that floods stderr must not exhaust the soak's memory.
    if (stderr.length < 1_000_000) stderr += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    proc,
    lines,
    stderr: () => stderr,
    exited,
    ended: () => done,
    line(match, timeoutMs) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name}: the awaited log line did not come within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`${name} ended (code ${code}, signal ${signal}) before the awaited line; stderr: ${stderr.slice(-2000)}`));
        });
      });
    },
  };
}

/** Log lines that mean a crash: fatal level, or an uncaught exception / unhandled rejection. */
export function crashLines(lines: readonly LogLine[], stderr: string): number {
  const fatal = lines.filter(
    (l) => l.level === 'fatal' || l.level === 60 || /uncaught|unhandled/i.test(String(l.msg ?? l.raw ?? '')),
  ).length;
  const err = stderr.split('\n').filter((s) => /fatal|uncaught|unhandled/i.test(s)).length;
  return fatal + err;
}
