/**
 * Splits a command line into the flags that set configuration keys (declared with `arg` in the
 * schema, plus `--config FILE`) and the command's own arguments.
 */
import { SCHEMA_LEAVES } from '../config/schema-leaves.js';
import { UsageError } from './io.js';

/** flag name (without --) -> config key */
export const CONFIG_FLAGS: ReadonlyMap<string, string> = new Map(
  SCHEMA_LEAVES.filter((l) => l.arg !== undefined).map((l) => [l.arg!, l.key]),
);

/** Flags of boolean keys, which may stand alone (`--fault-frozen-books` = true). */
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(
  SCHEMA_LEAVES.filter((l) => l.arg !== undefined && l.format === 'strict-boolean').map((l) => l.arg!),
);

const BOOLEAN_WORD = /^(true|false|1|0|yes|no|on|off)$/i;

/** The rule of boolean flags, in the words of the `strict-boolean` format of the configuration. */
const BOOLEAN_RULE = 'must be a boolean (true/false, 1/0, yes/no, on/off)';

export interface SplitArgs {
  configFile: string | undefined;
  /** For convict, e.g. ['--log-level', 'debug']. */
  configArgs: string[];
  rest: string[];
}

/**
 * `commands`: the command names. A boolean flag alone means true; it takes the next word as its
 * value unless that word is a flag or the command itself (`makerd --kill-switch run`), so
 * `--fault-frozen-books maybe` is refused by the boolean rule instead of leaving `maybe` over as
 * an unexpected argument.
 */
export function splitConfigArgs(argv: readonly string[], commands: ReadonlySet<string> = new Set()): SplitArgs {
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
        // A boolean flag alone means true (`--fault-frozen-books`): it never swallows the next
        // flag, nor the command word.
        const isCommand = next !== undefined && rest.length === 0 && commands.has(next);
        if (BOOLEAN_FLAGS.has(name) && (next === undefined || next.startsWith('-') || isCommand)) value = 'true';
        else if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`flag --${name} needs a value`);
        else value = argv[++i]!;
      }
      if (BOOLEAN_FLAGS.has(name) && !BOOLEAN_WORD.test(value.trim())) {
        throw new UsageError(`flag --${name} (${CONFIG_FLAGS.get(name)}) ${BOOLEAN_RULE}: value was ${JSON.stringify(value)}`);
      }
      if (name === 'config') configFile = value;
      else configArgs.push(`--${name}`, value);
      continue;
    }
    rest.push(a);
  }
  return { configFile, configArgs, rest };
}
