/**
 * Configuration flags on the command line: with and without `=`, a missing value is a usage
 * error (exit 2), boolean flags alone mean true and otherwise take only the boolean words, and a
 * broken --config file is named in one line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneLine, tmpDir } from './cli-support.js';
import { cli } from './run-cli.js';

describe('flags', () => {
  it('a configuration flag without its value is a usage error (exit 2)', async () => {
    for (const argv of [
      ['check-config', '--config'],
      ['check-config', '--log-level', '--venue-mode', 'live'],
    ]) {
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

  it('a boolean flag followed by another word gives the boolean rule, naming the flag (not "unexpected argument")', async () => {
    for (const [argv, flag, key, value] of [
      [['run', '--fault-frozen-books', 'maybe'], 'fault-frozen-books', 'sim.faults.frozenBooks', 'maybe'],
      [['check-config', '--fault-frozen-books=maybe'], 'fault-frozen-books', 'sim.faults.frozenBooks', 'maybe'],
      [['--kill-switch', 'sometimes', 'run'], 'kill-switch', 'risk.killSwitch', 'sometimes'],
      [['check-config', '--monitor-only', 'enabled'], 'monitor-only', 'trading.monitorOnly', 'enabled'],
      [['check-config', '--accept-position-mismatch='], 'accept-position-mismatch', 'lifecycle.acceptPositionMismatch', ''],
    ] as const) {
      const r = await cli([...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      oneLine(r.stderr);
      expect(r.stderr).toBe(
        `makerd: flag --${flag} (${key}) must be a boolean (true/false, 1/0, yes/no, on/off): value was ${JSON.stringify(value)} (see makerd --help)\n`,
      );
    }
  });

  it('a boolean flag alone before the command or another flag still means true', async () => {
    const before = await cli(['--fault-frozen-books', 'check-config']);
    expect(before.code).toBe(0);
    expect(JSON.parse(before.stdout).sim.faults.frozenBooks).toBe(true);
    const last = await cli(['check-config', '--fault-frozen-books']);
    expect(JSON.parse(last.stdout).sim.faults.frozenBooks).toBe(true);
    for (const word of ['no', 'OFF', '0']) {
      const r = await cli(['check-config', '--fault-frozen-books', word]);
      expect(JSON.parse(r.stdout).sim.faults.frozenBooks, word).toBe(false);
    }
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
