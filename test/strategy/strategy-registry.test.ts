/** Strategies load from folders by file name; a bad module stops start-up naming the file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { builtinStrategiesDir, loadStrategies, resolveStrategy, strategyFiles } from '../../src/strategy/strategy-registry.js';
import { rejectionOf } from '../support/catch-error.js';

const dirs: string[] = [];

function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'makerd-strategies-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"type": "module"}');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const module = (name: string) => `export default {
  name: ${JSON.stringify(name)},
  description: 'test strategy',
  params: { spread: { type: 'number', min: 0, default: 1, doc: 'spread' } },
  parse: (raw) => raw,
  initialState: () => null,
  quote: (view, params, state) => ({ quotes: [], state }),
};
`;

describe('loadStrategies', () => {
  it('loads the built-in strategies by name', async () => {
    const registry = await loadStrategies([builtinStrategiesDir()]);
    expect([...registry.keys()].sort()).toEqual(['avellaneda', 'bands', 'glft']);
    expect(registry.get('bands')?.name).toBe('bands');
    expect(registry.get('avellaneda')?.name).toBe('avellaneda');
  });

  it('loads a custom folder after the built-ins', async () => {
    const dir = tempDir({ 'my-strategy.js': module('my-strategy') });
    const registry = await loadStrategies([builtinStrategiesDir(), dir]);
    expect([...registry.keys()].sort()).toEqual(['avellaneda', 'bands', 'glft', 'my-strategy']);
    expect(registry.get('my-strategy')?.description).toBe('test strategy');
  });

  it('refuses a module without a default export, naming the file', async () => {
    const dir = tempDir({ 'nodefault.js': 'export const name = "nodefault";\n' });
    const err = await rejectionOf(loadStrategies([dir]));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`strategy module ${join(dir, 'nodefault.js')} has no default export of a Strategy object`);
  });

  it('refuses a default export whose name is not the file name', async () => {
    const dir = tempDir({ 'wide.js': module('narrow') });
    const err = await rejectionOf(loadStrategies([dir]));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(
      `strategy module ${join(dir, 'wide.js')} default export is named "narrow"; it must equal the file name "wide"`,
    );
  });

  it('refuses a default export that is not a whole Strategy', async () => {
    const noQuote = tempDir({ 'half.js': module('half').replace(/ {2}quote:.*\n/, '') });
    expect((await rejectionOf(loadStrategies([noQuote]))).message).toBe(
      `strategy module ${join(noQuote, 'half.js')} default export has no function \`quote\``,
    );
    const badRule = tempDir({ 'rule.js': module('rule').replace("type: 'number'", "type: 'float'") });
    expect((await rejectionOf(loadStrategies([badRule]))).message).toBe(
      `strategy module ${join(badRule, 'rule.js')} params.spread is not a parameter rule ({type: number|decimal|boolean|enum|list, doc, ...})`,
    );
  });

  it('refuses a module that fails to load, with the cause', async () => {
    const dir = tempDir({ 'boom.js': 'throw new Error("kaboom");\n' });
    const err = await rejectionOf(loadStrategies([dir]));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`strategy module ${join(dir, 'boom.js')} could not be loaded: kaboom`);
  });

  it('refuses a name defined twice (a custom file shadowing a built-in)', async () => {
    const dir = tempDir({ 'bands.js': module('bands') });
    const err = await rejectionOf(loadStrategies([builtinStrategiesDir(), dir]));
    expect(err.message).toBe(
      `strategy module ${join(dir, 'bands.js')} defines strategy 'bands', already defined by ${join(builtinStrategiesDir(), 'bands.ts')}`,
    );
  });

  it('refuses a folder that does not exist', async () => {
    const missing = join(tmpdir(), 'makerd-no-such-strategies-dir');
    const err = await rejectionOf(loadStrategies([missing]));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`strategy directory ${missing} does not exist or is not a directory`);
  });
});

describe('strategyFiles', () => {
  it('takes *.js, not tests, maps, declarations or other files; sorted', () => {
    const dir = tempDir({ 'b.js': '', 'a.js': '', 'a.test.js': '', 'a.js.map': '', 'a.d.ts': '', 'README.md': '' });
    mkdirSync(join(dir, 'sub.js'));
    expect(strategyFiles(dir)).toEqual([join(dir, 'a.js'), join(dir, 'b.js')]);
  });

  it('reads a folder of TypeScript sources only when it has no .js module', () => {
    const dir = tempDir({ 'x.ts': '', 'x.d.ts': '', 'x.test.ts': '' });
    expect(strategyFiles(dir)).toEqual([join(dir, 'x.ts')]);
  });
});

describe('resolveStrategy', () => {
  it('finds a strategy by name, or lists the known names', async () => {
    const registry = await loadStrategies([builtinStrategiesDir()]);
    expect(resolveStrategy(registry, 'bands', 'market 0xabc').name).toBe('bands');
    let err: unknown;
    try {
      resolveStrategy(registry, 'band', 'market 0xabc');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    expect((err as MakerdError).message).toBe('market 0xabc: unknown strategy "band" (known: avellaneda, bands, glft)');
  });
});
