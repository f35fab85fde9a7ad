/** What a replay run takes and gives (run-replay.ts), beside the backtest's (run-contract.ts). */
import type { Fill } from '../portfolio/fill.js';
import type { ReplayData } from './replay-data.js';
import type { BacktestSettings, RunResult, StrategyRun } from './run-contract.js';

export type ReplaySettings = Pick<BacktestSettings, 'staleAfterMs' | 'markoutHorizonsS' | 'risk' | 'diff' | 'samples'> & {
  /** Also evaluate a market after each burst of stream `book` / `price_change` events of it (one receive time), as the daemon's market-event batch does (default: at polls and fills only). */
  readonly evaluateOnStream?: boolean;
};

export interface ReplayInput {
  readonly data: ReplayData;
  readonly strategy: StrategyRun;
  readonly settings: ReplaySettings;
  /** Only these markets (condition ids); default every market with rules in the recording. */
  readonly markets?: readonly string[];
  readonly onProgress?: (done: number) => void;
}

/** Every virtual fill of a replay, in order (the agreement test compares them with paper mode's). */
export interface ReplayResult extends RunResult {
  readonly fillLog: readonly Fill[];
}
