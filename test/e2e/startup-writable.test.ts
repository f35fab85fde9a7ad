/**
 * An unwritable data dir is found at start-up, not at the first fill: `makerd run` exits 1 naming
 * the path, before any request reaches the venue (so before any order).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { unwritableDir } from '../support/unwritable-dir.js';

let h: SimHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('makerd run: start-up checks what it will write', () => {
  it.runIf(unwritableDir() !== undefined)('an unwritable data dir: exit 1 naming the path, nothing sent to the venue', async () => {
    h = await startSimHarness({ markets: 2, edgeLimits: { enabled: false } });
    const dir = unwritableDir()!;
    const r = await cli(['run'], liveEnvFor(h, { MAKERD_DATA_DIR: dir, MAKERD_METRICS_PORT: '0' }));
    expect(r.code).toBe(1);
    const fatal = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .find((l) => l.level === 'fatal')!;
    expect(fatal.msg).toMatch(new RegExp(`^MAKERD_ERR_CONFIG: data\\.dir: cannot write in ${JSON.stringify(dir)} \\(E[A-Z]+\\)$`));
    expect(r.stderr).toContain(`cannot write in ${JSON.stringify(dir)}`);
    expect((h.sim.stats() as { requests_total: number }).requests_total).toBe(0);
  });
});
