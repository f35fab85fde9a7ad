/**
 * Tests that spawn makerd's executables (`makerd run`, the soak, the bench runner) compile the
 * package themselves, as `npm run build` does into dist/, so that they run the sources under test
 * and not whatever dist/ held. Each file compiles into its own folder: they run in parallel.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();

/** Compiles tsconfig.build.json's folders into `outDir` (no source maps). Throws with tsc's output on a type error. */
export function compilePackage(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      join(root, 'tsconfig.build.json'),
      '--outDir',
      outDir,
      '--sourceMap',
      'false',
    ],
    { cwd: root, stdio: 'pipe' },
  );
}
