import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { PHASES, PhaseRunner } from '../../src/daemon/phase-runner.js';
import { logCapture } from '../support/log-capture.js';

describe('PhaseRunner', () => {
  it('marks the phase in progress and logs its start and its end with the duration', async () => {
    const clock = new FakeClock(1_000);
    const { logger, lines } = logCapture();
    const phases = new PhaseRunner(clock, logger);
    expect(phases.current).toBe('starting');
    const seen: string[] = [];
    const out = await phases.run('select-markets', async () => {
      seen.push(phases.current);
      clock.advance(412);
      return 7;
    });
    expect(out).toBe(7);
    expect(seen).toEqual(['select-markets']);
    expect(phases.current).toBe('select-markets');
    expect(lines.map(({ msg, phase, durationMs }) => ({ msg, phase, durationMs }))).toEqual([
      { msg: 'phase started', phase: 'select-markets', durationMs: undefined },
      { msg: 'phase finished', phase: 'select-markets', durationMs: 412 },
    ]);
  });

  it('logs a failed phase with its error and passes the error on unchanged', async () => {
    const clock = new FakeClock(1_000);
    const { logger, lines } = logCapture();
    const phases = new PhaseRunner(clock, logger);
    const boom = new Error('venue unreachable');
    await expect(
      phases.run('open-venue', () => {
        clock.advance(30);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(phases.current).toBe('open-venue');
    expect(lines.at(-1)).toMatchObject({ msg: 'phase failed', phase: 'open-venue', durationMs: 30, err: 'venue unreachable' });
  });

  it('is stopped after the stop phase, whatever its outcome', async () => {
    const phases = new PhaseRunner(new FakeClock(), logCapture().logger);
    await phases.run('trade', () => undefined);
    expect(phases.current).toBe('trade');
    await expect(phases.run('stop', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(phases.current).toBe('stopped');
  });

  it('names the phases in the order of a run', () => {
    expect(PHASES[0]).toBe('check-config');
    expect(PHASES.indexOf('cancel-orphans')).toBeLessThan(PHASES.indexOf('count-missed-fills'));
    expect(PHASES.indexOf('count-missed-fills')).toBeLessThan(PHASES.indexOf('reconcile-positions'));
    expect(PHASES.slice(-3)).toEqual(['start-quoting', 'trade', 'stop']);
  });
});
