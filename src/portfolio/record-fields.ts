/**
 * What every journal line shares, whatever it records (fill-record.ts, journal-record.ts): the
 * format's version, its JSON, and the checked reading of its fields. One place, so a bad field of
 * any line is refused alike, with a FillRecordError that names the field and why.
 */
import { parseDecimal, type Decimal } from '../money.js';
import type { OutcomeIndex } from './fill.js';

/** The `v` of every journal line. */
export const FILL_RECORD_VERSION = 1;

/** Why a line is not a journal record (named for fills, the first records, as logs and tests know it). */
export class FillRecordError extends Error {
  override readonly name = 'FillRecordError';
}

/** One journal line as JSON, not yet checked. */
export function parseRecordLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new FillRecordError('not valid JSON');
  }
}

export function checkRecordVersion(o: Record<string, unknown>): void {
  if (o.v !== FILL_RECORD_VERSION)
    throw new FillRecordError(`unknown record version ${JSON.stringify(o.v)} (this makerd reads version ${FILL_RECORD_VERSION})`);
}

export function stringField(o: Record<string, unknown>, key: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new FillRecordError(`field '${key}' must be a non-empty string`);
  return v;
}

/** A decimal string that meets `rule`; `ruleText` says the rule in the error. */
export function decimalField(o: Record<string, unknown>, key: string, rule: (d: Decimal) => boolean, ruleText: string): Decimal {
  const v = o[key];
  const d = typeof v === 'string' ? parseDecimal(v) : undefined;
  if (d === undefined || !rule(d))
    throw new FillRecordError(`field '${key}' must be a decimal string ${ruleText} (got ${JSON.stringify(v)})`);
  return d;
}

export function nonNegativeIntField(o: Record<string, unknown>, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new FillRecordError(`field '${key}' must be a non-negative integer (got ${JSON.stringify(v)})`);
  return v;
}

export function outcomeIndexField(o: Record<string, unknown>): OutcomeIndex {
  const outcomeIndex = o.outcomeIndex;
  if (outcomeIndex !== 0 && outcomeIndex !== 1)
    throw new FillRecordError(`field 'outcomeIndex' must be 0 or 1 (got ${JSON.stringify(outcomeIndex)})`);
  return outcomeIndex;
}
