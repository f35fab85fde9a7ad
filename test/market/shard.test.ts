import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { checkShard, fnv1a32, inShard, shardOf } from '../../src/market/shard.js';

const ZERO_ID = `0x${'0'.repeat(64)}`;
const F_ID = `0x${'f'.repeat(64)}`;
const MIXED_ID = `0xab045858${'1'.repeat(56)}`;

describe('shard', () => {
  it('is FNV-1a 32-bit over UTF-8 bytes (published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // Multi-byte UTF-8, checked against an independent implementation.
    expect(fnv1a32('é-ünïcode')).toBe(427790104);
  });

  it('pins the shard of fixed condition ids: these values must never change between versions', () => {
    expect([fnv1a32(ZERO_ID), fnv1a32(F_ID), fnv1a32(MIXED_ID)]).toEqual([1851197301, 3432336245, 1037339086]);
    expect([shardOf(ZERO_ID, 3), shardOf(F_ID, 3), shardOf(MIXED_ID, 3)]).toEqual([0, 2, 1]);
    expect([shardOf(ZERO_ID, 7), shardOf(F_ID, 7), shardOf(MIXED_ID, 7)]).toEqual([2, 2, 0]);
    expect(shardOf(MIXED_ID, 1)).toBe(0);
  });

  it('puts every id in exactly one shard, spread roughly evenly', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const id = `0x${i.toString(16).padStart(64, '0')}`;
      const owners = [0, 1, 2, 3].filter((index) => inShard(id, { index, count: 4 }));
      expect(owners).toHaveLength(1);
      counts[owners[0]!]!++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });

  it('rejects a bad index or count with a CONFIG error naming the key', () => {
    expect(() => checkShard({ index: 3, count: 3 })).toThrow(/shard\.index.*\[0, 2\]/);
    expect(() => inShard(ZERO_ID, { index: 0, count: 0 })).toThrow(/shard\.count/);
    expect(() => shardOf(ZERO_ID, 1.5)).toThrow(/shard\.count/);
    let code: unknown;
    try {
      checkShard({ index: -1, count: 2 });
    } catch (err) {
      code = (err as { code: string }).code;
    }
    expect(code).toBe(ErrorCode.CONFIG);
  });
});
