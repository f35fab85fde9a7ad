/**
 * A searched parameter's place in a strategy's raw parameters (what `strategy.params` holds):
 * `gamma` (the strategy's own), `guards.jumpTicks` and `rewards.minShare` (the guards' and the
 * reward stage's settings, params.guards and params.rewards), `bands[0].avgMargin` (a field of
 * one item of a list). ruleAt finds the schema rule that checks it; withValue writes a value there
 * in a copy of the parameters.
 */
import { GUARD_SCHEMA } from '../guard/guard-settings.js';
import { REWARD_QUOTING_SCHEMA } from '../rewards/reward-quoting-settings.js';
import type { ParamRule, ParamSchema, Strategy } from '../strategy/strategy.js';

/** One step of a path: an object key, or an index into a list. */
export type PathStep = string | number;

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?(\.[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?)*$/;

/** The steps of `text` (`bands[0].avgMargin` -> bands, 0, avgMargin), or undefined when it is not a path. */
export function pathSteps(text: string): PathStep[] | undefined {
  if (!PATH.test(text)) return undefined;
  const steps: PathStep[] = [];
  for (const part of text.split('.')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$/.exec(part)!;
    steps.push(m[1]!);
    if (m[2] !== undefined) steps.push(Number(m[2]));
  }
  return steps;
}

/** The schemas beside the strategy's own, under these keys of its parameters. */
const NESTED: Readonly<Record<string, ParamSchema>> = { guards: GUARD_SCHEMA, rewards: REWARD_QUOTING_SCHEMA };

/** A leaf rule (a value the tuner can set), or why the path names none. */
export type RuleLookup = { readonly rule: Exclude<ParamRule, { type: 'list' }> } | { readonly problem: string };

/** The rule at `path` for `strategy`. */
export function ruleAt(strategy: Strategy, path: string): RuleLookup {
  const steps = pathSteps(path);
  if (steps === undefined) return { problem: 'is not a parameter path (a name, guards.NAME, rewards.NAME or LIST[i].FIELD)' };
  let schema: ParamSchema = strategy.params;
  let i = 0;
  const first = steps[0] as string;
  if (!Object.hasOwn(strategy.params, first) && Object.hasOwn(NESTED, first)) {
    schema = NESTED[first]!;
    i = 1;
  }
  for (;;) {
    const key = steps[i];
    if (typeof key !== 'string')
      return { problem: `is not a parameter of ${strategy.name} (a list index must follow a list parameter's name)` };
    if (!Object.hasOwn(schema, key)) {
      const known = Object.keys(schema).join(', ');
      const where = i === 0 ? `a parameter of ${strategy.name}` : `a field of ${steps.slice(0, i).join('.')}`;
      return { problem: `is not ${where} (known: ${known}${i === 0 ? ', guards.*, rewards.*' : ''})` };
    }
    const rule = schema[key]!;
    const rest = steps.length - i - 1;
    if (rule.type === 'list') {
      if (rest === 0 || typeof steps[i + 1] !== 'number')
        return { problem: `is a list: name a field of one of its items, e.g. ${key}[0].${Object.keys(rule.item)[0] ?? 'field'}` };
      schema = rule.item;
      i += 2;
      if (i >= steps.length) return { problem: `is a list item: name one of its fields (${Object.keys(rule.item).join(', ')})` };
      continue;
    }
    if (rest > 0) return { problem: `goes past ${steps.slice(0, i + 1).join('.')}, which is a single value` };
    return { rule };
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `raw` with `value` at `path`. A list that `raw` does not give is taken from the
 * rule's default first (so `bands[0].avgMargin` changes one field of the default band); an index
 * past the list's end is refused (Error naming the path).
 */
export function withValue(strategy: Strategy, raw: unknown, path: string, value: unknown): Json {
  const steps = pathSteps(path);
  if (steps === undefined) throw new Error(`${path}: not a parameter path`);
  const root: Json = isObject(raw) ? { ...raw } : {};
  let node: Json | unknown[] = root;
  let schema: ParamSchema | undefined = strategy.params;
  let i = 0;
  if (!Object.hasOwn(strategy.params, steps[0] as string) && Object.hasOwn(NESTED, steps[0] as string)) {
    const key = steps[0] as string;
    root[key] = isObject(root[key]) ? { ...(root[key] as Json) } : {};
    node = root[key] as Json;
    schema = NESTED[key];
    i = 1;
  }
  for (; i < steps.length - 1; i++) {
    const step = steps[i]!;
    const rule: ParamRule | undefined = typeof step === 'string' ? schema?.[step] : undefined;
    const container = node as Json & unknown[];
    const current: unknown = container[step as never];
    let next: Json | unknown[];
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) throw new Error(`${path}: the list has no item ${step}`);
      next = isObject(current) ? { ...current } : {};
    } else if (rule?.type === 'list') {
      const list = Array.isArray(current) ? current : (rule.default ?? []);
      next = [...list];
      schema = rule.item;
    } else next = isObject(current) ? { ...current } : {};
    container[step as never] = next as never;
    node = next;
  }
  (node as Json & unknown[])[steps[steps.length - 1] as never] = value as never;
  return root;
}

/**
 * The value `raw` gives at `path`, else its default (the strategy's guard or reward defaults for
 * `guards.*` and `rewards.*`, then the rule's): what a setting that does not search the path uses.
 */
export function effectiveValue(strategy: Strategy, raw: unknown, path: string): unknown {
  const steps = pathSteps(path);
  if (steps === undefined) return undefined;
  let node: unknown = raw;
  for (const step of steps) {
    if (typeof step === 'number') node = Array.isArray(node) ? node[step] : undefined;
    else node = isObject(node) ? node[step] : undefined;
    if (node === undefined) break;
  }
  if (node !== undefined) return node;
  const first = steps[0] as string;
  if (!Object.hasOwn(strategy.params, first) && Object.hasOwn(NESTED, first)) {
    const defaults = first === 'guards' ? strategy.guardDefaults : strategy.rewardDefaults;
    const key = steps[1] as string;
    if (defaults !== undefined && Object.hasOwn(defaults, key)) return defaults[key];
    return NESTED[first]![key]?.default;
  }
  const rule = strategy.params[first];
  if (rule?.type === 'list') {
    const item = (Array.isArray(raw === undefined ? undefined : (raw as Json)[first]) ? (raw as Json)[first] : rule.default) as unknown[];
    const field = steps[2] as string;
    const fromItem = isObject(item?.[steps[1] as number]) ? (item[steps[1] as number] as Json)[field] : undefined;
    return fromItem ?? rule.item[field]?.default;
  }
  return rule?.default;
}
