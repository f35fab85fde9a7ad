/**
 * Splits a command line into the flags that set configuration keys (declared with `arg` in the
 * schema, plus `--config FILE`) and the command's own arguments.
 */
import { schema } from '../config/schema.js';

interface SchemaLeaf {
  arg?: string;
  doc?: string;
  env?: string;
  default?: unknown;
}

function collectArgs(node: Record<string, unknown>, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v !== 'object' || v === null) continue;
    const leaf = v as SchemaLeaf;
    if ('doc' in leaf && 'default' in leaf) {
      if (leaf.arg) out.set(leaf.arg, `${prefix}${k}`);
    } else {
      collectArgs(v as Record<string, unknown>, `${prefix}${k}.`, out);
    }
  }
}

/** flag name (without --) -> config key */
export const CONFIG_FLAGS: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  collectArgs(schema as unknown as Record<string, unknown>, '', m);
  return m;
})();

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
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new Error(`flag --${name} needs a value`);
      if (name === 'config') configFile = value;
      else configArgs.push(`--${name}`, value);
      continue;
    }
    rest.push(a);
  }
  return { configFile, configArgs, rest };
}
