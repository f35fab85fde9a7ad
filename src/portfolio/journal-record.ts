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
import { parseDecimal, type Decimal } from '../money.js';
import type { Fill } from './fill.js';
import { encodeFill, FILL_RECORD_VERSION, FillRecordError, fillOfRecord } from './fill-record.js';
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

function decodeSettlement(o: Record<string, unknown>): Settlement {
  const outcomeIndex = o.outcomeIndex;
  if (outcomeIndex !== 0 && outcomeIndex !== 1)
    throw new FillRecordError(`field 'outcomeIndex' must be 0 or 1 (got ${JSON.stringify(outcomeIndex)})`);
  const id = str(o, 'id');
  if (!id.startsWith('settle:'))
    throw new FillRecordError(`field 'id' of a settlement must start with 'settle:' (got ${JSON.stringify(id)})`);
  return {
    kind: 'settlement',
    id,
    conditionId: str(o, 'conditionId'),
    tokenId: str(o, 'tokenId'),
    outcomeIndex,
    price: dec(o, 'price', (d) => d.eq(0) || d.eq(1), 'of 0 or 1'),
    size: dec(o, 'size', (d) => !d.isZero(), 'other than 0'),
    cost: dec(o, 'cost', (d) => !d.isNegative(), '>= 0'),
    payout: dec(o, 'payout', () => true, ''),
    pnl: dec(o, 'pnl', () => true, ''),
    atMs: int(o, 'atMs'),
  };
}

function decodeRedemption(o: Record<string, unknown>): Redemption {
  const id = str(o, 'id');
  const settlementId = str(o, 'settlementId');
  if (id !== `redeem:${settlementId}`)
    throw new FillRecordError(`field 'id' of a redemption must be 'redeem:' and its settlementId (got ${JSON.stringify(id)})`);
  return { kind: 'redemption', id, settlementId, conditionId: str(o, 'conditionId'), tokenId: str(o, 'tokenId'), atMs: int(o, 'atMs') };
}

/** Parses one journal line (any record); throws FillRecordError naming what is wrong. */
export function decodeEntry(line: string): { entry: JournalEntry; journaledAtMs: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new FillRecordError('not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('kind' in raw)) {
    const { fill, journaledAtMs } = fillOfRecord(raw);
    return { entry: fill, journaledAtMs };
  }
  const o = raw as Record<string, unknown>;
  if (o.v !== FILL_RECORD_VERSION)
    throw new FillRecordError(`unknown record version ${JSON.stringify(o.v)} (this makerd reads version ${FILL_RECORD_VERSION})`);
  const journaledAtMs = int(o, 'journaledAtMs');
  if (o.kind === 'settlement') return { entry: decodeSettlement(o), journaledAtMs };
  if (o.kind === 'redemption') return { entry: decodeRedemption(o), journaledAtMs };
  throw new FillRecordError(`field 'kind' must be 'settlement' or 'redemption' (got ${JSON.stringify(o.kind)})`);
}
