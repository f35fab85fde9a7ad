/** A stream whose reader went away: writes never throw, later lines are dropped and counted. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardStream } from '../../src/log/guarded-stream.js';
import { createRegistry } from '../../src/metrics/registry.js';

class FakeStream extends EventEmitter {
  readonly written: string[] = [];
  throwOnWrite: Error | undefined;
  write(s: string): boolean {
    if (this.throwOnWrite) throw this.throwOnWrite;
    this.written.push(s);
    return true;
  }
}

const epipe = (): Error => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });

describe('guardStream', () => {
  it('drops and counts the lines written after an error event; tells its listener once', () => {
    const s = new FakeStream();
    const g = guardStream(s, 'stdout');
    const told: string[] = [];
    g.onBroken((code) => told.push(code));
    g.write('a\n');
    s.emit('error', epipe());
    s.emit('error', epipe());
    g.write('b\n');
    g.write('c\n');
    expect(s.written).toEqual(['a\n']);
    expect(g.brokenBy).toBe('EPIPE');
    expect(g.dropped).toBe(2);
    expect(told).toEqual(['EPIPE']);
  });

  it('a write that throws breaks the stream instead of the caller', () => {
    const s = new FakeStream();
    const g = guardStream(s, 'stderr');
    s.throwOnWrite = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => g.write('x\n')).not.toThrow();
    expect(g.brokenBy).toBe('EIO');
    expect(g.dropped).toBe(1);
  });

  it('the dropped lines are on /metrics as makerd_log_lines_dropped_total{stream}', async () => {
    const before = await dropped();
    const s = new FakeStream();
    const g = guardStream(s, 'stdout');
    s.emit('error', epipe());
    for (let i = 0; i < 3; i++) g.write('x\n');
    expect((await dropped()) - before).toBe(3);
  });
});

async function dropped(): Promise<number> {
  const text = await createRegistry().metrics();
  const m = /^makerd_log_lines_dropped_total\{stream="stdout"\} (\d+)$/m.exec(text);
  return Number(m?.[1]);
}
