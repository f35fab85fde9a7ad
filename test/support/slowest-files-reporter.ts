/**
 * Prints the slowest test files at the end of `vitest run` (vitest.config.ts adds it after the
 * default reporter), so a file that makes the suite slow is seen at once. Wall time is measured
 * here, in vitest's main process, from the moment a worker took the file (queued) to its end, so
 * it includes importing the file and its hooks — what the file costs the run.
 *
 * MAKERD_TEST_TIMINGS=path also writes every file's figures there as JSON (to compare runs).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

export interface FileTiming {
  readonly file: string;
  /** Queued to end, seconds. */
  readonly wallS: number;
  /** Importing the file (and everything it imports), seconds. */
  readonly importS: number;
  /** Tests and hooks, seconds. */
  readonly testsS: number;
  readonly tests: number;
}

export default class SlowestFilesReporter implements Reporter {
  private readonly queuedAt = new Map<string, number>();
  private readonly endedAt = new Map<string, number>();

  onTestModuleQueued(m: TestModule): void {
    this.queuedAt.set(m.moduleId, performance.now());
  }

  onTestModuleEnd(m: TestModule): void {
    this.endedAt.set(m.moduleId, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows: FileTiming[] = modules.map((m) => {
      const d = m.diagnostic();
      const queued = this.queuedAt.get(m.moduleId);
      const ended = this.endedAt.get(m.moduleId);
      const wallMs = queued !== undefined && ended !== undefined ? ended - queued : d.collectDuration + d.duration;
      return {
        file: relative(m.project.config.root, m.moduleId),
        wallS: round(wallMs),
        importS: round(d.collectDuration),
        testsS: round(d.duration),
        tests: [...m.children.allTests()].length,
      };
    });
    rows.sort((a, b) => b.wallS - a.wallS);
    const path = process.env.MAKERD_TEST_TIMINGS;
    if (path) writeFileSync(path, `${JSON.stringify(rows, null, 2)}\n`);
    if (rows.length < 2) return;
    const lines = rows
      .slice(0, SHOWN)
      .map((r) => `  ${r.wallS.toFixed(1).padStart(6)} s  (import ${r.importS.toFixed(1)} s, tests ${r.testsS.toFixed(1)} s)  ${r.file}`);
    process.stdout.write(
      `\n Slowest ${lines.length} of ${rows.length} test files (wall time per file; files run in parallel):\n${lines.join('\n')}\n`,
    );
  }
}

function round(ms: number): number {
  return Math.round(ms / 100) / 10;
}
