/**
 * The ops files are read by Docker and systemd, not by this test suite: check statically that
 * they point at files that exist, binaries the package builds and variables the schema declares.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/config/schema.js';
import { SCHEMA_LEAVES } from '../../src/config/schema-leaves.js';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();
const read = (p: string): string => readFileSync(join(root, p), 'utf8');
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; scripts: Record<string, string> };
const binPath = pkg.bin.makerd!;

const ENV = new Set(SCHEMA_LEAVES.map((l) => l.env).filter((e): e is string => e !== undefined));

describe('Dockerfile', () => {
  const docker = read('Dockerfile');
  const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter(Boolean);
  const [buildStage, runStage] = docker.split(/^FROM .*$/m).slice(1);

  it('copies only files that exist and are not excluded from the build context', () => {
    const copies = [...docker.matchAll(/^COPY (?!--from)(.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/).slice(0, -1)).flat();
    expect(copies.length).toBeGreaterThan(0);
    for (const src of copies) {
      expect(existsSync(join(root, src)), src).toBe(true);
      expect(ignored, src).not.toContain(src);
    }
  });

  it('gives the build stage every folder the build compiles, and the runtime config/ and dist/', () => {
    const build = JSON.parse(read('tsconfig.build.json')) as { include: string[] };
    for (const dir of build.include) expect(buildStage, dir).toMatch(new RegExp(`^COPY ${dir} `, 'm'));
    expect(buildStage).toMatch(/^RUN npm ci/m); // npm ci runs `prepare`, which builds dist/
    expect(pkg.scripts.prepare).toMatch(/build/);
    expect(runStage).toMatch(/^COPY config \.\/config$/m); // packageRoot() needs package.json + config/
    expect(runStage).toMatch(/^COPY package\.json \.\/$/m);
    expect(runStage).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it('starts the package binary, and sets only declared variables', () => {
    expect(docker).toContain(`ENTRYPOINT ["node", "${binPath}"]`);
    for (const m of docker.matchAll(/\b(MAKERD_[A-Z0-9_]+)=/g)) expect(ENV.has(m[1]!), m[1]).toBe(true);
  });
});

describe('systemd unit', () => {
  const unit = read('ops/systemd/makerd.service');

  it('runs the package binary with the daemon command', () => {
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node /opt/makerd/${binPath.replace(/\./g, '\\.')} run `, 'm'));
  });

  it('sets only declared variables, and reads the secrets from credential files', () => {
    const vars = [...unit.matchAll(/^Environment=(MAKERD_[A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    for (const v of vars) expect(ENV.has(v), v).toBe(true);
    expect(vars).toEqual(expect.arrayContaining(['MAKERD_VENUE_SECRET_FILE', 'MAKERD_VENUE_PASSPHRASE_FILE']));
    expect(unit).not.toMatch(/MAKERD_VENUE_(SECRET|PASSPHRASE)=/);
    expect(unit).toMatch(/^LoadCredentialEncrypted=venue-secret:/m);
  });

  it('gives the stop time to cancel orders with SIGTERM', () => {
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThanOrEqual(15);
  });
});

describe('Prometheus scrape configuration', () => {
  it('scrapes the default metrics port', () => {
    expect(read('ops/prometheus/prometheus.yml')).toContain(`127.0.0.1:${schema.metrics.port.default}`);
  });
});
