/** docs/guards.md carries the guard settings table generated from the schema, current. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardSettingsMarkdown } from '../../src/guard/guard-doc.js';
import { packageRoot } from '../../src/package-root.js';

const START = '<!-- guard-settings:start -->';
const END = '<!-- guard-settings:end -->';

describe('docs/guards.md', () => {
  it('holds the table of every guard setting as the schema describes it (UPDATE_DOCS=1 rewrites it)', () => {
    const file = join(packageRoot(), 'docs/guards.md');
    const page = readFileSync(file, 'utf8');
    const a = page.indexOf(START);
    const b = page.indexOf(END);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    const want = `${START}\n${guardSettingsMarkdown()}\n${END}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(file, page.slice(0, a) + want + page.slice(b + END.length));
    else expect(page.slice(a, b + END.length), 'run UPDATE_DOCS=1 npx vitest run test/docs/guards-doc.test.ts').toBe(want);
  });
});
