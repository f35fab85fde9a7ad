/** The README is the users' front door: keep what it states in step with the code. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDocMarkdown } from '../../src/cli/config-doc.js';
import { queryHelp } from '../../src/cli/commands/query.js';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('starts with the two set-up commands', () => {
    const setup = readme.indexOf('## Set-up: two commands');
    expect(setup).toBeGreaterThan(0);
    expect(readme.indexOf('`npm ci && npm start`')).toBeGreaterThan(setup);
    expect(readme.indexOf('`npm ci && npm test`')).toBeGreaterThan(setup);
    expect(setup).toBeLessThan(readme.indexOf('## Configuration'));
  });

  it('.ci/run runs exactly the README test command', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci.split('\n').filter((l) => !l.startsWith('#')).join('\n')).toContain('npm ci && npm test');
  });

  it('documents every configuration key as the schema defines it', () => {
    expect(readme).toContain(configDocMarkdown().trimEnd());
  });

  it('lists every query with its parameters as the CLI does', () => {
    expect(readme).toContain(queryHelp().trimEnd());
  });
});
