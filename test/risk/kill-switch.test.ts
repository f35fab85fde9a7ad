/** The kill-switch file in the data directory and the config flag, on a real temporary directory. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { KillSwitch, RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { T0, bid, view } from './view-fixture.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'makerd-risk-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function harness(opts: { fileName?: string; flag?: boolean } = {}) {
  const gate = new RiskGate(validateRiskLimits({}));
  const logs: string[] = [];
  const logger = {
    warn: (obj: object, msg: string) => logs.push(`warn ${msg} ${JSON.stringify(obj)}`),
    info: (obj: object, msg: string) => logs.push(`info ${msg} ${JSON.stringify(obj)}`),
  };
  const ks = new KillSwitch({ dataDir: dir, gate, logger, ...opts });
  return { gate, ks, logs };
}

describe('KillSwitch', () => {
  it('halts everything while the file exists and resumes when it is removed', () => {
    const { gate, ks, logs } = harness();
    const file = join(dir, 'KILL');
    expect(ks.path).toBe(file);
    expect(ks.check()).toBe(false);
    expect(gate.overallState()).toBe('ACTIVE');
    expect(logs).toEqual([]);

    writeFileSync(file, '');
    expect(ks.check()).toBe(true);
    expect(ks.engaged).toBe(true);
    expect(gate.overallState()).toBe('HALTED');
    expect(gate.snapshot().killSwitchSource).toBe(`file ${file}`);
    expect(gate.evaluate(view(), [bid('0.48', 10)], T0)).toMatchObject({ approved: [], pulled: true, refused: { 'kill-switch': 1 } });
    expect(ks.check()).toBe(true); // no change: not logged again

    rmSync(file);
    expect(ks.check()).toBe(false);
    expect(gate.overallState()).toBe('ACTIVE');
    expect(gate.evaluate(view(), [bid('0.48', 10)], T0).approved).toHaveLength(1);
    expect(logs).toEqual([
      `warn kill switch engaged: every market halted, every order cancelled ${JSON.stringify({ source: `file ${file}`, file, flag: false })}`,
      `info kill switch released: trading resumes ${JSON.stringify({ file })}`,
    ]);
  });

  it('the config flag halts without the file, and the file keeps it halted when the flag is lifted', () => {
    const { gate, ks } = harness({ flag: true });
    expect(ks.check()).toBe(true);
    expect(gate.snapshot().killSwitchSource).toBe('config risk.killSwitch');
    writeFileSync(join(dir, 'KILL'), '');
    expect(ks.setFlag(false)).toBe(true);
    expect(gate.overallState()).toBe('HALTED');
    rmSync(join(dir, 'KILL'));
    expect(ks.check()).toBe(false);
    expect(ks.setFlag(true)).toBe(true);
    expect(gate.overallState()).toBe('HALTED');
  });

  it('names both sources when both are on at the change', () => {
    writeFileSync(join(dir, 'KILL'), '');
    const { gate, ks } = harness({ flag: true });
    ks.check();
    expect(gate.snapshot().killSwitchSource).toBe(`config risk.killSwitch and file ${join(dir, 'KILL')}`);
  });

  it('takes another file name', () => {
    const { gate, ks } = harness({ fileName: 'STOP' });
    writeFileSync(join(dir, 'KILL'), '');
    expect(ks.check()).toBe(false);
    writeFileSync(join(dir, 'STOP'), '');
    expect(ks.check()).toBe(true);
    expect(gate.overallState()).toBe('HALTED');
  });

  it('a file name with a path is a CONFIG error', () => {
    const gate = new RiskGate(validateRiskLimits({}));
    for (const fileName of ['../KILL', 'sub/KILL', '..', '']) {
      try {
        new KillSwitch({ dataDir: dir, gate, fileName });
        throw new Error('expected a CONFIG error');
      } catch (err) {
        expect(err).toBeInstanceOf(MakerdError);
        expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
        expect((err as MakerdError).message).toBe(
          `risk.killSwitchFile must be a plain file name inside data.dir (got ${JSON.stringify(fileName)})`,
        );
      }
    }
  });

  it('a missing data directory reads as no file', () => {
    const gate = new RiskGate(validateRiskLimits({}));
    const ks = new KillSwitch({ dataDir: join(dir, 'absent'), gate });
    expect(ks.check()).toBe(false);
  });
});
