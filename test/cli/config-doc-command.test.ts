/** `makerd config-doc`: prints the reference table, or rewrites it in a page with --write. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDocMarkdown } from '../../src/cli/config-doc.js';
import { CONFIG_DOC_END, CONFIG_DOC_START } from '../../src/cli/config-doc-page.js';
import { cli } from './run-cli.js';

function page(body: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'makerd-config-doc-')), 'configuration.md');
  writeFileSync(file, body);
  return file;
}

describe('makerd config-doc', () => {
  it('prints the table on stdout', async () => {
    const r = await cli(['config-doc']);
    expect(r).toEqual({ code: 0, stdout: configDocMarkdown(), stderr: '' });
  });

  it.each([['--write'], ['--write=']])('%s FILE rewrites the table between the markers of FILE', async (flag) => {
    const file = page(`# Configuration\n\nhand-written\n\n${CONFIG_DOC_START}\n| stale |\n${CONFIG_DOC_END}\n`);
    const argv = flag === '--write' ? ['config-doc', '--write', file] : ['config-doc', `--write=${file}`];
    const r = await cli(argv);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`config-doc: ${file} rewritten from the schema\n`);
    expect(readFileSync(file, 'utf8')).toBe(
      `# Configuration\n\nhand-written\n\n${CONFIG_DOC_START}\n\n${configDocMarkdown()}\n${CONFIG_DOC_END}\n`,
    );
    const again = await cli(['config-doc', '--write', file]);
    expect(again.stderr).toBe(`config-doc: ${file} was already current\n`);
  });

  it('fails naming the file when it has no markers, and leaves it alone', async () => {
    const file = page('# Configuration\n');
    const r = await cli(['config-doc', '--write', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`makerd: ${file} has no generated section`);
    expect(readFileSync(file, 'utf8')).toBe('# Configuration\n');
  });

  it.each([
    [['config-doc', 'extra'], "config-doc: unexpected argument 'extra'"],
    [['config-doc', '--write'], 'config-doc: --write needs a file'],
    [['config-doc', '--write', 'a.md', 'b.md'], "config-doc: unexpected argument 'b.md'"],
  ])('%j is a usage error', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
