/** The instrumented pass's per-tick stage times, and their medians. */
import { median, round } from '../stats.js';

/** Per-tick stage times of the instrumented pass, ms. */
export interface StageTimes {
  check: number;
  assembly: number;
  loopSync: number;
  strategy: number;
  risk: number;
  submitSync: number;
  executorAsync: number;
  signing: number;
  transport: number;
}

export const emptyStages = (): StageTimes => ({
  check: 0,
  assembly: 0,
  loopSync: 0,
  strategy: 0,
  risk: 0,
  submitSync: 0,
  executorAsync: 0,
  signing: 0,
  transport: 0,
});

export function stageSummary(stages: readonly StageTimes[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(emptyStages()) as (keyof StageTimes)[]) out[key] = round(median(stages.map((s) => s[key])), 3);
  out.loopOther = round(median(stages.map((s) => s.loopSync - s.strategy - s.risk - s.submitSync)), 3);
  out.executorAsyncOther = round(median(stages.map((s) => s.executorAsync - s.signing - s.transport)), 3);
  out.total = round(median(stages.map((s) => s.check + s.assembly + s.loopSync + s.executorAsync)), 3);
  return out;
}
