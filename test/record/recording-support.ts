/** What the recording tests share. */
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

export /** Resolves once the group's files hold at least `bytes` (checked on every change in the recording's folders). */
function grown(dir: string, groupDir: string, bytes: number): Promise<void> {
  const size = (): number =>
    existsSync(groupDir) ? readdirSync(groupDir).reduce((n, f) => (f.endsWith('.gz') ? n + statSync(join(groupDir, f)).size : n), 0) : 0;
  return new Promise((resolve, reject) => {
    const watchers = [watch(dir, { recursive: true }, () => check())];
    const timer = setTimeout(() => done(new Error(`recording did not reach ${bytes} bytes (has ${size()})`)), 60_000);
    function done(err?: Error): void {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      if (err === undefined) resolve();
      else reject(err);
    }
    function check(): void {
      if (size() >= bytes) done();
    }
  });
}
