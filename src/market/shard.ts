/**
 * Sharding: N daemons on one account split the selected markets between them without overlap and
 * without talking to each other. A market belongs to shard
 *
 *   fnv1a32(UTF-8 bytes of its condition id) mod count
 *
 * FNV-1a 32-bit (offset basis 0x811c9dc5, prime 0x01000193), over the condition id exactly as the
 * venue spells it (market selection always takes the venue's spelling, so every daemon hashes the
 * same text). The function is part of the operator contract: changing it would move markets
 * between running daemons, so it must never change (test/market/shard.test.ts pins values).
 */
import { ErrorCode, MakerdError } from '../errors.js';

export interface ShardSpec {
  /** This daemon's shard, 0 <= index < count. */
  readonly index: number;
  /** Number of daemons sharing the account, >= 1. */
  readonly count: number;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();

/** FNV-1a 32-bit of the UTF-8 bytes of `text`, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let h = FNV_OFFSET;
  for (const byte of utf8.encode(text)) {
    h ^= byte;
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h >>> 0;
}

function shardError(field: string, rule: string, value: unknown): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `shard: '${field}' ${rule} (got ${JSON.stringify(value)})`, { where: 'config', field });
}

/** Throws CONFIG unless count is an integer >= 1 and index an integer in [0, count). */
export function checkShard(shard: ShardSpec): ShardSpec {
  if (!Number.isSafeInteger(shard.count) || shard.count < 1) throw shardError('shard.count', 'must be an integer >= 1', shard.count);
  if (!Number.isSafeInteger(shard.index) || shard.index < 0 || shard.index >= shard.count) {
    throw shardError('shard.index', `must be an integer in [0, ${shard.count - 1}]`, shard.index);
  }
  return shard;
}

/** The shard (0 .. count-1) a condition id belongs to. */
export function shardOf(conditionId: string, count: number): number {
  if (!Number.isSafeInteger(count) || count < 1) throw shardError('shard.count', 'must be an integer >= 1', count);
  return fnv1a32(conditionId) % count;
}

/** Whether this daemon (shard.index of shard.count) owns the market. */
export function inShard(conditionId: string, shard: ShardSpec): boolean {
  checkShard(shard);
  return shardOf(conditionId, shard.count) === shard.index;
}
