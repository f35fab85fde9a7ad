/**
 * The Dockerfile cannot be built here (no image registry is reachable), so it is parsed with
 * dockerfile-ast, the parser of the Dockerfile language server, and held to the image rules:
 * multi-stage on a Node LTS, production dependencies only at run time, non-root, tini as PID 1
 * in front of an exec-form command, a HEALTHCHECK on /healthz, config and data volumes, SIGTERM,
 * and a documented stop timeout above the shutdown deadline.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Copy, DockerfileParser, type Instruction, JSONInstruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/config/schema.js';
import { SCHEMA_LEAVES } from '../../src/config/schema-leaves.js';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();
const text = readFileSync(join(root, 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(text);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
};
const shutdownDeadlineS = schema.lifecycle.shutdownDeadlineMs.default / 1000;

/** Instructions grouped by stage, each stage starting at its FROM. */
const stages: Instruction[][] = [];
for (const i of dockerfile.getInstructions()) {
  if (i.getKeyword() === 'FROM') stages.push([]);
  stages.at(-1)?.push(i);
}
const build = stages[0] ?? [];
const final = stages.at(-1) ?? [];
const of = (stage: Instruction[], keyword: string): Instruction[] => stage.filter((i) => i.getKeyword() === keyword);
const args = (i: Instruction): string => (i.getArgumentsContent() ?? '').replace(/\s+/g, ' ');
/** The JSON array of an exec-form instruction, or undefined in shell form. */
const execForm = (i: Instruction | undefined): string[] | undefined =>
  i instanceof JSONInstruction && i.getOpeningBracket() !== null && i.getClosingBracket() !== null
    ? i.getJSONStrings().map((s) => s.getJSONValue())
    : undefined;

describe('Dockerfile', () => {
  it('parses without instructions outside a stage', () => {
    expect(dockerfile.getInstructions()[0]?.getKeyword()).toBe('FROM');
    expect(stages.flat()).toHaveLength(dockerfile.getInstructions().length);
  });

  it('is multi-stage: the build stage compiles with the dev dependencies', () => {
    expect(dockerfile.getFROMs().length).toBeGreaterThanOrEqual(2);
    const runs = of(build, 'RUN').map(args);
    const ci = runs.find((r) => /\bnpm ci\b/.test(r));
    expect(ci, 'npm ci in the build stage').toBeDefined();
    expect(ci).not.toMatch(/--omit=dev|--production/); // TypeScript is a dev dependency
    expect(runs.some((r) => /\bnpm run build\b/.test(r) || (/\bnpm ci\b/.test(r) && !/--ignore-scripts/.test(r)))).toBe(true);
  });

  it('runs on a Node LTS line (an even major from 20)', () => {
    const from = dockerfile.getFROMs().at(-1)!;
    expect(from.getImageName()).toBe('node');
    const major = Number(/^(\d+)/.exec(from.getImageTag() ?? '')?.[1]);
    expect(major).toBeGreaterThanOrEqual(20);
    expect(major % 2).toBe(0);
    for (const f of dockerfile.getFROMs()) expect(f.getImageTag(), 'every stage on the same Node').toBe(from.getImageTag());
  });

  it('installs production dependencies only in the final stage, from the lockfile', () => {
    const installs = of(final, 'RUN')
      .map(args)
      .filter((r) => /\bnpm (ci|install|i)\b/.test(r));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/\bnpm ci\b/);
    expect(installs[0]).toMatch(/--omit=dev\b/);
    expect(installs[0]).toMatch(/--ignore-scripts\b/); // `prepare` would need TypeScript
    // node_modules never comes from the build stage (it holds the dev dependencies).
    for (const c of of(final, 'COPY')) {
      if (c instanceof Copy && c.getFromFlag() !== null) expect(args(c)).not.toMatch(/node_modules/);
    }
    const copied = of(final, 'COPY').map(args);
    expect(copied).toEqual(expect.arrayContaining(['/app/dist ./dist', 'config ./config']));
  });

  it('runs as a non-root user', () => {
    const users = of(final, 'USER').map(args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // The user is set before the command, after every RUN that needs root.
    const idx = (i: Instruction) => final.indexOf(i);
    const lastUser = idx(of(final, 'USER').at(-1)!);
    expect(Math.max(...of(final, 'RUN').map(idx))).toBeLessThan(lastUser);
  });

  it('starts node behind tini, in exec form', () => {
    const entrypoint = execForm(of(final, 'ENTRYPOINT').at(-1));
    const cmd = execForm(of(final, 'CMD').at(-1));
    expect(entrypoint, 'ENTRYPOINT in exec (JSON) form').toBeDefined();
    expect(cmd, 'CMD in exec (JSON) form').toBeDefined();
    expect(entrypoint![0]).toMatch(/(^|\/)tini$/);
    expect(entrypoint!.slice(1)).toEqual(['--', 'node', pkg.bin.makerd]);
    expect(cmd).toEqual(['run']);
    // tini is installed (as root) in this stage, at the path the entrypoint names.
    expect(
      of(final, 'RUN')
        .map(args)
        .some((r) => /apt-get install\b.*\btini\b/.test(r)),
    ).toBe(true);
    expect(entrypoint![0]).toBe('/usr/bin/tini');
  });

  it('checks health on /healthz with an exec-form command that needs no curl', () => {
    const checks = dockerfile.getHEALTHCHECKs();
    expect(checks).toHaveLength(1);
    const check = checks[0]!;
    expect(final).toContain(check);
    expect(check.getSubcommand()?.getValue()).toBe('CMD');
    const command = JSON.parse(args(check).replace(/^.*?\bCMD\s+/, '')) as string[];
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toMatch(/fetch\('http:\/\/127\.0\.0\.1:.*\/healthz'\)/);
    expect(command.join(' ')).toContain(String(schema.metrics.port.default));
    const flags = Object.fromEntries(check.getFlags().map((f) => [f.getName(), f.getValue()]));
    expect(Object.keys(flags)).toEqual(expect.arrayContaining(['interval', 'timeout', 'start-period']));
  });

  it('declares the config and data volumes, and points makerd at them', () => {
    const volumes = of(final, 'VOLUME').flatMap((v) => execForm(v) ?? args(v).split(' '));
    expect(volumes).toEqual(expect.arrayContaining(['/etc/makerd', '/var/lib/makerd']));
    const env = Object.fromEntries(dockerfile.getENVs().flatMap((e) => e.getProperties().map((p) => [p.getName(), p.getValue()])));
    expect(env.MAKERD_DATA_DIR).toBe('/var/lib/makerd');
    expect(env.MAKERD_METRICS_HOST).toBe('0.0.0.0'); // published ports reach the server
    expect(of(final, 'EXPOSE').map(args)).toContain(String(schema.metrics.port.default));
  });

  it('stops with SIGTERM, and documents a stop timeout above the shutdown deadline', () => {
    expect(of(final, 'STOPSIGNAL').map(args)).toEqual(['SIGTERM']);
    const comments = dockerfile
      .getComments()
      .map((c) => c.getContent())
      .join('\n');
    const stopT = [...comments.matchAll(/docker stop -t (\d+)|--stop-timeout (\d+)/g)].map((m) => Number(m[1] ?? m[2]));
    expect(stopT.length).toBeGreaterThan(0);
    for (const t of stopT) expect(t).toBeGreaterThan(shutdownDeadlineS);
  });

  it('copies only files that exist and that .dockerignore keeps in the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    const sources = of([...build, ...final], 'COPY')
      .filter((c) => c instanceof Copy && c.getFromFlag() === null)
      .flatMap((c) => args(c).split(' ').slice(0, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(existsSync(join(root, src)), src).toBe(true);
      expect(ignored, `${src} is excluded by .dockerignore`).not.toContain(src);
    }
    // Nothing secret or bulky reaches the daemon's build context.
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git', '.env']));
  });

  it('gives the build stage every folder the build compiles, and the runtime what packageRoot() needs', () => {
    const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    const buildCopies = of(build, 'COPY').map(args);
    for (const dir of tsconfig.include) expect(buildCopies, dir).toContain(`${dir} ./${dir}`);
    expect(pkg.scripts.build).toMatch(/tsconfig\.build\.json/);
    // package.json and config/ beside dist/: packageRoot() looks for both, config/default.json is read.
    const runCopies = of(final, 'COPY').map(args);
    expect(runCopies).toEqual(expect.arrayContaining(['package.json ./', 'config ./config']));
  });

  it('the compiled folders import nothing from outside them (test/ is not in the image)', () => {
    const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    const inside = (p: string): boolean => tsconfig.include.some((dir) => p === dir || p.startsWith(`${dir}/`));
    const files = tsconfig.include.flatMap((dir) => listTs(dir));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = posix.normalize(posix.join(posix.dirname(file), m[1]!));
        expect(inside(target), `${file} imports ${m[1]}`).toBe(true);
      }
    }
  });

  it('sets only variables that the configuration schema declares', () => {
    const declared = new Set(SCHEMA_LEAVES.map((l) => l.env).filter((e): e is string => e !== undefined));
    const set = dockerfile.getENVs().flatMap((e) => e.getProperties().map((p) => p.getName()));
    const mentioned = [...text.matchAll(/\b(MAKERD_[A-Z0-9_]+)\b/g)].map((m) => m[1]!);
    expect(set.filter((n) => n.startsWith('MAKERD_')).length).toBeGreaterThan(0);
    for (const name of new Set([...set.filter((n) => n.startsWith('MAKERD_')), ...mentioned])) expect(declared.has(name), name).toBe(true);
  });
});

/** The .ts files under a folder of the package, as paths relative to the package root. */
function listTs(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => posix.join(dir, f.split(/[\\/]/).join('/')));
}
