/**
 * vitest setupFiles entry, run for every test file. Files share their worker process
 * (vitest.config.ts: isolate false, so the product's modules are imported once per worker, not
 * once per file): whatever a file changed in that process is put back when it ends, so the next
 * file starts as it would in a fresh one.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
