/**
 * The CLI as an operator drives it: flags with and without `=`, usage errors with exit 2, ports
 * already taken, secrets from files, warnings, and `makerd run` stopping with exit 0.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.js';

const SECRET = 'c2VjcmV0LWZyb20tYS1maWxlLWZvci1jbGktdGVzdHM=';
const PASSPHRASE = '0123456789abcdef'.repeat(4);

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

function tmpDir(): string {
  return mkdtempSync(join(tmpdir(), 'makerd-cli-'));
}

/** Environment for an in-process `makerd run` in sim mode that binds nothing fixed. */
function runEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false', MAKERD_METRICS_PORT: '0', MAKERD_DATA_DIR: join(tmpDir(), 'data'), ...extra };
}

const oneLine = (s: string): void => expect(s.trim().split('\n')).toHaveLength(1);

describe('flags', () => {
  it('a configuration flag without its value is a usage error (exit 2)', async () => {
    for (const argv of [['check-config', '--config'], ['check-config', '--log-level', '--venue-mode', 'live']]) {
      const r = await cli(argv);
      expect(r.code).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toMatch(/^makerd: flag --(config|log-level) needs a value \(see makerd --help\)/);
    }
  });

  it('--config=FILE and --flag=value work as their spaced forms', async () => {
    const file = join(tmpDir(), 'makerd.json');
    writeFileSync(file, JSON.stringify({ poller: { intervalMs: 250 } }));
    const r = await cli(['check-config', `--config=${file}`, '--log-level=warn']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.poller.intervalMs).toBe(250);
    expect(printed.log.level).toBe('warn');
  });

  it('a boolean flag alone means true and does not swallow the next flag', async () => {
    const r = await cli(['check-config', '--fault-frozen-books', '--seed', 'abc']);
    expect(r.stderr).toMatch(/^configuration valid/m);
    const printed = JSON.parse(r.stdout);
    expect(printed.sim.faults.frozenBooks).toBe(true);
    expect(printed.sim.seed).toBe('abc');
    const off = JSON.parse((await cli(['check-config', '--fault-frozen-books', 'false'])).stdout);
    expect(off.sim.faults.frozenBooks).toBe(false);
  });

  it('a --config file that is not JSON: exit 1, one line naming the file', async () => {
    const file = join(tmpDir(), 'broken.json');
    writeFileSync(file, '{ "venue": ');
    const r = await cli(['check-config', '--config', file]);
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toContain(`makerd: MAKERD_ERR_CONFIG: --config: file ${JSON.stringify(file)} is not valid JSON`);
  });
});

describe('check-config', () => {
  it('masks secrets read from files (systemd credentials, Docker secrets)', async () => {
    const dir = tmpDir();
    writeFileSync(join(dir, 'venue-secret'), `${SECRET}\n`);
    writeFileSync(join(dir, 'venue-passphrase'), PASSPHRASE);
    const r = await cli(['check-config'], {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: 'https://venue.example',
      MAKERD_VENUE_ADDRESS: '0xabc',
      MAKERD_VENUE_API_KEY: '00000000-0000-4000-8000-000000000000',
      MAKERD_VENUE_SECRET_FILE: join(dir, 'venue-secret'),
      MAKERD_VENUE_PASSPHRASE_FILE: join(dir, 'venue-passphrase'),
    });
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.venue).toMatchObject({ secret: '[redacted]', passphrase: '[redacted]', secretFile: join(dir, 'venue-secret') });
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout + r.stderr).not.toContain(PASSPHRASE);
    expect(r.stderr).toBe(
      'configuration valid: mode=live, credentials complete, strategy bands (known: avellaneda, bands), markets none (start-up will stop), shard 0/1\n',
    );
  });

  it('prints warnings on stderr, JSON stays alone on stdout', async () => {
    const r = await cli(['check-config'], { MAKERD_LOG_LEVLE: 'debug' });
    expect(r.code).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toContain('warning: MAKERD_LOG_LEVLE: not a configuration variable (ignored)\n');
  });
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
    expect(r.stderr).toMatch(/the venue simulator cannot listen on 127\.0\.0\.1:\d+: the port is already in use \(EADDRINUSE\); change sim\.port or sim\.host/);
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

describe('makerd run stops with exit 0', () => {
  it('on the stop signal after it has started', async () => {
    const stop = new AbortController();
    const r = await cli(['run'], runEnv({ MAKERD_POLLER_INTERVAL_MS: '20' }), {
      stopSignal: stop.signal,
      onStdout: (out) => {
        if (out.includes('"msg":"market snapshot"')) stop.abort();
      },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const msgs = r.stdout.trim().split('\n').map((l) => JSON.parse(l).msg as string);
    expect(msgs.slice(-4)).toEqual(['stopping: no new orders; cancelling open orders', 'open orders cancelled', 'journal flushed', 'stopped']);
  });

  it('on a stop signal that arrives during start-up', async () => {
    const stop = new AbortController();
    stop.abort();
    const r = await cli(['run'], runEnv(), { stopSignal: stop.signal });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('"msg":"stopped"');
  });
});

describe('fatal errors that escape a command', () => {
  it('are one line, with the secret of the loaded configuration scrubbed', async () => {
    const { fatalLine } = await import('../../src/cli/cli.js');
    await cli(['check-config'], { MAKERD_VENUE_SECRET: SECRET });
    expect(fatalLine(new Error(`socket hang up\n  while sending ${SECRET}`))).toBe('makerd: fatal: socket hang up; while sending [redacted]\n');
  });
});

describe('cancel in sim mode', () => {
  it('says that it cancels on a fresh embedded simulator, not on the venue', async () => {
    const r = await cli(['cancel', '--order-id', '0xnothing'], { MAKERD_SIM_FLOW: 'false', MAKERD_SIM_MARKETS: '1' });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('makerd: warning: venue.mode is "sim": this cancels on a fresh embedded simulator, not on the venue');
  });
});
