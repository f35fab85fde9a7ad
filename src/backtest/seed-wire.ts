/**
 * What crosses between the main thread and a seed worker (seed-pool.ts, seed-worker.ts): run
 * settings and results with every Decimal as its exact text (a structured clone would keep a
 * Decimal's fields but not its class), and errors with their class, code and message, so that the
 * main thread rebuilds the very values and the very error a run in-process gives.
 *
 * Numbers, strings, booleans, arrays and plain objects pass as they are (a structured clone keeps
 * every number exactly, -0 and NaN included). A Decimal becomes `{ $decimal: text }`, its text
 * `toString()` (every digit; decimal.js's exponent form for very small or large values) or `-0`
 * for a negative zero, which `toString()` would print as `0`.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { Decimal } from '../money.js';

const DECIMAL_KEY = '$decimal';

/** `value` with every Decimal replaced by its exact text (a deep copy of objects and arrays). */
export function encodeDecimals(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Decimal.isDecimal(value)) {
    const d = value as Decimal;
    return { [DECIMAL_KEY]: d.isZero() && d.isNegative() ? '-0' : d.toString() };
  }
  if (Array.isArray(value)) return value.map(encodeDecimals);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = encodeDecimals(v);
  return out;
}

/** The inverse of encodeDecimals: every `{ $decimal: text }` back to a Decimal of that value. */
export function decodeDecimals(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(decodeDecimals);
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === DECIMAL_KEY && typeof o[DECIMAL_KEY] === 'string') return new Decimal(o[DECIMAL_KEY]);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = decodeDecimals(v);
  return out;
}

/** An error as a worker sends it. */
export interface WireError {
  readonly makerd: boolean;
  readonly name: string;
  readonly message: string;
  readonly stack: string | undefined;
  readonly code?: string;
  readonly where?: string | undefined;
  readonly field?: string | undefined;
  readonly status?: number | undefined;
  readonly retryAfterMs?: number | undefined;
}

export function encodeError(err: unknown): WireError {
  if (err instanceof MakerdError)
    return {
      makerd: true,
      name: err.name,
      message: err.message,
      stack: err.stack,
      code: err.code,
      where: err.where,
      field: err.field,
      status: err.status,
      retryAfterMs: err.retryAfterMs,
    };
  if (err instanceof Error) return { makerd: false, name: err.name, message: err.message, stack: err.stack };
  return { makerd: false, name: 'Error', message: String(err), stack: undefined };
}

/** The error `w` stood for: a MakerdError of the same code, or an Error of the same name. */
export function decodeError(w: WireError): Error {
  const codes = Object.values(ErrorCode) as string[];
  let err: Error;
  if (w.makerd && w.code !== undefined && codes.includes(w.code))
    err = new MakerdError(w.code as MakerdError['code'], w.message, {
      where: w.where,
      field: w.field,
      status: w.status,
      retryAfterMs: w.retryAfterMs,
    });
  else {
    err = new Error(w.message);
    err.name = w.name;
  }
  if (w.stack !== undefined) err.stack = w.stack;
  return err;
}

/**
 * `err` with the run named (`backtest: seed 7 (bands): ...`), of the same class and code, the
 * original as its cause: what a run that fails throws, in-process or in a worker alike.
 */
export function runError(err: unknown, seed: string, label: string): Error {
  const prefix = `backtest: seed ${seed} (${label}): `;
  if (err instanceof MakerdError)
    return new MakerdError(err.code, `${prefix}${err.message}`, {
      where: err.where,
      field: err.field,
      status: err.status,
      retryAfterMs: err.retryAfterMs,
      cause: err,
    });
  const e = err instanceof Error ? err : new Error(String(err));
  const out = new Error(`${prefix}${e.message}`, { cause: e });
  out.name = e.name;
  return out;
}
