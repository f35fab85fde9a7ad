/**
 * A search as data: everything its results depend on (the strategy and its base parameters, the
 * space, the number of settings and brackets, the halving's rate, the search seed, the tuning and
 * validation seeds, the objective and limits, the backtest settings of every run). Its digest is
 * the search's identity (`searchId`), kept in the results file: a file is resumed or merged only
 * by the same search.
 *
 * Settings: setting 0 is the base (the strategy's parameters as given: --params, the
 * configuration's, or its defaults), so the search always weighs what the user has; settings
 * 1 .. N-1 are sampled (sampler.ts). Setting i belongs to bracket i mod B; brackets are searched
 * independently (search-engine.ts), so shard I of K takes the brackets b with b mod K = I - 1.
 */
import { createHash } from 'node:crypto';
import { ErrorCode, MakerdError, isMakerdError } from '../errors.js';
import { parseQuotingParams } from '../guard/index.js';
import type { Strategy } from '../strategy/strategy.js';
import type { Limits } from './objective.js';
import { effectiveValue, withValue } from './param-paths.js';
import { sampleValues } from './sampler.js';
import type { Choice, SearchSpace } from './search-space.js';

export interface SearchDefinition {
  readonly strategy: string;
  /** The base parameters, as given (JSON). */
  readonly base: unknown;
  readonly space: SearchSpace;
  /** Settings in all, the base included. */
  readonly settings: number;
  readonly brackets: number;
  /** Each rung keeps the best 1/eta of its settings and gives them eta times the seeds. */
  readonly eta: number;
  /** Seeds of a bracket's first rung, at least. */
  readonly minSeeds: number;
  readonly searchSeed: string;
  readonly tuningSeeds: readonly string[];
  readonly validationSeeds: readonly string[];
  readonly objective: string;
  readonly limits: { readonly maxInventory: string | null; readonly maxLoss: string | null };
  /** The backtest settings of every run (src/backtest/run-contract.ts), Decimals as text (seed-wire.ts). */
  readonly backtest: unknown;
}

export interface Setting {
  readonly index: number;
  readonly bracket: number;
  /** The searched parameters' values (the base's: its own or their defaults). */
  readonly values: Readonly<Record<string, Choice>>;
  /** The whole parameters of the setting, as the configuration would hold them. */
  readonly params: unknown;
  /** Why the strategy refuses these parameters (a cross-field rule): the setting is not run. */
  readonly invalid?: string;
}

export interface Shard {
  /** 1 .. count. */
  readonly index: number;
  readonly count: number;
}

/** JSON with object keys sorted: one text per value, whatever the order it was built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** The search's identity: 16 hex digits of the SHA-256 of its canonical JSON. */
export function searchId(def: SearchDefinition): string {
  return createHash('sha256').update(canonicalJson(def)).digest('hex').slice(0, 16);
}

export const limitsOf = (def: SearchDefinition): Limits => ({
  maxInventory: def.limits.maxInventory ?? undefined,
  maxLoss: def.limits.maxLoss ?? undefined,
});

/** The bracket of setting `index`. */
export const bracketOf = (def: SearchDefinition, index: number): number => index % def.brackets;

/** The brackets a shard runs (all without a shard). */
export function shardBrackets(def: SearchDefinition, shard: Shard | undefined): number[] {
  const all = Array.from({ length: def.brackets }, (_, b) => b);
  return shard === undefined ? all : all.filter((b) => b % shard.count === shard.index - 1);
}

/**
 * The settings of the given brackets (all by default), each checked by the strategy's own rules
 * (parseQuotingParams, as the configuration is); the base must pass (its error is thrown).
 */
export function settingsOf(def: SearchDefinition, strategy: Strategy, brackets?: readonly number[]): Setting[] {
  const wanted = new Set(brackets ?? shardBrackets(def, undefined));
  const out: Setting[] = [];
  for (let index = 0; index < def.settings; index++) {
    const bracket = bracketOf(def, index);
    if (!wanted.has(bracket)) continue;
    if (index === 0) {
      const values = Object.fromEntries(def.space.map((d) => [d.path, effectiveValue(strategy, def.base, d.path) as Choice]));
      parseQuotingParams(strategy, def.base, `tune: the base parameters (${strategy.name})`);
      for (const d of def.space) {
        try {
          withValue(strategy, def.base, d.path, values[d.path]);
        } catch (err) {
          throw new MakerdError(ErrorCode.CONFIG, `tune: the search space's ${(err as Error).message} of the base parameters`, {
            where: 'tune',
            field: 'space',
          });
        }
      }
      out.push({ index, bracket, values, params: def.base });
      continue;
    }
    const values = sampleValues(def.space, def.searchSeed, index);
    let params: unknown = def.base;
    let invalid: string | undefined;
    try {
      for (const [path, value] of Object.entries(values)) params = withValue(strategy, params, path, value);
      parseQuotingParams(strategy, params, `setting #${index}`);
    } catch (err) {
      if (!isMakerdError(err) && !(err instanceof Error)) throw err;
      invalid = err.message;
    }
    out.push({ index, bracket, values, params, ...(invalid === undefined ? {} : { invalid }) });
  }
  return out;
}
