/**
 * `npm run bench [-- name ...]`: runs every bench/*.bench.ts (compiled to dist/bench) one after
 * another in this process and prints one JSON document on stdout. Figures are medians and ratios
 * measured within one run, so they compare like with like on a noisy shared machine.
 */
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BenchFn = () => Promise<Record<string, unknown>>;

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.js'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const results: Record<string, unknown> = {};
for (const f of files) {
  const name = f.replace(/\.bench\.js$/, '');
  const started = Date.now();
  try {
    const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: BenchFn };
    results[name] = { ...(await mod.default()), duration_s: (Date.now() - started) / 1000 };
  } catch (err) {
    results[name] = { error: (err as Error).stack ?? String(err) };
    process.exitCode = 1;
  }
}

process.stdout.write(
  `${JSON.stringify(
    {
      node: process.version,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gib: Math.round(totalmem() / 2 ** 30),
      date: new Date().toISOString(),
      results,
    },
    null,
    2,
  )}\n`,
);
