/**
 * childrenCpuSeconds (bench/children-cpu.ts): the CPU of a child waited for is counted, to the
 * clock tick, from Linux's /proc. The child spins until its own CPU clock says 0.3 s (no sleep,
 * no wall time asserted).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds } from '../../bench/children-cpu.js';

const SPIN = 'const t = process.cpuUsage(); for (;;) { const c = process.cpuUsage(t); if (c.user + c.system >= 300000) break; }';

describe.runIf(existsSync('/proc/self/stat'))("children's CPU from /proc", () => {
  it('counts the CPU of a child once it has been waited for', () => {
    const before = childrenCpuSeconds();
    expect(before).toBeTypeOf('number');
    const r = spawnSync(process.execPath, ['-e', SPIN]);
    expect(r.status).toBe(0);
    const spent = childrenCpuSeconds()! - before!;
    // The spin itself and node's start: at least 0.3 s less a tick of rounding, and not seconds more.
    expect(spent).toBeGreaterThanOrEqual(0.29);
    expect(spent).toBeLessThan(3);
  });
});
