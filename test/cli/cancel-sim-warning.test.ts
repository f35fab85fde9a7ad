/**
 * One-shot commands in sim mode: with a `makerd run` (sim mode) on the same data dir they talk to
 * its simulator (announced in <data.dir>/sim.json) and say so; without one they warn that a fresh
 * embedded simulator knows nothing of any daemon's orders.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { logCapture } from '../support/log-capture.js';
import { tmpDir } from './cli-support.js';
import { cli } from './run-cli.js';

describe('one-shot commands in sim mode', () => {
  it('no daemon on the data dir: says that it cancels on a fresh embedded simulator', async () => {
    const dataDir = join(tmpDir(), 'data');
    const r = await cli(['cancel', '--order-id', '0xnothing'], {
      MAKERD_SIM_FLOW: 'false',
      MAKERD_SIM_MARKETS: '1',
      MAKERD_DATA_DIR: dataDir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      `makerd: warning: venue.mode is "sim": this cancels on a fresh embedded simulator, not on the venue nor a running daemon's (none runs on data.dir ${dataDir})`,
    );
  });

  it("a makerd run on the data dir: query reaches the daemon's own simulator, and the pointer goes with the daemon", async () => {
    const env = { MAKERD_SIM_FLOW: 'false', MAKERD_SIM_MARKETS: '2', MAKERD_METRICS_PORT: '0', MAKERD_DATA_DIR: join(tmpDir(), 'data') };
    const { config } = loadConfig({ env });
    const stop = new AbortController();
    const running = runDaemon(config, logCapture().logger, stop.signal);
    const pointer = join(config.data.dir, 'sim.json');
    try {
      await vi.waitFor(() => expect(existsSync(pointer)).toBe(true), { timeout: 10_000, interval: 20 });
      const { baseUrl, pid } = JSON.parse(readFileSync(pointer, 'utf8')) as { baseUrl: string; pid: number };
      expect(pid).toBe(process.pid);
      const requests = async (): Promise<number> =>
        ((await (await fetch(`${baseUrl}/_sim/stats`)).json()) as { requests_total: number }).requests_total;
      const before = await requests();
      const r = await cli(['query', 'orders'], env);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(
        `makerd: note: venue.mode is "sim": using the simulator of the makerd run on data.dir ${config.data.dir} (pid ${pid}, ${baseUrl})\n`,
      );
      expect(await requests()).toBeGreaterThan(before);
    } finally {
      stop.abort();
      await running;
    }
    expect(existsSync(pointer)).toBe(false);
  });
});
