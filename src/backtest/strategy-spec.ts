/**
 * A strategy of a backtest as data: its label, its name in the registry, its parameters as given
 * and where they came from. A worker thread (seed-pool.ts) cannot receive a Strategy (functions)
 * nor parsed parameters (Decimals lose their class in a message), so it loads the same strategy
 * folders and builds the StrategyRun from this spec the way the main thread did: the same
 * function on the same input, hence the same run.
 */
import { parseQuotingParams } from '../guard/index.js';
import { resolveStrategy } from '../strategy/strategy-registry.js';
import type { Strategy } from '../strategy/strategy.js';
import type { StrategyRun } from './run-contract.js';

export interface StrategySpec {
  readonly label: string;
  /** The strategy's name in the registry. */
  readonly name: string;
  /** The parameters as given (JSON), parsed by parseQuotingParams. */
  readonly rawParams: unknown;
  /** Where the parameters came from, for parse errors (e.g. `--params FILE (bands)`). */
  readonly where: string;
  /** Where the name came from, for an unknown strategy (e.g. `--compare`). */
  readonly nameWhere: string;
  /** Run with the adverse-selection guards off (`--no-guards`). */
  readonly noGuards: boolean;
}

/** The StrategyRun of `spec`, from the strategies of `registry`. */
export function strategyRunOf(registry: ReadonlyMap<string, Strategy>, spec: StrategySpec): StrategyRun {
  const strategy = resolveStrategy(registry, spec.name, spec.nameWhere);
  const { params, guards, rewards } = parseQuotingParams(strategy, spec.rawParams, spec.where);
  return {
    label: spec.label,
    strategy,
    params,
    guards: spec.noGuards ? { ...guards, enabled: false } : guards,
    rewards,
  };
}
