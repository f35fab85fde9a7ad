/** A DaemonContext for one phase test: configuration from env (live mode against `h` when given), captured log lines. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock/clock.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import type { DaemonContext } from '../../src/daemon/daemon-context.js';
import { liveEnvFor } from '../support/live-env.js';
import { logCapture } from '../support/log-capture.js';
import type { SimHarness } from '../support/sim-harness.js';

export function phaseContext(h: SimHarness | undefined, env: NodeJS.ProcessEnv = {}, clock: Clock = h?.clock ?? new FakeClock()) {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-phase-')), 'data');
  const base = { MAKERD_DATA_DIR: dataDir, MAKERD_METRICS_PORT: '0', ...env };
  const { config } = loadConfig({ env: h === undefined ? base : liveEnvFor(h, base) });
  const { logger, lines } = logCapture();
  const stop = new AbortController();
  const ctx: DaemonContext = { config, clock, logger, stop: stop.signal };
  return { ctx, lines, stop, dataDir };
}
