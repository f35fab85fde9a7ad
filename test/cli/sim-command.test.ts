import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import { cli } from './run-cli.js';

describe('makerd sim', () => {
  it('prints the URLs and credentials as its first stdout line, serves, and stops on signal', async () => {
    const stop = new AbortController();
    let stdout = '';
    let stderr = '';
    let firstLine: (line: string) => void = () => {};
    const banner = new Promise<string>((r) => (firstLine = r));
    const done = runCli(['sim', '--port', '0', '--seed', 'cli-test', '--markets', '3', '--log-level', 'silent'], {
      stdout: {
        write: (s: string) => {
          stdout += s;
          if (stdout.includes('\n')) firstLine(stdout.split('\n')[0]!);
        },
      },
      stderr: { write: (s: string) => (stderr += s) },
      env: { MAKERD_SIM_FLOW: 'false' },
      stopSignal: stop.signal,
    });
    const info = JSON.parse(await banner);
    expect(Object.keys(info)).toEqual(['baseUrl', 'wsUrl', 'address', 'apiKey', 'passphrase', 'secret']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(info.apiKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.passphrase).toMatch(/^[0-9a-f]{64}$/);

    const markets = (await (await fetch(`${info.baseUrl}/markets`)).json()) as { data: unknown[] };
    expect(markets.data).toHaveLength(3);

    stop.abort();
    expect(await done).toBe(0);
    expect(stderr).toBe('');
    await expect(fetch(`${info.baseUrl}/markets`)).rejects.toThrow();
  });

  it('gives the same credentials for the same seed', async () => {
    const first = async (): Promise<string> => {
      const stop = new AbortController();
      let out = '';
      let resolve: (s: string) => void = () => {};
      const line = new Promise<string>((r) => (resolve = r));
      const done = runCli(['sim', '--seed', 'same', '--markets', '2', '--log-level', 'silent'], {
        stdout: {
          write: (s: string) => {
            out += s;
            if (out.includes('\n')) resolve(out.split('\n')[0]!);
            return true;
          },
        },
        stderr: { write: () => true },
        env: { MAKERD_SIM_FLOW: 'false' },
        stopSignal: stop.signal,
      });
      const l = await line;
      stop.abort();
      await done;
      const { baseUrl: _b, wsUrl: _w, ...creds } = JSON.parse(l);
      return JSON.stringify(creds);
    };
    expect(await first()).toBe(await first());
  });
});

describe('makerd sim --help', () => {
  it('lists the simulator flags and every fault flag with what it does', async () => {
    const r = await cli(['sim', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: makerd sim \[options\]/);
    for (const flag of ['--port', '--seed', '--markets']) expect(r.stdout).toContain(`\n  ${flag} `);
    const faults = r.stdout.split('\nFaults')[1]!;
    for (const flag of [
      'fault-latency-ms',
      'fault-latency-jitter-ms',
      'fault-error-rate',
      'fault-reset-rate',
      'fault-malformed-rate',
      'fault-malformed-kind',
      'fault-frozen-books',
      'fault-ws-drop-rate',
      'fault-throttle-storm-ms',
      'fault-maintenance-ms',
      'fault-huge-books',
      'fault-giant-answers-mb',
      'fault-stream-flood-mb',
      'fault-stream-flood-per-sec',
      'fault-trickle',
      'fault-deep-json',
      'fault-garbage',
    ])
      expect(faults).toContain(`\n  --${flag} `);
    expect(faults).toMatch(/\n {2}--fault-latency-ms +Added latency per response \(MAKERD_SIM_FAULT_LATENCY_MS\)\n/);
    expect(faults).toContain('/_sim/faults');
  });
});
