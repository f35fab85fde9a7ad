/**
 * Start-up errors an operator meets first: a port already in use (metrics or simulator) and a data
 * directory that cannot be created: exit 1, one line naming the server or key to change.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLine, runEnv, SECRET, tmpDir } from './cli-support.js';
import { cli } from './run-cli.js';

let busy: Server;
let busyPort: number;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  busyPort = (busy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((r) => busy.close(() => r()));
});

describe('ports already in use', () => {
  it('makerd run: exit 1, one line naming the server and the key', async () => {
    const r = await cli(['run'], runEnv({ MAKERD_METRICS_PORT: String(busyPort) }));
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toBe(
      `makerd: MAKERD_ERR_CONFIG: the metrics server cannot listen on 127.0.0.1:${busyPort}: the port is already in use (EADDRINUSE); change metrics.port or metrics.host\n`,
    );
    // The daemon's JSON log says why it stopped, too.
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(last).toMatchObject({ level: 'fatal', code: 'MAKERD_ERR_CONFIG' });
  });

  it('makerd run with the simulator port taken closes its metrics server and names sim.port', async () => {
    const r = await cli(['run'], runEnv({ MAKERD_SIM_PORT: String(busyPort) }));
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(
      /the venue simulator cannot listen on 127\.0\.0\.1:\d+: the port is already in use \(EADDRINUSE\); change sim\.port or sim\.host/,
    );
    const metricsUrl = JSON.parse(r.stdout.split('\n')[0]!).url as string;
    await expect(fetch(`${metricsUrl}/healthz`)).rejects.toThrow();
  });

  it('makerd sim --port N', async () => {
    const r = await cli(['sim', '--port', String(busyPort), '--log-level', 'silent']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^makerd: MAKERD_ERR_CONFIG: the venue simulator cannot listen on 127\.0\.0\.1:\d+: .*change sim\.port/);
  });

  it('a data directory that cannot be created is named', async () => {
    const file = join(tmpDir(), 'a-file');
    writeFileSync(file, '');
    const r = await cli(['run'], runEnv({ MAKERD_DATA_DIR: join(file, 'data') }));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^makerd: MAKERD_ERR_CONFIG: data\.dir: cannot create ".*a-file\/data" \(ENOTDIR\)\n$/);
  });
});

describe('a start-up failure after the venue was opened', () => {
  it('makerd run with an empty passphrase: exit 1, and the log says exit 1 too (never "stopped exitCode 0")', async () => {
    const r = await cli(
      ['run'],
      runEnv({
        MAKERD_VENUE_MODE: 'live',
        MAKERD_VENUE_BASE_URL: 'http://127.0.0.1:9',
        MAKERD_VENUE_ADDRESS: `0x${'ab'.repeat(20)}`,
        MAKERD_VENUE_API_KEY: 'key',
        MAKERD_VENUE_PASSPHRASE: '',
        MAKERD_VENUE_SECRET: SECRET,
      }),
    );
    expect(r.code).toBe(1);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; exitCode?: number; level: string });
    expect(lines.filter((l) => l.exitCode !== undefined).map((l) => [l.msg, l.exitCode])).toEqual([['stopped after a failure', 1]]);
    expect(lines.at(-1)).toMatchObject({ level: 'fatal', code: 'MAKERD_ERR_CONFIG' });
  });
});
