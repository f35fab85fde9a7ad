/**
 * `makerd record` killed with SIGKILL while it writes (a real child process, the package compiled
 * for this test run), then started again: the killed segment reads up to its last whole block (a
 * torn block, if the kill tore one, is reported and skipped), the restart opens segment 2 that
 * starts with the markets' rules again, and no record is read twice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Damage, readRecording } from '../../src/record/recording-reader.js';
import { compiledPackage } from '../support/compile-package.js';
import { grown } from './recording-support.js';

function recordEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    MAKERD_SIM_MARKETS: '6',
    MAKERD_SIM_SEED: 'sigkill',
    MAKERD_SIM_FLOW_PROFILE: 'busy',
    MAKERD_RECORD_DIR: dir,
    MAKERD_RECORD_FLUSH_MS: '20',
    MAKERD_POLLER_INTERVAL_MS: '100',
    MAKERD_DATA_DIR: join(dir, 'data'),
    MAKERD_LOG_LEVEL: 'warn',
  };
}

describe('makerd record and SIGKILL', () => {
  it('a killed recorder loses nothing written before its last whole block; the restart opens a new segment; nothing is read twice', async () => {
    const pkg = await compiledPackage();
    const bin = join(pkg, 'src', 'cli', 'bin.js');
    const dir = mkdtempSync(join(tmpdir(), 'makerd-kill-'));
    const groupDir = join(dir, 'default');

    const child = spawn(process.execPath, [bin, 'record'], { env: recordEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('close', (_code, signal) => r(signal)));
    await grown(dir, groupDir, 40_000);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const first: Damage[] = [];
    const killed = [...readRecording(dir, { onDamage: (d) => first.push(d) })];
    expect(first.length).toBeLessThanOrEqual(1);
    if (first.length === 1) expect(first[0]!.reason).toMatch(/torn block/);
    expect(killed.length).toBeGreaterThan(20);
    expect(killed.map((r) => r.s)).toEqual(killed.map((_, i) => i + 1));
    expect(killed.filter((r) => r.k === 'meta')).toHaveLength(6);

    // The kill left the group's lock behind: the restart takes it over (its pid is gone).
    const again = spawn(process.execPath, [bin, 'record', '--for', '1.5'], { env: recordEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    again.stdout.on('data', (d: Buffer) => (out += d.toString()));
    again.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => again.on('close', (c) => r(c)));
    expect(code, stderr).toBe(0);
    expect(JSON.parse(out).segments).toBe(1);

    const files = readdirSync(groupDir).filter((f) => f.endsWith('.mkrec.gz'));
    expect(files).toHaveLength(2);
    const all = [...readRecording(dir)];
    const second = all.slice(killed.length);
    // Everything of the killed segment is still there, first, then segment 2 from sequence 1.
    expect(all.slice(0, killed.length)).toEqual(killed);
    expect(second.map((r) => r.s)).toEqual(second.map((_, i) => i + 1));
    expect(second.filter((r) => r.k === 'meta')).toHaveLength(6);
    expect(second[0]!.t).toBeGreaterThanOrEqual(killed[killed.length - 1]!.t);
  }, 120_000);
});
