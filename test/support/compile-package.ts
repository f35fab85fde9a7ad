/**
 * Tests that spawn makerd's executables (`makerd run`, the soak, the bench runner) run the package
 * compiled as `npm run build` does into dist/, so that they run the sources under test and not
 * whatever dist/ held. The compile happens once per vitest run (global-setup.ts, started before
 * the first test file) into a folder under node_modules/.cache (so the compiled files find
 * node_modules and the package root above them); `compiledPackage()` waits for it to end.
 * A test that changes files in it works on `privateCopy()`.
 *
 * It compiles tsconfig.json, the whole program (tests too), not only tsconfig.build.json's
 * folders: the same tsc run is `npm test`'s type check (test/architecture/type-check.test.ts).
 */
import { cpSync, existsSync, readFileSync, watch } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { inject } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();

export interface CompileResult {
  /** tsc's exit status: 0 when the sources compiled without a type error. */
  readonly code: number | null;
  readonly output: string;
}

/** tsc's command line: tsconfig.json's program into `outDir` (dist/'s layout), no source maps. */
export function compileArgs(outDir: string): string[] {
  return [
    join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(root, 'tsconfig.json'),
    '--outDir',
    outDir,
    '--sourceMap',
    'false',
  ];
}

/** tsc's exit status when it reported errors but wrote its output all the same. */
const EMITTED_WITH_ERRORS = 2;

/** The file global-setup.ts writes when tsc has ended (a CompileResult). */
export function markerOf(outDir: string): string {
  return `${outDir}.done.json`;
}

/** How long a test file waits for the run's compile (tsc takes 10–30 s here under load). */
const COMPILE_WAIT_MS = 170_000;

/** How this run's compile ended, once it has. */
export async function compileResult(): Promise<CompileResult> {
  const marker = markerOf(outDirOfRun());
  await fileExists(marker, COMPILE_WAIT_MS);
  return JSON.parse(readFileSync(marker, 'utf8')) as CompileResult;
}

/**
 * The folder the package is compiled into for this run (holding src/, bench/, soak/, ... as dist/
 * does), once tsc has ended. A type error alone does not stop it (tsc writes its output anyway;
 * the type-check test fails); throws with tsc's output when tsc wrote nothing.
 */
export async function compiledPackage(): Promise<string> {
  const result = await compileResult();
  if (result.code !== 0 && result.code !== EMITTED_WITH_ERRORS)
    throw new Error(`compiling the package for the tests failed (tsc exit ${result.code}):\n${result.output}`);
  return outDirOfRun();
}

function outDirOfRun(): string {
  const outDir = inject('compiledPackage');
  if (outDir === undefined) throw new Error('compiledPackage: vitest.config.ts must list test/support/global-setup.ts as globalSetup');
  return outDir;
}

/** A copy of the compiled package at `dest` (beside the shared one, so it resolves node_modules the same way). */
export async function privateCopy(dest: string): Promise<string> {
  cpSync(await compiledPackage(), dest, { recursive: true });
  return dest;
}

/** Resolves once `path` exists: watches its folder (tsc's end is an event, not a time). */
function fileExists(path: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(path), (_event, name) => {
      if ((name === null || name === basename(path)) && existsSync(path)) done();
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`compiledPackage: tsc had not ended after ${timeoutMs / 1000} s (${path} missing)`));
    }, timeoutMs);
    let ended = false;
    const done = (): void => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      watcher.close();
      resolve();
    };
    // Checked after the watch starts, so a marker written in between is not missed.
    if (existsSync(path)) done();
  });
}
