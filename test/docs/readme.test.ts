/** The README is the users' front door: short, the two commands first, a link to every docs page. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pages = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('README', () => {
  it('starts with the two set-up commands', () => {
    const setup = readme.indexOf('## Set-up: two commands');
    expect(setup).toBeGreaterThan(0);
    expect(readme.indexOf('`npm ci && npm start`')).toBeGreaterThan(setup);
    expect(readme.indexOf('`npm ci && npm test`')).toBeGreaterThan(setup);
    // The set-up is the first section: nothing comes between the introduction and it.
    expect(readme.indexOf('\n## ')).toBe(setup - 1);
    expect(readme.indexOf('`npm ci && npm test`')).toBeLessThan(readme.indexOf('\n## ', setup + 1));
  });

  it('.ci/run runs exactly the README test command', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(
      ci
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
    ).toContain('npm ci && npm test');
  });

  it('is at most 300 lines', () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(300);
  });

  it('links to every page of docs/', () => {
    expect(pages.length).toBeGreaterThanOrEqual(13);
    for (const p of pages) expect(readme, `docs/${p}`).toContain(`](docs/${p})`);
  });

  it('links only to docs pages that exist', () => {
    const linked = [...readme.matchAll(/\]\(docs\/([^)#]+\.md)[)#]/g)].map((m) => m[1]!);
    for (const p of linked) expect(existsSync(join(root, 'docs', p)), `docs/${p}`).toBe(true);
  });

  it('has a docs page per topic of the issue that asked for them', () => {
    for (const p of [
      'configuration.md',
      'markets.md',
      'strategies.md',
      'risk.md',
      'executor.md',
      'fills-and-pnl.md',
      'lifecycle.md',
      'operations.md',
      'simulator.md',
      'backtesting.md',
      'cli.md',
      'sharding.md',
      'measured-results.md',
    ])
      expect(pages).toContain(p);
  });
});

describe('each docs page', () => {
  it.each(pages)('%s has a title, a link back to the README and a short introduction', (p) => {
    const text = readFileSync(join(root, 'docs', p), 'utf8');
    const [title, blank, intro] = text.split('\n');
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe('');
    expect(intro).toMatch(/^\[← README\]\(\.\.\/README\.md\) · \S/);
  });
});
