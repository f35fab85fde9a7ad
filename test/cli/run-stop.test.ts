/** `makerd run` stops in order with exit 0 on the stop signal, also when it comes during start-up. */
import { describe, expect, it } from 'vitest';
import { runEnv } from './cli-support.js';
import { cli } from './run-cli.js';

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
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).msg as string)
      .filter((m) => !m.startsWith('phase '));
    expect(msgs.slice(-4)).toEqual([
      'stopping: no new orders; cancelling open orders',
      'no order placed by this run and none left by an earlier one: nothing to cancel',
      'journal flushed',
      'stopped',
    ]);
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
