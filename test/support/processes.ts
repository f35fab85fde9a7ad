/** Whether a process runs (signal 0: no signal sent, only the check). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
