/**
 * Strategies are files: every module of the built-in folder (compiled `dist/strategies/*.js`) and
 * of the optional `strategy.dir` default-exports one Strategy whose `name` is its file name. They
 * are loaded once at start-up, so a broken or misnamed module stops the daemon with an error that
 * names the file, before anything trades. A name defined twice (a custom file shadowing a built-in
 * one) is an error too, so which code runs is never ambiguous.
 *
 * Modules are the `*.js` files of a folder (not `*.test.js`; `*.map` and `*.d.ts` are not `.js`).
 * A folder without any is read as TypeScript sources (`*.ts`, not `*.d.ts` / `*.test.ts`): that is
 * the built-in folder when makerd runs from its sources under vitest, which imports .ts directly.
 * Plain Node cannot, and then the import error says to build first.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCode, MakerdError } from '../errors.js';
import type { Strategy } from './strategy.js';

const RULE_TYPES = new Set(['number', 'decimal', 'boolean', 'enum', 'list']);

/**
 * The built-in strategies' folder: `dist/strategies` next to the compiled `dist/src/strategy/`,
 * or the repository's `strategies/` sources when running from `src/` (tests).
 */
export function builtinStrategiesDir(): string {
  return fileURLToPath(new URL('../../strategies', import.meta.url));
}

/** Loads the strategies of `dirs`, in order, keyed by name. */
export async function loadStrategies(dirs: readonly string[]): Promise<Map<string, Strategy>> {
  const registry = new Map<string, Strategy>();
  const origin = new Map<string, string>();
  for (const dir of dirs) {
    for (const file of strategyFiles(dir)) {
      const strategy = checkStrategy(await importModule(file), file);
      const previous = origin.get(strategy.name);
      if (previous !== undefined) throw configError(file, `defines strategy '${strategy.name}', already defined by ${previous}`);
      registry.set(strategy.name, strategy);
      origin.set(strategy.name, file);
    }
  }
  return registry;
}

/** The strategy called `name`; a CONFIG error listing the known names otherwise. */
export function resolveStrategy(registry: ReadonlyMap<string, Strategy>, name: string, where: string): Strategy {
  const found = registry.get(name);
  if (found !== undefined) return found;
  const known = [...registry.keys()].sort().join(', ');
  throw new MakerdError(ErrorCode.CONFIG, `${where}: unknown strategy ${JSON.stringify(name)} (known: ${known === '' ? 'none' : known})`, {
    where: 'strategy',
    field: 'strategy',
  });
}

/** The module files of `dir`, sorted by name (see the header for which files count). */
export function strategyFiles(dir: string): string[] {
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    throw new MakerdError(ErrorCode.CONFIG, `strategy directory ${abs} does not exist or is not a directory`, {
      where: 'strategy',
      field: 'strategy.dir',
    });
  }
  const names = readdirSync(abs)
    .filter((n) => statSync(join(abs, n)).isFile())
    .sort();
  const pick = (ext: string) => names.filter((n) => n.endsWith(ext) && !n.endsWith(`.test${ext}`) && !n.endsWith(`.d${ext}`));
  const js = pick('.js');
  return (js.length > 0 ? js : pick('.ts')).map((n) => join(abs, n));
}

async function importModule(file: string): Promise<unknown> {
  try {
    return await import(pathToFileURL(file).href);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const hint = extname(file) === '.ts' ? ' (TypeScript must be compiled first: npm run build)' : '';
    throw configError(file, `could not be loaded${hint}: ${why}`, err);
  }
}

function checkStrategy(mod: unknown, file: string): Strategy {
  const expected = basename(file, extname(file));
  const s = (mod as { default?: unknown } | null)?.default;
  if (typeof s !== 'object' || s === null) throw configError(file, 'has no default export of a Strategy object');
  const o = s as Record<string, unknown>;
  if (typeof o.name !== 'string') throw configError(file, 'default export has no string `name`');
  if (o.name !== expected)
    throw configError(file, `default export is named ${JSON.stringify(o.name)}; it must equal the file name ${JSON.stringify(expected)}`);
  if (typeof o.description !== 'string') throw configError(file, 'default export has no string `description`');
  for (const fn of ['parse', 'initialState', 'quote']) {
    if (typeof o[fn] !== 'function') throw configError(file, `default export has no function \`${fn}\``);
  }
  if (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params))
    throw configError(file, 'default export has no `params` schema object');
  checkSchema(o.params as Record<string, unknown>, file, 'params');
  return s as Strategy;
}

function checkSchema(schema: Record<string, unknown>, file: string, path: string): void {
  for (const [key, rule] of Object.entries(schema)) {
    const r = rule as { type?: unknown; doc?: unknown; item?: unknown; values?: unknown } | null;
    if (r === null || typeof r !== 'object' || !RULE_TYPES.has(r.type as string) || typeof r.doc !== 'string') {
      throw configError(file, `${path}.${key} is not a parameter rule ({type: number|decimal|boolean|enum|list, doc, ...})`);
    }
    if (r.type === 'enum' && !Array.isArray(r.values)) throw configError(file, `${path}.${key} (enum) has no \`values\` list`);
    if (r.type === 'list') {
      if (typeof r.item !== 'object' || r.item === null) throw configError(file, `${path}.${key} (list) has no \`item\` schema`);
      checkSchema(r.item as Record<string, unknown>, file, `${path}.${key}[]`);
    }
  }
}

function configError(file: string, what: string, cause?: unknown): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `strategy module ${file} ${what}`, { where: 'strategy', field: file, cause });
}
