// `prebench`: builds (tsc -p tsconfig.build.json, as `npm run build`) unless dist/ is already up to
// date, i.e. every .ts file of the folders the build compiles (src/, strategies/, bench/, ...) has
// its compiled .js in dist/ newer than both the source and the tsconfig files and package.json. Saves the build's 15-30 s on this
// machine when nothing changed, out of the 3 minutes `npm run bench` may take. Everything it and
// tsc print goes to stderr, so that `npm run --silent bench -- --json` prints JSON alone.
// MAKERD_BENCH_BUILD_DRY_RUN=1: only says whether it would build (used by test/bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const configTime = Math.max(...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => statSync(join(root, f)).mtimeMs));

/** Why `path` (a .ts file) needs a build, or undefined. */
function staleFile(path) {
  const out = join(root, 'dist', relative(root, path)).replace(/\.ts$/, '.js');
  if (!existsSync(out)) return `${relative(root, path)} (not compiled)`;
  const built = statSync(out).mtimeMs;
  if (built < statSync(path).mtimeMs) return `${relative(root, path)} (changed since the build)`;
  if (built < configTime) return 'tsconfig or package.json (changed since the build)';
  return undefined;
}

/** The first source under `path` whose output is missing or older, or undefined when up to date. */
function firstStale(path) {
  if (!existsSync(path)) return undefined;
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') && !path.endsWith('.d.ts') ? staleFile(path) : undefined;
  for (const e of readdirSync(path)) {
    const s = firstStale(join(path, e));
    if (s !== undefined) return s;
  }
  return undefined;
}

/** The folders the build compiles (tsconfig.build.json's include), else the usual three. */
function included() {
  try {
    const include = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')).include;
    if (Array.isArray(include) && include.every((d) => typeof d === 'string' && /^[\w.-]+$/.test(d))) return include;
  } catch {
    // not plain JSON: fall back
  }
  return ['src', 'strategies', 'bench'];
}

let stale;
for (const d of included()) {
  stale = firstStale(join(root, d));
  if (stale !== undefined) break;
}
if (stale === undefined) {
  process.stderr.write(`[bench] dist/ is up to date with ${included().join(', ')}: no build\n`);
} else if (process.env.MAKERD_BENCH_BUILD_DRY_RUN === '1') {
  // For the runner's test: say what would happen, build nothing (dist/ may be in use).
  process.stderr.write(`[bench] would build (tsc -p tsconfig.build.json): ${stale}\n`);
} else {
  process.stderr.write(`[bench] building (tsc -p tsconfig.build.json): ${stale}\n`);
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.error !== undefined) throw r.error;
  process.exitCode = r.status ?? 1;
}
