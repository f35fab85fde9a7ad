/**
 * Strategy parameters are checked against the strategy's own schema when the configuration is
 * loaded (start-up and `makerd check-config`), never while trading: defaults are applied, unknown
 * keys, wrong types and out-of-range values are refused with a message that names the market,
 * the parameter path, the value and the rule, e.g.
 *
 *   market 0xabc (bands): params.bands[1].maxMargin must be a decimal >= 0 (got "-1")
 *
 * 'decimal' values come back as Decimal (from a decimal string or a finite JSON number), lists as
 * arrays of checked objects. The same schema documents itself (`describeParams`).
 */
import { ErrorCode, MakerdError, isMakerdError } from '../errors.js';
import { Decimal, parseDecimal } from '../money.js';
import type { ParamRule, ParamSchema, Strategy } from './strategy.js';

/**
 * Checks `raw` (the configured `params` object; undefined = {}) and applies defaults; `path` is
 * how messages name the object (`params`, or `params.guards` for the guards' settings).
 */
export function validateParams(schema: ParamSchema, raw: unknown, where: string, path = 'params'): Record<string, unknown> {
  return checkObject(schema, raw === undefined ? {} : raw, path, where);
}

/**
 * validateParams, then the strategy's own cross-field checks (`parse`); an Error thrown by `parse`
 * becomes a CONFIG error prefixed with `where`.
 */
export function parseStrategyParams<P>(strategy: Strategy<P>, raw: unknown, where: string): P {
  const checked = validateParams(strategy.params, raw, where);
  try {
    return strategy.parse(checked);
  } catch (err) {
    if (isMakerdError(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new MakerdError(ErrorCode.CONFIG, `${where}: ${message}`, { where: 'strategy', field: 'params', cause: err });
  }
}

/** What a rule accepts, in words: "a decimal >= 0", "an integer >= 1 and <= 10", ... */
export function describeRule(rule: ParamRule): string {
  switch (rule.type) {
    case 'number':
      return withBounds(rule.integer === true ? 'an integer' : 'a number', rule.min, rule.max, rule.exclusiveMin);
    case 'decimal':
      return withBounds('a decimal', rule.min, rule.max, rule.exclusiveMin);
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${rule.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'list':
      return rule.minItems === undefined || rule.minItems <= 0
        ? 'a list'
        : `a list of at least ${rule.minItems} ${rule.minItems === 1 ? 'item' : 'items'}`;
  }
}

export interface ParamRow {
  /** Parameter name; fields of list items as `bands[].minMargin`. */
  readonly name: string;
  /** The rule in words, e.g. "decimal >= 0". */
  readonly type: string;
  readonly unit: string;
  /** The default as JSON text, '' when the parameter is required. */
  readonly default: string;
  readonly doc: string;
}

/** One row per parameter (and per field of list items), in schema order, for documentation. */
export function describeParams(schema: ParamSchema, prefix = ''): ParamRow[] {
  const rows: ParamRow[] = [];
  for (const [name, rule] of Object.entries(schema)) {
    rows.push({
      name: `${prefix}${name}`,
      type: describeRule(rule).replace(/^(a|an) /, ''),
      unit: 'unit' in rule && rule.unit !== undefined ? rule.unit : '',
      default: rule.default === undefined ? '' : JSON.stringify(rule.default),
      doc: rule.doc,
    });
    if (rule.type === 'list') rows.push(...describeParams(rule.item, `${prefix}${name}[].`));
  }
  return rows;
}

/** The schema as a Markdown table (key, value, unit, default, meaning), for the docs pages that carry one. */
export function paramsMarkdownTable(schema: ParamSchema): string {
  const rows = describeParams(schema).map(
    (r) => `| \`${r.name}\` | ${r.type} | ${r.unit} | \`${r.default}\` | ${r.doc.replace(/\|/g, '\\|')} |`,
  );
  return ['| key | value | unit | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

function withBounds(
  base: string,
  min: number | string | undefined,
  max: number | string | undefined,
  exclusiveMin: boolean | undefined,
): string {
  const bounds: string[] = [];
  if (min !== undefined) bounds.push(`${exclusiveMin === true ? '>' : '>='} ${min}`);
  if (max !== undefined) bounds.push(`<= ${max}`);
  return bounds.length === 0 ? base : `${base} ${bounds.join(' and ')}`;
}

function fail(where: string, path: string, what: string, value: unknown): never {
  const shown = value === undefined ? 'missing' : `got ${show(value)}`;
  throw new MakerdError(ErrorCode.CONFIG, `${where}: ${path} ${what} (${shown})`, { where: 'strategy', field: path });
}

function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkObject(schema: Readonly<Record<string, ParamRule>>, raw: unknown, path: string, where: string): Record<string, unknown> {
  if (!isPlainObject(raw)) fail(where, path, 'must be an object', raw);
  const known = Object.keys(schema);
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(schema, key)) fail(where, `${path}.${key}`, `is not a known parameter (known: ${known.join(', ')})`, raw[key]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(schema)) {
    const given = raw[key];
    out[key] = checkValue(rule, given === undefined ? rule.default : given, `${path}.${key}`, where);
  }
  return out;
}

function checkValue(rule: ParamRule, value: unknown, path: string, where: string): unknown {
  const bad = (): never => fail(where, path, `must be ${describeRule(rule)}`, value);
  if (value === undefined) return bad();
  switch (rule.type) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad();
      if (rule.integer === true && !Number.isInteger(value)) return bad();
      if (rule.min !== undefined && (rule.exclusiveMin === true ? value <= rule.min : value < rule.min)) return bad();
      if (rule.max !== undefined && value > rule.max) return bad();
      return value;
    }
    case 'decimal': {
      const d = typeof value === 'number' ? (Number.isFinite(value) ? new Decimal(value) : undefined) : parseDecimal(value);
      if (d === undefined) return bad();
      if (rule.min !== undefined && (rule.exclusiveMin === true ? d.lte(rule.min) : d.lt(rule.min))) return bad();
      if (rule.max !== undefined && d.gt(rule.max)) return bad();
      return d;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : bad();
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value) ? value : bad();
    case 'list': {
      if (!Array.isArray(value)) return bad();
      if (rule.minItems !== undefined && value.length < rule.minItems) return bad();
      return value.map((item: unknown, i) => checkObject(rule.item, item, `${path}[${i}]`, where));
    }
  }
}
