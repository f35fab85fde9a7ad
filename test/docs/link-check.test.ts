/**
 * `npm run lint:links` (part of `npm test`) runs remark-validate-links over every Markdown file of
 * the repository. This runs the same command with the same settings on a small tree with known
 * broken links, so a configuration that silently checks nothing (a plugin not loaded, a setting
 * that turns file or heading checks off) fails here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();
const dir = mkdtempSync(join(tmpdir(), 'makerd-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(files: Record<string, string>): { status: number | null; out: string } {
  const tree = mkdtempSync(join(dir, 'tree-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(tree, name, '..'), { recursive: true });
    writeFileSync(join(tree, name), text);
  }
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/remark-cli/cli.js'),
      '--rc-path',
      join(root, '.remarkrc.json'),
      '--frail',
      '--quiet',
      '--no-stdout',
      '--no-color',
      '.',
    ],
    { cwd: tree, encoding: 'utf8' },
  );
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the link checker (npm run lint:links)', () => {
  const page = '# A heading\n\n[back](../README.md#top)\n';

  it('accepts links to files and headings that exist', () => {
    const r = check({ 'README.md': '# Top\n\n## Part one\n\n[a](docs/a.md#a-heading) [b](#part-one) [c](docs/)\n', 'docs/a.md': page });
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails on a missing file, a missing heading and a missing heading in another file, naming each', () => {
    const r = check({
      'README.md': '# Top\n\n[a](docs/missing.md) [b](#nope) [c](docs/a.md#also-nope)\n',
      'docs/a.md': page,
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('Cannot find file `docs/missing.md`');
    expect(r.out).toContain('Cannot find heading for `#nope`');
    expect(r.out).toContain('Cannot find heading for `#also-nope` in `docs/a.md`');
  });
});
