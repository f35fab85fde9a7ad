/**
 * `makerd backtest --ends-every SEC [--resolve-after SEC]`: markets that end within the runs, from
 * the flags (else sim.ends.*), with quoting.stopBeforeEndSec as the stop; refused with a replay
 * and with a value that is not a count; the settlement figure in the JSON.
 */
import { describe, expect, it } from 'vitest';
import { parseBacktestArgs } from '../../src/cli/commands/backtest-args.js';
import { backtestSettings } from '../../src/cli/commands/backtest.js';
import { loadConfig } from '../../src/config/load.js';
import { cli } from '../cli/run-cli.js';

describe('makerd backtest --ends-every', () => {
  it('schedules ends from the flags, else from sim.ends.*, with the stop of quoting.stopBeforeEndSec', () => {
    const { config } = loadConfig({ env: { MAKERD_QUOTING_STOP_BEFORE_END_SEC: '90' } });
    const given = backtestSettings(config, parseBacktestArgs(['--ends-every', '600', '--resolve-after', '30']));
    expect(given.ends).toEqual({ everySec: 600, resolveAfterSec: 30 });
    expect(given.stopBeforeEndSec).toBe(90);
    // Without the flag: sim.ends.everySec (0 by default: none ends).
    expect(backtestSettings(config, parseBacktestArgs([])).ends).toBeUndefined();
    const fromEnv = loadConfig({ env: { MAKERD_SIM_ENDS_EVERY_SEC: '1200' } }).config;
    expect(backtestSettings(fromEnv, parseBacktestArgs([])).ends).toEqual({ everySec: 1200, resolveAfterSec: 60 });
    // --ends-every 0 turns the configuration's ends off.
    expect(backtestSettings(fromEnv, parseBacktestArgs(['--ends-every', '0'])).ends).toBeUndefined();
  });

  it('refuses a value that is not a count, and the flags with a replay', () => {
    expect(() => parseBacktestArgs(['--ends-every', '-5'])).toThrow(
      'backtest: --ends-every must be an integer >= 0 and <= 1000000 (got "-5")',
    );
    expect(() => parseBacktestArgs(['--resolve-after', '1.5'])).toThrow(
      'backtest: --resolve-after must be an integer >= 0 and <= 1000000 (got "1.5")',
    );
    expect(() => parseBacktestArgs(['--replay', 'x', '--ends-every', '60'])).toThrow(/--ends-every is an option of the synthetic flow/);
  });

  it('reports the settlement of each run and the markets resolved in the JSON', async () => {
    const run = await cli([
      'backtest',
      '--world',
      'demo',
      '--strategy',
      'bands',
      '--markets',
      '2',
      '--hours',
      '0.5',
      '--seeds',
      '1',
      '--ends-every',
      '600',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      settings: { ends: unknown };
      strategies: {
        summary: Record<string, unknown>;
        perRun: { settlement: string; resolved: unknown[]; ordersAtEnd: number; realizedPnl: string }[];
      }[];
    };
    expect(out.settings.ends).toEqual({ everySec: 600, resolveAfterSec: 60, stopBeforeEndSec: 300 });
    const r = out.strategies[0]!.perRun[0]!;
    expect(r.settlement).toMatch(/^-?\d+\.\d{6}$/);
    expect(r.resolved.length).toBeGreaterThanOrEqual(2);
    expect(r.ordersAtEnd).toBe(0);
    expect(out.strategies[0]!.summary).toHaveProperty('settlement');
  });
});
