/**
 * vitest globalSetup: compiles the package once per run, as `npm run build` does (the whole
 * program of tsconfig.json, so that this one tsc run is also the type check), into a folder under
 * node_modules/.cache that every test spawning makerd's executables (`makerd run`, the soak, the
 * bench runner) reads through `compiledPackage()` (compile-package.ts). Before, each of those
 * files ran tsc itself, five compiles of the same sources per run, and `npm test` a sixth to check
 * types.
 *
 * The compile starts here and is not awaited: test files that need no executable run meanwhile,
 * and those that do wait for the marker file written when tsc ends (its exit code and output).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packageRoot } from '../../src/package-root.js';
import { compileArgs, type CompileResult, markerOf } from './compile-package.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the package is compiled for this run (see compile-package.ts). */
    compiledPackage: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = packageRoot();
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = join(cache, `makerd-test-build-${process.pid}`);
  const marker = markerOf(outDir);
  project.provide('compiledPackage', outDir);

  let compile = startCompile(root, outDir, marker);
  // In watch mode the sources may have changed since: each rerun compiles them again.
  project.onTestsRerun(() => {
    compile.stop();
    compile = startCompile(root, outDir, marker);
  });

  return () => {
    compile.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}

/** Starts tsc; `stop()` ends it if it still runs and removes the marker, which it then never writes. */
function startCompile(root: string, outDir: string, marker: string): { stop(): void } {
  rmSync(marker, { force: true });
  let output = '';
  const tsc: ChildProcess = spawn(process.execPath, compileArgs(outDir), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  tsc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  tsc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let stopped = false;
  // Written whole, then renamed: a test seeing the marker reads all of it.
  const finish = (result: CompileResult): void => {
    if (stopped) return;
    writeFileSync(`${marker}.tmp`, JSON.stringify(result));
    renameSync(`${marker}.tmp`, marker);
  };
  tsc.on('error', (err) => finish({ code: null, output: `tsc could not start: ${err.message}` }));
  tsc.on('close', (code, signal) => finish({ code, output: signal === null ? output : `${output}\ntsc ended by ${signal}` }));
  return {
    stop(): void {
      stopped = true;
      // A run that needed no executable may end before tsc does.
      if (tsc.exitCode === null && tsc.signalCode === null) tsc.kill('SIGKILL');
      rmSync(marker, { force: true });
    },
  };
}
