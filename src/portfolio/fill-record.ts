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
import { isValidPrice } from '../money.js';
import type { Fill } from './fill.js';
import {
  checkRecordVersion,
  decimalField,
  FILL_RECORD_VERSION,
  FillRecordError,
  nonNegativeIntField,
  outcomeIndexField,
  parseRecordLine,
  stringField,
} from './record-fields.js';

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

/** Parses one journal line; throws FillRecordError naming what is wrong. */
export function decodeFill(line: string): { fill: Fill; journaledAtMs: number } {
  return fillOfRecord(parseRecordLine(line));
}

/** A parsed journal line as a fill; throws FillRecordError naming what is wrong. */
export function fillOfRecord(raw: unknown): { fill: Fill; journaledAtMs: number } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FillRecordError('not a JSON object');
  const o = raw as Record<string, unknown>;
  checkRecordVersion(o);
  const side = o.side;
  if (side !== 'BUY' && side !== 'SELL') throw new FillRecordError(`field 'side' must be 'BUY' or 'SELL' (got ${JSON.stringify(side)})`);
  const role = o.role;
  if (role !== 'taker' && role !== 'maker')
    throw new FillRecordError(`field 'role' must be 'taker' or 'maker' (got ${JSON.stringify(role)})`);
  const outcomeIndex = outcomeIndexField(o);
  const matchTime = stringField(o, 'matchTime');
  const fill: Fill = {
    tradeId: stringField(o, 'tradeId'),
    conditionId: stringField(o, 'conditionId'),
    tokenId: stringField(o, 'tokenId'),
    outcomeIndex,
    side,
    price: decimalField(o, 'price', isValidPrice, 'strictly between 0 and 1'),
    size: decimalField(o, 'size', (d) => d.gt(0), '> 0'),
    role,
    fee: decimalField(o, 'fee', (d) => !d.isNegative(), '>= 0'),
    rebate: decimalField(o, 'rebate', (d) => !d.isNegative(), '>= 0'),
    matchTime,
    timestampMs: nonNegativeIntField(o, 'timestampMs'),
    orderId: stringField(o, 'orderId'),
  };
  return { fill, journaledAtMs: nonNegativeIntField(o, 'journaledAtMs') };
}
