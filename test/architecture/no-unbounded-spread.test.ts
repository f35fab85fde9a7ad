/**
 * No array of unbounded length is spread into a call. `f(...xs)`, `out.push(...xs)`,
 * `Math.max(...xs)`, `new X(...xs)` pass each element as an argument, on the stack: past about a
 * hundred thousand elements the call throws RangeError (Maximum call stack size exceeded). A venue
 * decides how many levels a book has and how many items a page holds, so one such call on its data
 * is a crash the venue can cause: it happened, a reward sample spreading 100,000 book levels into
 * `orders.push(...)`. Reads every TypeScript file under src/ and strategies/ with the compiler's
 * parser and lists every call or `new` with a spread argument, and every `f.apply(t, xs)` or
 * `Reflect.apply(f, t, xs)` (the same thing spelled the old way), as file:line; the allow-list below
 * names the few whose arrays have a small bound the code sets, each with it. Spreading into an
 * array or object literal (`[...xs]`, `{ ...o }`) is a copy, not a call, and is fine.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `file: call text` (the call as written, from its start to its first `(`...`)` line, whitespace
 * collapsed: see `key`) -> why its spread array is small. Keyed by text, not line, so that edits
 * elsewhere in the file do not break it.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/limits/lane.ts: Math.min(...scopes.map((s) => s.minCapacity))':
    "a route's limit scopes: the surface-wide one and the route's own, from the limit table (src/limits/limit-table.ts)",
  'src/limits/scope-state.ts: Math.min(...this.windows.map((w) => w.window.capacity))':
    "one scope's windows (burst, sustained), from the limit table",
  'src/strategy/param-schema.ts: rows.push(...describeParams(rule.item, `${prefix}${name}[].`))':
    "the rows of a list item's parameter schema: a strategy's own code declares them",
};

/** Repository-relative `.ts` files under `dir` (posix separators), test files excluded. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !e.name.endsWith('.test.ts'))
        out.push(relative(ROOT, p).split(sep).join('/'));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

interface SpreadCall {
  /** `file:line` */
  readonly at: string;
  /** `file: call text`, the allow-list's key. */
  readonly key: string;
}

/** `f.apply(thisArg, args)` or `Reflect.apply(f, thisArg, args)`: an array passed as arguments. */
function appliesArray(n: ts.CallExpression): boolean {
  const callee = n.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'apply') return false;
  if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Reflect') return n.arguments.length === 3;
  return n.arguments.length === 2;
}

/** Every call or `new` in `text` that passes an array as arguments (iteratively: deep code cannot overflow this walk). */
function spreadCalls(file: string, text: string): SpreadCall[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: SpreadCall[] = [];
  const stack: ts.Node[] = [sf];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const spread = (ts.isCallExpression(n) || ts.isNewExpression(n)) && n.arguments?.some(ts.isSpreadElement) === true;
    if (spread || (ts.isCallExpression(n) && appliesArray(n))) {
      const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
      out.push({ at: `${file}:${line}`, key: `${file}: ${n.getText(sf).replace(/\s+/g, ' ')}` });
    }
    const children: ts.Node[] = [];
    n.forEachChild((c) => {
      children.push(c);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

const files = [...sourceFiles('src'), ...sourceFiles('strategies')];
const found = files.flatMap((f) => spreadCalls(f, readFileSync(join(ROOT, f), 'utf8')));

describe('no array of unbounded length is spread into a call', () => {
  it('reads every source file', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('src/rewards/reward-estimate.ts');
  });

  it('finds spread arguments, and only in calls (the check is not vacuous)', () => {
    const text = [
      'const a = [1, 2];',
      'out.push(...levels);',
      'const m = Math.max(',
      '  ...a,',
      ');',
      'const copy = [...a];',
      'const o = { ...x };',
      'new Foo(1, ...a);',
      'f(g(...a));',
      'String.fromCharCode(...codes);',
      'Math.max.apply(null, xs);',
      'Reflect.apply(Math.max, null, xs);',
      'portfolio.apply(fill);',
    ].join('\n');
    expect(spreadCalls('src/x.ts', text).map((c) => c.at)).toEqual([
      'src/x.ts:2',
      'src/x.ts:3',
      'src/x.ts:8',
      'src/x.ts:9',
      'src/x.ts:10',
      'src/x.ts:11',
      'src/x.ts:12',
    ]);
    expect(spreadCalls('src/x.ts', text)[1]!.key).toBe('src/x.ts: Math.max( ...a, )');
  });

  it('catches the call that crashed a reward sample on a book of 100,000 levels', () => {
    const before =
      'const orders = own.map((o) => ({ account: OWN_ACCOUNT, ...o }));\norders.push(...othersOrders(books, ownSizes(shown)));\n';
    expect(spreadCalls('src/rewards/reward-estimate.ts', before).map((c) => c.at)).toEqual(['src/rewards/reward-estimate.ts:2']);
  });

  it('has no spread argument in src/ or strategies/ but the allowed ones', () => {
    const offending = found.filter((c) => ALLOWED[c.key] === undefined).map((c) => `${c.at}  ${c.key.slice(c.key.indexOf(': ') + 2)}`);
    expect(
      offending,
      'pass the elements one by one (a loop, reduce), or allow the call in ALLOWED with the bound that keeps its array small',
    ).toEqual([]);
  });

  it('every allow-list entry is still found (an unused one is removed, so the list stays true)', () => {
    const keys = new Set(found.map((c) => c.key));
    expect(Object.keys(ALLOWED).filter((k) => !keys.has(k))).toEqual([]);
  });
});
