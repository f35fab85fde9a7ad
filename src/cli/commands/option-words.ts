/**
 * A command's options: reading its words (`--flag value`, `--flag=value`, `--flag`) and the number
 * rules of their values. makerd backtest and makerd tune read theirs here, so that both refuse a
 * bad word alike: a UsageError (exit 2) that starts with the command and names the flag.
 */
import { UsageError } from '../io.js';

export interface OptionSpec {
  /** The command as its messages name it, and its help (`makerd <command> --help`). */
  readonly command: string;
  readonly withValue: ReadonlySet<string>;
  readonly alone: ReadonlySet<string>;
  /** Collects the words that are not options (tune merge's files); without it, such a word is refused. */
  readonly positional?: string[];
  /** An option refused before anything else (tune: backtest's options that mean nothing to a search). */
  readonly refuse?: (name: string) => UsageError | undefined;
  /** Keeps a value the command reads itself (backtest's repeatable --params): true when kept. */
  readonly take?: (name: string, value: string) => boolean;
}

export interface OptionWords {
  /** Each option given with a value (at most once). */
  readonly seen: Map<string, string>;
  /** The options given alone. */
  readonly flags: Set<string>;
  /** The options in the order given, each as its words (`--flag value` as two): for a command that hands some to another. */
  readonly order: string[][];
}

export function readOptionWords(args: readonly string[], spec: OptionSpec): OptionWords {
  const { command } = spec;
  const seen = new Map<string, string>();
  const flags = new Set<string>();
  const order: string[][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(a);
    if (m === null) {
      if (spec.positional !== undefined) {
        spec.positional.push(a);
        continue;
      }
      throw new UsageError(`${command}: unexpected argument '${a}' (options start with --; see makerd ${command} --help)`);
    }
    const name = m[1]!;
    const refused = spec.refuse?.(name);
    if (refused !== undefined) throw refused;
    if (spec.alone.has(name)) {
      if (m[2] !== undefined) throw new UsageError(`${command}: --${name} takes no value`);
      flags.add(name);
      order.push([a]);
      continue;
    }
    if (!spec.withValue.has(name)) throw new UsageError(`${command}: unknown option --${name} (see makerd ${command} --help)`);
    let value = m[2];
    if (value === undefined) {
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`${command}: --${name} needs a value`);
      value = next;
      i++;
    }
    order.push([`--${name}`, value]);
    if (spec.take?.(name, value) === true) continue;
    if (seen.has(name)) throw new UsageError(`${command}: --${name} given twice`);
    seen.set(name, value);
  }
  return { seen, flags, order };
}

/** A value that breaks its option's rule. */
export function badOptionValue(command: string, flag: string, rule: string, value: string): UsageError {
  return new UsageError(`${command}: --${flag} ${rule} (got ${JSON.stringify(value)})`);
}

export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  readonly exclusiveMin?: boolean;
  readonly integer?: boolean;
  /** Digits alone (tune's counts): no sign, point or exponent. */
  readonly digitsOnly?: boolean;
}

/** The value as a number within its rule, which the refusal states (`must be an integer >= 1 and <= 200`). */
export function optionNumber(command: string, flag: string, value: string, rule: NumberRule): number {
  const form = rule.digitsOnly === true ? /^\d+$/ : /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
  const n = form.test(value.trim()) ? Number(value) : Number.NaN;
  const words = [rule.integer === true ? 'an integer' : 'a number'];
  if (rule.min !== undefined) words.push(`${rule.exclusiveMin === true ? '>' : '>='} ${rule.min}`);
  if (rule.max !== undefined) words.push(`<= ${rule.max}`);
  const text = `must be ${words.join(' ')}`.replace(/(>=? \S+) (<=)/, '$1 and $2');
  const bad = (): UsageError => badOptionValue(command, flag, text, value);
  if (!Number.isFinite(n)) throw bad();
  if (rule.integer === true && !Number.isInteger(n)) throw bad();
  if (rule.min !== undefined && (rule.exclusiveMin === true ? n <= rule.min : n < rule.min)) throw bad();
  if (rule.max !== undefined && n > rule.max) throw bad();
  return n;
}
