/**
 * vitest sequencer: the files that take longest start first, so that they run beside the many
 * short ones instead of after them (on a fresh clone vitest has no timings of an earlier run and
 * would start the largest files first, whatever their duration). After them, vitest's own order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Measured as the longest (npm test prints the slowest files); a missing name is ignored. */
export const LONG_FILES: readonly string[] = [
  'test/soak/soak-run.test.ts',
  'test/cli/npm-start.test.ts',
  'test/ops/prometheus-live.test.ts',
  'test/backtest/report-browser.test.ts',
  'test/cli/bin-process.test.ts',
  'test/e2e/admin-server.test.ts',
];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONG_FILES.indexOf(relative(f.project.config.root, f.moduleId));
      return i === -1 ? LONG_FILES.length : i;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
