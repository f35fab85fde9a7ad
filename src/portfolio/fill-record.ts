/**
 * A fill as one journal line: JSON with every amount as a decimal string (never a float) and a
 * version field `v`. Version 1:
 *
 *   {"v":1,"tradeId":"…","conditionId":"…","tokenId":"…:0","outcomeIndex":0,"side":"BUY",
 *    "price":"0.45","size":"10","role":"maker","fee":"0","rebate":"0.0036","matchTime":"…Z",
 *    "timestampMs":1767225600000,"orderId":"…","journaledAtMs":1767225600123}
 *
 * `journaledAtMs` is when the line was appended (it decides the file's day). Decoding checks every
 * field and says which one is wrong.
 */
import { isValidPrice, parseDecimal, type Decimal } from '../money.js';
import type { Fill } from './fill.js';

export const FILL_RECORD_VERSION = 1;

export interface FillRecordV1 {
  readonly v: 1;
  readonly tradeId: string;
  readonly conditionId: string;
  readonly tokenId: string;
  readonly outcomeIndex: 0 | 1;
  readonly side: 'BUY' | 'SELL';
  readonly price: string;
  readonly size: string;
  readonly role: 'taker' | 'maker';
  readonly fee: string;
  readonly rebate: string;
  readonly matchTime: string;
  readonly timestampMs: number;
  readonly orderId: string;
  readonly journaledAtMs: number;
}

export function encodeFill(f: Fill, journaledAtMs: number): string {
  const record: FillRecordV1 = {
    v: FILL_RECORD_VERSION,
    tradeId: f.tradeId,
    conditionId: f.conditionId,
    tokenId: f.tokenId,
    outcomeIndex: f.outcomeIndex,
    side: f.side,
    price: f.price.toFixed(),
    size: f.size.toFixed(),
    role: f.role,
    fee: f.fee.toFixed(),
    rebate: f.rebate.toFixed(),
    matchTime: f.matchTime,
    timestampMs: f.timestampMs,
    orderId: f.orderId,
    journaledAtMs,
  };
  return JSON.stringify(record);
}

/** Why a line is not a fill record. */
export class FillRecordError extends Error {
  override readonly name = 'FillRecordError';
}

function str(o: Record<string, unknown>, key: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new FillRecordError(`field '${key}' must be a non-empty string`);
  return v;
}

function dec(o: Record<string, unknown>, key: string, rule: (d: Decimal) => boolean, ruleText: string): Decimal {
  const v = o[key];
  const d = typeof v === 'string' ? parseDecimal(v) : undefined;
  if (d === undefined || !rule(d))
    throw new FillRecordError(`field '${key}' must be a decimal string ${ruleText} (got ${JSON.stringify(v)})`);
  return d;
}

function int(o: Record<string, unknown>, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new FillRecordError(`field '${key}' must be a non-negative integer (got ${JSON.stringify(v)})`);
  return v;
}

/** Parses one journal line; throws FillRecordError naming what is wrong. */
export function decodeFill(line: string): { fill: Fill; journaledAtMs: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new FillRecordError('not valid JSON');
  }
  return fillOfRecord(raw);
}

/** A parsed journal line as a fill; throws FillRecordError naming what is wrong. */
export function fillOfRecord(raw: unknown): { fill: Fill; journaledAtMs: number } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FillRecordError('not a JSON object');
  const o = raw as Record<string, unknown>;
  if (o.v !== FILL_RECORD_VERSION)
    throw new FillRecordError(`unknown record version ${JSON.stringify(o.v)} (this makerd reads version ${FILL_RECORD_VERSION})`);
  const side = o.side;
  if (side !== 'BUY' && side !== 'SELL') throw new FillRecordError(`field 'side' must be 'BUY' or 'SELL' (got ${JSON.stringify(side)})`);
  const role = o.role;
  if (role !== 'taker' && role !== 'maker')
    throw new FillRecordError(`field 'role' must be 'taker' or 'maker' (got ${JSON.stringify(role)})`);
  const outcomeIndex = o.outcomeIndex;
  if (outcomeIndex !== 0 && outcomeIndex !== 1)
    throw new FillRecordError(`field 'outcomeIndex' must be 0 or 1 (got ${JSON.stringify(outcomeIndex)})`);
  const matchTime = str(o, 'matchTime');
  const fill: Fill = {
    tradeId: str(o, 'tradeId'),
    conditionId: str(o, 'conditionId'),
    tokenId: str(o, 'tokenId'),
    outcomeIndex,
    side,
    price: dec(o, 'price', isValidPrice, 'strictly between 0 and 1'),
    size: dec(o, 'size', (d) => d.gt(0), '> 0'),
    role,
    fee: dec(o, 'fee', (d) => !d.isNegative(), '>= 0'),
    rebate: dec(o, 'rebate', (d) => !d.isNegative(), '>= 0'),
    matchTime,
    timestampMs: int(o, 'timestampMs'),
    orderId: str(o, 'orderId'),
  };
  return { fill, journaledAtMs: int(o, 'journaledAtMs') };
}
