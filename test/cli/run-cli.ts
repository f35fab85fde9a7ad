import { runCli } from '../../src/cli/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one makerd command line in-process with the given environment; captures its output. */
export async function cli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  });
  return { code, stdout, stderr };
}
