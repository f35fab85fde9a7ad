/** The docs pages carry the settings tables generated from the schemas, current. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardSettingsMarkdown } from '../../src/guard/guard-doc.js';
import { packageRoot } from '../../src/package-root.js';
import { rewardQuotingSettingsMarkdown } from '../../src/rewards/reward-quoting-doc.js';

const TABLES: readonly (readonly [page: string, marker: string, table: () => string])[] = [
  ['docs/guards.md', 'guard-settings', guardSettingsMarkdown],
  ['docs/rewards.md', 'reward-quoting-settings', rewardQuotingSettingsMarkdown],
];

describe('settings tables in the docs', () => {
  it.each(TABLES)('%s holds the table of every setting as the schema describes it (UPDATE_DOCS=1 rewrites it)', (page, marker, table) => {
    const start = `<!-- ${marker}:start -->`;
    const end = `<!-- ${marker}:end -->`;
    const file = join(packageRoot(), page);
    const text = readFileSync(file, 'utf8');
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    const want = `${start}\n${table()}\n${end}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(file, text.slice(0, a) + want + text.slice(b + end.length));
    else expect(text.slice(a, b + end.length), 'run UPDATE_DOCS=1 npx vitest run test/docs/settings-tables.test.ts').toBe(want);
  });
});
