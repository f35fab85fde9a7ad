/**
 * What `makerd tune` searches: one dimension per parameter, a range (number, integer or decimal;
 * linear or log scale) or a list of choices. From the strategy's schema (every rule with a
 * `search` range: src/strategy/strategy.ts) or from a search-space file, a JSON object of
 * parameter paths (param-paths.ts) to
 *
 *   { "min": 0.002, "max": 0.2, "log": true }   a range ("log": spread evenly in log scale)
 *   { "values": [1, 2, 3] }                      choices
 *   true                                         the schema's own: its search range, else both
 *                                                bounds of the rule, else every value of an enum
 *                                                or a boolean
 *
 * Every dimension is checked against the schema before anything runs: a parameter the strategy
 * does not have, a range reaching outside the rule's bounds, a non-integer bound of an integer
 * rule, a choice the rule refuses, are CONFIG errors naming the parameter, the range and the rule.
 */
import { readFileSync } from 'node:fs';
import { ErrorCode, MakerdError } from '../errors.js';
import { Decimal, parseDecimal } from '../money.js';
import { describeRule, validateParams } from '../strategy/param-schema.js';
import type { ParamRule, SearchRange, Strategy } from '../strategy/strategy.js';
import { ruleAt } from './param-paths.js';

export type Choice = string | number | boolean;

export type Dimension =
  | {
      readonly path: string;
      readonly kind: 'range';
      /** integer: whole numbers; decimal: written as decimal text (a `decimal` rule); number: a JSON number. */
      readonly type: 'number' | 'integer' | 'decimal';
      readonly min: number;
      readonly max: number;
      readonly log: boolean;
    }
  | { readonly path: string; readonly kind: 'choice'; readonly values: readonly Choice[] };

/** Dimensions in path order (the order is part of the search: sampler.ts draws them in turn). */
export type SearchSpace = readonly Dimension[];

type LeafRule = Exclude<ParamRule, { type: 'list' }>;

function configError(where: string, message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `${where}: ${message}`, { where: 'tune', field: 'space' });
}

/** The space the strategy's schema declares: every parameter whose rule carries a search range. */
export function defaultSpace(strategy: Strategy): SearchSpace {
  const entries: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(strategy.params)) if ('search' in rule && rule.search !== undefined) entries[name] = true;
  if (Object.keys(entries).length === 0)
    throw configError(
      `tune: strategy ${strategy.name}`,
      'declares no search range in its parameter schema: give a search-space file (--space FILE)',
    );
  return checkSpace(entries, strategy, `strategy ${strategy.name}'s schema`);
}

/** The space of a search-space file, checked against the strategy's schema. */
export function readSpaceFile(file: string, strategy: Strategy): SearchSpace {
  const where = `--space ${file}`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw configError(where, `cannot read it: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw configError(where, `is not JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw configError(
      where,
      'must hold a JSON object of parameter names to ranges ({"min": .., "max": ..}), choices ({"values": [..]}) or true',
    );
  if (Object.keys(value).length === 0) throw configError(where, 'names no parameter: nothing to search');
  return checkSpace(value as Record<string, unknown>, strategy, where);
}

/** Each entry as a dimension, checked against the rule at its path; sorted by path. */
export function checkSpace(entries: Readonly<Record<string, unknown>>, strategy: Strategy, where: string): SearchSpace {
  const dims: Dimension[] = [];
  for (const [path, spec] of Object.entries(entries)) {
    const found = ruleAt(strategy, path);
    if ('problem' in found) throw configError(where, `${path} ${found.problem}`);
    dims.push(dimension(path, found.rule, spec, where));
  }
  return dims.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function dimension(path: string, rule: LeafRule, spec: unknown, fileWhere: string): Dimension {
  const where = `${fileWhere}: ${path}`;
  if (spec === true) return schemaDimension(path, rule, where);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw configError(where, `must be {"min": .., "max": ..}, {"values": [..]} or true (got ${JSON.stringify(spec)})`);
  const o = spec as Record<string, unknown>;
  const keys = Object.keys(o);
  if ('values' in o) {
    const extra = keys.find((k) => k !== 'values');
    if (extra !== undefined) throw configError(where, `"${extra}" does not go with "values"`);
    return choiceDimension(path, rule, o.values, fileWhere);
  }
  const extra = keys.find((k) => k !== 'min' && k !== 'max' && k !== 'log');
  if (extra !== undefined) throw configError(where, `unknown key "${extra}" (a range has min, max and log)`);
  if (o.log !== undefined && typeof o.log !== 'boolean')
    throw configError(where, `"log" must be true or false (got ${JSON.stringify(o.log)})`);
  return rangeDimension(path, rule, o.min, o.max, o.log === true, where);
}

function schemaDimension(path: string, rule: LeafRule, where: string): Dimension {
  switch (rule.type) {
    case 'boolean':
      return { path, kind: 'choice', values: [false, true] };
    case 'enum':
      return { path, kind: 'choice', values: [...rule.values] };
    case 'number':
    case 'decimal': {
      const s: SearchRange | undefined = rule.search;
      if (s !== undefined) return rangeDimension(path, rule, s.min, s.max, s.log === true, `${where} (its schema's search range)`);
      if (rule.min === undefined || rule.max === undefined)
        throw configError(
          where,
          `its rule (${describeRule(rule)}) has no search range and no upper and lower bound: give {"min": .., "max": ..}`,
        );
      return rangeDimension(path, rule, Number(rule.min), Number(rule.max), false, where);
    }
  }
}

/** A bound as a number: a finite JSON number, or decimal text for a decimal rule. */
function bound(value: unknown, name: string, rule: LeafRule, where: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (rule.type === 'decimal' && typeof value === 'string') {
    const d = parseDecimal(value);
    if (d !== undefined) return d.toNumber();
  }
  throw configError(where, `"${name}" must be a number${rule.type === 'decimal' ? ' or decimal text' : ''} (got ${JSON.stringify(value)})`);
}

function rangeDimension(path: string, rule: LeafRule, minRaw: unknown, maxRaw: unknown, log: boolean, where: string): Dimension {
  if (rule.type !== 'number' && rule.type !== 'decimal')
    throw configError(where, `is ${describeRule(rule)}: search it with {"values": [..]} (or true for every value)`);
  const min = bound(minRaw, 'min', rule, where);
  const max = bound(maxRaw, 'max', rule, where);
  const range = `the range ${min} .. ${max}`;
  if (min > max) throw configError(where, `${range} is empty (min above max)`);
  if (log && min <= 0) throw configError(where, `${range} cannot be searched in log scale (min must be > 0)`);
  const integer = rule.type === 'number' && rule.integer === true;
  if (integer && (!Number.isInteger(min) || !Number.isInteger(max)))
    throw configError(where, `${range}: the parameter is ${describeRule(rule)}, so min and max must be integers`);
  const lo = rule.min === undefined ? undefined : new Decimal(rule.min);
  const hi = rule.max === undefined ? undefined : new Decimal(rule.max);
  const below = lo !== undefined && (rule.exclusiveMin === true ? new Decimal(min).lte(lo) : new Decimal(min).lt(lo));
  if (below || (hi !== undefined && new Decimal(max).gt(hi)))
    throw configError(where, `${range} reaches outside the schema's range: the parameter must be ${describeRule(rule)}`);
  return { path, kind: 'range', type: integer ? 'integer' : rule.type === 'decimal' ? 'decimal' : 'number', min, max, log };
}

function choiceDimension(path: string, rule: LeafRule, values: unknown, fileWhere: string): Dimension {
  const where = `${fileWhere}: ${path}`;
  if (!Array.isArray(values) || values.length === 0) throw configError(where, '"values" must be a non-empty list');
  for (const v of values) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw configError(where, `the choice ${JSON.stringify(v)} is not a single value`);
    // The very check the configuration gets (src/strategy/param-schema.ts), on this one value.
    validateParams({ [path]: rule }, { [path]: v }, fileWhere, 'params');
  }
  if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) throw configError(where, 'lists a choice twice');
  return { path, kind: 'choice', values: values as Choice[] };
}
