/**
 * The journal's records: fills (fill-record.ts, no `kind` field) and, once a market resolves, the
 * settlement of each position held in it and later its redemption (settlement.ts), in the order
 * they were counted. Settlement and redemption lines are version 1 JSON with a `kind`, every
 * amount a decimal string:
 *
 *   {"v":1,"kind":"settlement","id":"settle:0xab…:0:12","conditionId":"0xab…","tokenId":"0xab…:0",
 *    "outcomeIndex":0,"price":"1","size":"25","cost":"11.5","payout":"25","pnl":"13.5",
 *    "atMs":1767225600000,"journaledAtMs":1767225600004}
 *   {"v":1,"kind":"redemption","id":"redeem:settle:0xab…:0:12","settlementId":"settle:0xab…:0:12",
 *    "conditionId":"0xab…","tokenId":"0xab…:0","atMs":1767229200000,"journaledAtMs":1767229200002}
 *
 * Decoding checks every field and says which one is wrong (FillRecordError, as for fills).
 */
import type { Fill } from './fill.js';
import { encodeFill, fillOfRecord } from './fill-record.js';
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
import type { Redemption, Settlement } from './settlement.js';

export type JournalEntry = Fill | Settlement | Redemption;

export function isFill(e: JournalEntry): e is Fill {
  return !('kind' in e);
}

/** The id the replay and the portfolio key an entry on (fills: their tradeId). */
export function entryId(e: JournalEntry): string {
  return isFill(e) ? e.tradeId : e.id;
}

export function encodeEntry(e: JournalEntry, journaledAtMs: number): string {
  if (isFill(e)) return encodeFill(e, journaledAtMs);
  if (e.kind === 'settlement') {
    return JSON.stringify({
      v: FILL_RECORD_VERSION,
      kind: e.kind,
      id: e.id,
      conditionId: e.conditionId,
      tokenId: e.tokenId,
      outcomeIndex: e.outcomeIndex,
      price: e.price.toFixed(),
      size: e.size.toFixed(),
      cost: e.cost.toFixed(),
      payout: e.payout.toFixed(),
      pnl: e.pnl.toFixed(),
      atMs: e.atMs,
      journaledAtMs,
    });
  }
  return JSON.stringify({
    v: FILL_RECORD_VERSION,
    kind: e.kind,
    id: e.id,
    settlementId: e.settlementId,
    conditionId: e.conditionId,
    tokenId: e.tokenId,
    atMs: e.atMs,
    journaledAtMs,
  });
}

function decodeSettlement(o: Record<string, unknown>): Settlement {
  const outcomeIndex = outcomeIndexField(o);
  const id = stringField(o, 'id');
  if (!id.startsWith('settle:'))
    throw new FillRecordError(`field 'id' of a settlement must start with 'settle:' (got ${JSON.stringify(id)})`);
  return {
    kind: 'settlement',
    id,
    conditionId: stringField(o, 'conditionId'),
    tokenId: stringField(o, 'tokenId'),
    outcomeIndex,
    price: decimalField(o, 'price', (d) => d.eq(0) || d.eq(1), 'of 0 or 1'),
    size: decimalField(o, 'size', (d) => !d.isZero(), 'other than 0'),
    cost: decimalField(o, 'cost', (d) => !d.isNegative(), '>= 0'),
    payout: decimalField(o, 'payout', () => true, ''),
    pnl: decimalField(o, 'pnl', () => true, ''),
    atMs: nonNegativeIntField(o, 'atMs'),
  };
}

function decodeRedemption(o: Record<string, unknown>): Redemption {
  const id = stringField(o, 'id');
  const settlementId = stringField(o, 'settlementId');
  if (id !== `redeem:${settlementId}`)
    throw new FillRecordError(`field 'id' of a redemption must be 'redeem:' and its settlementId (got ${JSON.stringify(id)})`);
  return {
    kind: 'redemption',
    id,
    settlementId,
    conditionId: stringField(o, 'conditionId'),
    tokenId: stringField(o, 'tokenId'),
    atMs: nonNegativeIntField(o, 'atMs'),
  };
}

/** Parses one journal line (any record); throws FillRecordError naming what is wrong. */
export function decodeEntry(line: string): { entry: JournalEntry; journaledAtMs: number } {
  const raw = parseRecordLine(line);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('kind' in raw)) {
    const { fill, journaledAtMs } = fillOfRecord(raw);
    return { entry: fill, journaledAtMs };
  }
  const o = raw as Record<string, unknown>;
  checkRecordVersion(o);
  const journaledAtMs = nonNegativeIntField(o, 'journaledAtMs');
  if (o.kind === 'settlement') return { entry: decodeSettlement(o), journaledAtMs };
  if (o.kind === 'redemption') return { entry: decodeRedemption(o), journaledAtMs };
  throw new FillRecordError(`field 'kind' must be 'settlement' or 'redemption' (got ${JSON.stringify(o.kind)})`);
}
