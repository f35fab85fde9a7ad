/** docs/configuration.md carries the configuration table generated from the schema, kept current. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDocMarkdown } from '../../src/cli/config-doc.js';
import { CONFIG_DOC_END, CONFIG_DOC_START, generatedPart, spliceConfigDoc } from '../../src/cli/config-doc-page.js';
import { packageRoot } from '../../src/package-root.js';

const PAGE = 'docs/configuration.md';
const page = readFileSync(join(packageRoot(), PAGE), 'utf8');

describe('the configuration reference page', () => {
  it('holds exactly the table the schema renders now', () => {
    const table = generatedPart(page);
    expect(table, `${PAGE} lacks the lines ${CONFIG_DOC_START} and ${CONFIG_DOC_END}`).toBeDefined();
    expect(
      table === configDocMarkdown(),
      `${PAGE}'s configuration table differs from the schema: regenerate it with \`npm run docs:config\` (makerd config-doc --write ${PAGE}) and commit the page`,
    ).toBe(true);
  });

  it('has the markers once each, the table under "Every key"', () => {
    expect(page.split(CONFIG_DOC_START)).toHaveLength(2);
    expect(page.split(CONFIG_DOC_END)).toHaveLength(2);
    expect(page.indexOf('\n## Every key\n')).toBeGreaterThan(0);
    expect(page.indexOf(CONFIG_DOC_START)).toBeGreaterThan(page.indexOf('\n## Every key\n'));
  });
});

describe('spliceConfigDoc', () => {
  const table = '| key |\n|---|\n| `a` |\n';
  const doc = `# T\n\nprose before\n\n${CONFIG_DOC_START}\n\n| old |\n|---|\n\n${CONFIG_DOC_END}\n\nprose after\n`;

  it('replaces the table between the markers and keeps the prose around them', () => {
    const out = spliceConfigDoc(doc, table, 'x.md');
    expect(out).toBe(`# T\n\nprose before\n\n${CONFIG_DOC_START}\n\n| key |\n|---|\n| \`a\` |\n\n${CONFIG_DOC_END}\n\nprose after\n`);
    expect(generatedPart(out)).toBe(table);
  });

  it('gives the same page when run twice', () => {
    const once = spliceConfigDoc(doc, table, 'x.md');
    expect(spliceConfigDoc(once, table, 'x.md')).toBe(once);
  });

  it('refuses a page without the markers, naming the page and the markers', () => {
    expect(() => spliceConfigDoc('# T\n', table, 'docs/x.md')).toThrow(
      `docs/x.md has no generated section: it needs the lines ${CONFIG_DOC_START}`,
    );
    expect(() => spliceConfigDoc(`${CONFIG_DOC_END}\n${CONFIG_DOC_START}\n`, table, 'docs/x.md')).toThrow('in that order');
    expect(generatedPart('# T\n')).toBeUndefined();
  });
});
