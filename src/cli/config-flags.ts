/**
 * Splits a command line into the flags that set configuration keys (declared with `arg` in the
 * schema, plus `--config FILE`) and the command's own arguments.
 */
import { SCHEMA_LEAVES } from '../config/schema-leaves.js';
import { UsageError } from './io.js';

/** flag name (without --) -> config key */
export const CONFIG_FLAGS: ReadonlyMap<string, string> = new Map(SCHEMA_LEAVES.filter((l) => l.arg !== undefined).map((l) => [l.arg!, l.key]));

/** Flags of boolean keys, which may stand alone (`--fault-frozen-books` = true). */
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(SCHEMA_LEAVES.filter((l) => l.arg !== undefined && l.format === 'strict-boolean').map((l) => l.arg!));

const BOOLEAN_WORD = /^(true|false|1|0|yes|no|on|off)$/i;

export interface SplitArgs {
  configFile: string | undefined;
  /** For convict, e.g. ['--log-level', 'debug']. */
  configArgs: string[];
  rest: string[];
}

export function splitConfigArgs(argv: readonly string[]): SplitArgs {
  const configArgs: string[] = [];
  const rest: string[] = [];
  let configFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(a);
    const name = m?.[1];
    if (m && name !== undefined && (name === 'config' || CONFIG_FLAGS.has(name))) {
      let value = m[2];
      if (value === undefined) {
        const next = argv[i + 1];
        // A boolean flag alone means true (`--fault-frozen-books`); it takes the next word only
        // when that word is a boolean, so it never swallows the next flag or argument.
        if (BOOLEAN_FLAGS.has(name) && (next === undefined || !BOOLEAN_WORD.test(next))) value = 'true';
        else if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`flag --${name} needs a value`);
        else value = argv[++i]!;
      }
      if (name === 'config') configFile = value;
      else configArgs.push(`--${name}`, value);
      continue;
    }
    rest.push(a);
  }
  return { configFile, configArgs, rest };
}
