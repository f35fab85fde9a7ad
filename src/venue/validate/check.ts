/**
 * Small checkers for venue responses. Each takes the route (for the error), the value and the
 * field path (`bids[3].price`), and either returns the value with its type narrowed or throws
 * BAD_RESPONSE naming the route, the field and the rule. Fields the daemon does not rely on are
 * passed through unchecked.
 */
import { badResponse } from '../../errors.js';
import { isValidPrice, parseDecimal, parseUnsignedPlain, type Decimal } from '../../money.js';

export type Rec = Record<string, unknown>;

/** `field` joined with a key or an index: `at('bids', 3)` -> `bids[3]`, `at('', 'x')` -> `x`. */
export function at(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

export function object(route: string, value: unknown, field: string): Rec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badResponse(route, field || '(body)', 'must be an object', kindOf(value));
  }
  return value as Rec;
}

export function array(route: string, value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw badResponse(route, field || '(body)', 'must be an array', kindOf(value));
  return value;
}

/** Checks every element with `each`, which receives the element and its field path. */
export function arrayOf<T>(route: string, value: unknown, field: string, each: (el: unknown, field: string) => T): T[] {
  const items = array(route, value, field);
  for (let i = 0; i < items.length; i++) each(items[i], at(field, i));
  return items as T[];
}

export function string(route: string, o: Rec, key: string, base: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw badResponse(route, at(base, key), 'must be a string', v);
  return v;
}

export function nonEmptyString(route: string, o: Rec, key: string, base: string): string {
  const v = string(route, o, key, base);
  if (v === '') throw badResponse(route, at(base, key), 'must not be empty', v);
  return v;
}

export function boolean(route: string, o: Rec, key: string, base: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw badResponse(route, at(base, key), 'must be a boolean', v);
  return v;
}

export function integer(route: string, o: Rec, key: string, base: string, min?: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw badResponse(route, at(base, key), 'must be an integer', v);
  if (min !== undefined && v < min) throw badResponse(route, at(base, key), `must be >= ${min}`, v);
  return v;
}

export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
}

/** A finite JSON number, optionally within [min, max]. */
export function finite(route: string, o: Rec, key: string, base: string, range: NumberRange = {}): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw badResponse(route, at(base, key), 'must be a finite number', v);
  if (range.min !== undefined && v < range.min) throw badResponse(route, at(base, key), `must be >= ${range.min}`, v);
  if (range.max !== undefined && v > range.max) throw badResponse(route, at(base, key), `must be <= ${range.max}`, v);
  return v;
}

/** A JSON-number price strictly inside (0, 1) (trade fills, tick sizes). */
export function priceNumber(route: string, o: Rec, key: string, base: string): number {
  const v = finite(route, o, key, base);
  if (!(v > 0 && v < 1)) throw badResponse(route, at(base, key), 'must be strictly between 0 and 1', v);
  return v;
}

export function oneOf<T extends string>(route: string, o: Rec, key: string, base: string, values: readonly T[]): T {
  const v = o[key];
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
    throw badResponse(route, at(base, key), `must be one of ${values.join(', ')}`, v);
  }
  return v as T;
}

/** A decimal string (plain digits, no exponent) that parses. */
export function decimalText(route: string, o: Rec, key: string, base: string): Decimal {
  const v = o[key];
  const d = typeof v === 'string' ? parseDecimal(v) : undefined;
  if (d === undefined) throw badResponse(route, at(base, key), 'must be a decimal string', v);
  return d;
}

/**
 * sizeText's value when the field is unsigned plain text the one-pass reader takes (src/money.ts
 * parseUnsignedPlain), else undefined: then sizeText reads it again, with its errors. Never a
 * value sizeText would read differently.
 */
export function quickSize(v: unknown): Decimal | undefined {
  return typeof v === 'string' ? parseUnsignedPlain(v) : undefined;
}

/** priceText's value when the field is a price in the common form, else undefined (priceText then decides). */
export function quickPrice(v: unknown): Decimal | undefined {
  const d = quickSize(v);
  return d !== undefined && isValidPrice(d) ? d : undefined;
}

/** A decimal string >= 0 (sizes, amounts). */
export function sizeText(route: string, o: Rec, key: string, base: string): Decimal {
  const quick = quickSize(o[key]);
  if (quick !== undefined) return quick;
  const d = decimalText(route, o, key, base);
  if (d.isNegative()) throw badResponse(route, at(base, key), 'must not be negative', o[key]);
  return d;
}

/** A decimal string > 0 (tick sizes). */
export function positiveText(route: string, o: Rec, key: string, base: string): Decimal {
  const d = decimalText(route, o, key, base);
  if (!d.gt(0)) throw badResponse(route, at(base, key), 'must be greater than 0', o[key]);
  return d;
}

/** A decimal string strictly inside (0, 1) (tick sizes). */
export function tickText(route: string, o: Rec, key: string, base: string): Decimal {
  const d = decimalText(route, o, key, base);
  if (!isValidPrice(d)) throw badResponse(route, at(base, key), 'must be strictly between 0 and 1', o[key]);
  return d;
}

/** A price: a decimal string strictly inside (0, 1). */
export function priceText(route: string, o: Rec, key: string, base: string): Decimal {
  const quick = quickPrice(o[key]);
  if (quick !== undefined) return quick;
  const d = decimalText(route, o, key, base);
  if (!isValidPrice(d)) throw badResponse(route, at(base, key), 'must be a price strictly between 0 and 1', o[key]);
  return d;
}

/** An object whose values are all strings (cancel results' `not_canceled`). */
export function stringMap(route: string, o: Rec, key: string, base: string): Record<string, string> {
  const m = object(route, o[key], at(base, key));
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== 'string') throw badResponse(route, at(at(base, key), k), 'must be a string', v);
  }
  return m as Record<string, string>;
}

/** Strings that are all strings: `['a','b']`. */
export function stringArray(route: string, o: Rec, key: string, base: string): string[] {
  return arrayOf(route, o[key], at(base, key), (el, f) => {
    if (typeof el !== 'string') throw badResponse(route, f, 'must be a string', el);
    return el;
  });
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A string of decimal digits (Unix milliseconds in the book snapshot's `timestamp`). */
export function digitsText(route: string, o: Rec, key: string, base: string): string {
  const v = o[key];
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw badResponse(route, at(base, key), 'must be a string of digits', v);
  return v;
}
