import { runCli } from '../../src/cli/cli.js';
import type { Clock } from '../../src/clock/clock.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Aborting it is SIGTERM for the command (long-running commands: run, sim). */
  readonly stopSignal?: AbortSignal;
  /** Called with everything written to stdout so far, after each write. */
  readonly onStdout?: (stdoutSoFar: string) => void;
  /** The command's clock (makerd survey), e.g. a fake clock shared with a simulator. */
  readonly clock?: Clock;
}

/** Runs one makerd command line in-process with the given environment; captures its output. */
export async function cli(argv: string[], env: NodeJS.ProcessEnv = {}, options: CliOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: {
      write: (s: string) => {
        stdout += s;
        options.onStdout?.(stdout);
        return true;
      },
    },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  return { code, stdout, stderr };
}
