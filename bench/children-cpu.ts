/**
 * CPU time of the child processes a bench waited for (spawnSync), from Linux's own accounting:
 * /proc/self/stat's cutime and cstime (fields 16 and 17, in clock ticks of 1/100 s). A whole
 * command's CPU against its wall time says how many cores it kept busy (backtest-parallel).
 * Undefined where there is no /proc.
 */
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: the unit of /proc's times (100 on every architecture it runs on). */
const TICKS_PER_S = 100;

/** CPU seconds (user + system) of the children waited for so far, or undefined without /proc. */
export function childrenCpuSeconds(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cutime = Number(fields[16 - 3]);
  const cstime = Number(fields[17 - 3]);
  return Number.isFinite(cutime) && Number.isFinite(cstime) ? (cutime + cstime) / TICKS_PER_S : undefined;
}
