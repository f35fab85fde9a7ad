/**
 * The user docs (README.md, every Markdown page under docs/, the folder READMEs) stand on their
 * own: a reader of the repository can follow every reference they make. So they name no file that
 * lives outside the repository (the team's design notes and the venue's own documents), link to
 * nothing outside it, and cite no issue numbers, which a user cannot look up.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();

/** Folders whose READMEs describe the code (searched recursively). */
const README_FOLDERS = ['src', 'strategies', 'ops', 'bench', 'soak', 'config'];

function walk(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}

const files = [
  'README.md',
  ...walk('docs').filter((f) => f.endsWith('.md')),
  ...README_FOLDERS.flatMap(walk).filter((f) => /^readme(\.[a-z]+)?$/i.test(f.split(/[\\/]/).pop()!)),
].sort();

/** Names that are never the repository's: the design notes and the venue's documents kept beside it. */
const OUTSIDE_NAMES: readonly [RegExp, string][] = [
  [/\bdesign\.md\b/i, 'names design.md, a file outside the repository'],
  [/\bvenue-api(\.md)?\b/i, 'names venue-api.md, a file outside the repository'],
  // config/venue-facts.json is the repository's own data file (the published figures as data).
  [/\bvenue-facts(?!\.json)(\.md)?\b/i, 'names venue-facts.md, a file outside the repository'],
  [/\bvenue-vectors(\.json)?\b/i, 'names venue-vectors.json, a reference file kept outside the repository'],
  [/(^|[^\w.])(\.\.\/)+shared\b/, 'names a ../shared path, outside the repository'],
];

/** Issue references: "issue 17", "issue #17", "issues 15 and 17", "the issue's bar", a bare "#17". */
const ISSUE_PATTERNS: readonly [RegExp, string][] = [
  [/\bissues?\s*#?\d+/i, 'cites an issue number'],
  [/\bissue['’]s\b/i, 'cites an issue ("issue\'s")'],
  [/(^|[^\w&#/])#\d{2,}\b/, 'cites an issue number (#N)'],
];

/** Inline links `[text](target "title")` and reference definitions `[label]: target`. */
function linkTargets(line: string): string[] {
  const targets = [...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
  if (definition !== null) targets.push(definition[1]!);
  return targets;
}

/** Why a link target leaves the repository, or undefined when it stays inside (or is not a file link). */
function linkProblem(file: string, target: string): string | undefined {
  if (target === '' || target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const path = decodeURI(target.replace(/[#?].*$/, ''));
  if (path === '') return undefined;
  if (path.startsWith('/')) return `links to the absolute path ${target}`;
  const rel = relative(root, resolve(root, dirname(file), path));
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return `links to ${target}, outside the repository`;
  }
  return undefined;
}

/** Every problem of one Markdown text, as `file:line: what`. */
function problemsOf(file: string, text: string): string[] {
  const problems: string[] = [];
  let fence: string | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    const where = `${file}:${i + 1}`;
    for (const [re, what] of OUTSIDE_NAMES) if (re.test(line)) problems.push(`${where}: ${what}`);
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    for (const target of linkTargets(line)) {
      const problem = linkProblem(file, target);
      if (problem !== undefined) problems.push(`${where}: ${problem}`);
    }
    // Link targets hold heading anchors such as `#20-seeds-…`: not issue numbers.
    const prose = line.replace(/\]\([^)]*\)/g, ']()').replace(/^\s{0,3}\[[^\]]+\]:.*$/, '');
    for (const [re, what] of ISSUE_PATTERNS) if (re.test(prose)) problems.push(`${where}: ${what}`);
  }
  return problems;
}

describe('the user docs stand on their own', () => {
  it('covers the README, the docs pages and the folder READMEs', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/configuration.md');
    expect(files).toContain('docs/venue.md');
    expect(files.filter((f) => /README\.md$/.test(f) && f !== 'README.md').length).toBeGreaterThan(5);
  });

  it.each(files)('%s names no file outside the repository and no issue number', (f) => {
    expect(problemsOf(f, readFileSync(join(root, f), 'utf8'))).toEqual([]);
  });
});

describe('the check itself', () => {
  const page = 'docs/page.md';

  it.each([
    ['the design notes', 'as design.md section 3 says'],
    ['the venue document', 'signed (venue-api.md section 5)'],
    ['the venue facts', 'see venue-facts.md'],
    ['the signing vectors', 'every vector of venue-vectors.json'],
    ['a shared path', 'the contract (`../shared/contract.md`)'],
    ['a link out of the repository', 'the [contract](../../elsewhere/contract.md#signing)'],
    ['a reference link out of the repository', '[contract]: ../../elsewhere/contract.md'],
    ['an absolute link', 'the [contract](/work/shared/contract.md)'],
    ['an issue number', 'after issue 17 merged'],
    ['an issue number with #', 'as issue #17 asked'],
    ['several issue numbers', 'after issues 15, 17 and 19'],
    ["an issue's bar", "the issue's bar holds"],
    ['a bare #N', 'fixed in #15'],
  ])('finds %s', (_what, line) => {
    const problems = problemsOf(page, `# Title\n\n${line}\n`);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p).toMatch(/^docs\/page\.md:3: /);
  });

  it('names the file and line of each problem', () => {
    expect(problemsOf('README.md', 'one\ntwo issue 3\nthree')).toEqual(['README.md:2: cites an issue number']);
  });

  it.each([
    ['a link inside the repository', 'see [the executor](executor.md#what-tick-to-dispatch-measures) and [top](../README.md)'],
    ['a link from a folder README to a docs page', '[docs/lifecycle.md](../../docs/lifecycle.md)'],
    ['a heading anchor starting with digits', '[Measured results](measured-results.md#20-seeds-6-market-hours-each)'],
    ['a link to the web', '[RFC 2104](https://www.rfc-editor.org/rfc/rfc2104)'],
    ['an issue word without a number', 'a known issue with the clock'],
    ["the repository's own facts data file", '`makerd survey --compare config/venue-facts.json`'],
    ['a short # number', 'item #1 of the list'],
    ['an HTML entity', 'a &#8212; dash'],
  ])('lets %s pass', (_what, line) => {
    const file = line.includes('../../docs') ? 'src/lifecycle/README.md' : page;
    expect(problemsOf(file, `# Title\n\n${line}\n`)).toEqual([]);
  });

  it('checks no issue numbers inside code fences, but file names everywhere', () => {
    expect(problemsOf(page, '```\nrun 17 of issue 17 (#17)\n```\n')).toEqual([]);
    expect(problemsOf(page, '```\ncat ../shared/design.md\n```\n')).toHaveLength(2);
  });
});
