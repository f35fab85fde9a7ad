import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RequestSigner, decodeSecret } from '../../src/venue/signer.js';
import { SimRng } from '../../src/sim/rng.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

describe('RequestSigner message buffer', () => {
  it('signs messages longer than its reusable buffer, with multi-byte characters at the edge', () => {
    const signer = new RequestSigner(TEST_CREDENTIALS.secret);
    for (const len of [900, 998, 1000, 1010, 1017, 1020, 1030, 5000]) {
      const body = `{"note":"${'a'.repeat(len)}€✓"}`;
      const input = { timestamp: '1', method: 'POST', path: '/order', body };
      const expected = createHmac('sha256', decodeSecret(TEST_CREDENTIALS.secret))
        .update(input.timestamp + input.method + input.path + body)
        .digest('base64url');
      expect(signer.sign(input)).toBe(`${expected}=`);
    }
    // And a short one after growing.
    expect(signer.sign({ timestamp: '1', method: 'GET', path: '/', body: null })).toMatch(/^[A-Za-z0-9_-]{43}=$/);
  });
});

describe('RequestSigner state after the first block', () => {
  it('gives the signature of a fresh HMAC on 3,000 random messages, many sharing their first 64 bytes', () => {
    const r = new SimRng('signer-first-block');
    const signer = new RequestSigner(TEST_CREDENTIALS.secret);
    const key = decodeSecret(TEST_CREDENTIALS.secret);
    const token = (): string => `0x${Array.from({ length: 64 }, () => r.pick([...'0123456789abcdef'])).join('')}:${r.int(0, 1)}`;
    let timestamp = '1732550000000';
    let tokenId = token();
    let shared = 0;
    let previousHead = '';
    for (let i = 0; i < 3_000; i++) {
      // Runs of orders of one token in one millisecond, then another token or a later millisecond.
      if (r.chance(0.2)) tokenId = token();
      if (r.chance(0.1)) timestamp = String(Number(timestamp) + r.int(1, 3));
      const kind = r.int(0, 5);
      const input =
        kind === 0
          ? { timestamp, method: 'DELETE', path: '/order', body: `{"orderId":"${token()}"}` }
          : kind === 1
            ? // Around one block long, with a character of several bytes near the block's edge.
              {
                timestamp,
                method: 'POST',
                path: '/x',
                body: `${'b'.repeat(r.int(40, 52))}${r.pick(['€', 'é', '✓', 'z'])}${'c'.repeat(r.int(0, 3))}`,
              }
            : kind === 2
              ? { timestamp, method: 'GET', path: `/data/orders?market=${tokenId}`, body: undefined }
              : {
                  timestamp,
                  method: 'POST',
                  path: '/order',
                  body: `{"order":{"asset_id":"${tokenId}","side":"${r.pick(['BUY', 'SELL'])}","price":"0.${r.int(10, 99)}","size":"${r.int(5, 500)}"}}`,
                };
      const message = input.timestamp + input.method + input.path.split('?')[0]! + (input.body ?? '');
      const expected = `${createHmac('sha256', key).update(message).digest('base64url')}=`;
      expect(signer.sign(input), `message ${i}`).toBe(expected);
      const head = Buffer.from(message).subarray(0, 64).toString('hex');
      if (Buffer.byteLength(message) > 64 && head === previousHead) shared++;
      previousHead = Buffer.byteLength(message) > 64 ? head : previousHead;
    }
    // The reused state is exercised, and so is its replacement.
    expect(shared).toBeGreaterThan(500);
    expect(shared).toBeLessThan(2_900);
  });
});

describe('RequestSigner states after the first two blocks', () => {
  it('gives the signature of a fresh HMAC when messages share one, two or more blocks, or differ inside the second', () => {
    const r = new SimRng('signer-two-blocks');
    const signer = new RequestSigner(TEST_CREDENTIALS.secret);
    const key = decodeSecret(TEST_CREDENTIALS.secret);
    const base = `{"order":{"asset_id":"0x${'ab'.repeat(32)}:0","side":"BUY","price":"0.47","size":"20"}}`;
    let sharedTwo = 0;
    let previous = Buffer.alloc(0);
    for (let i = 0; i < 4_000; i++) {
      // One character changed somewhere in the first three blocks (or none), lengths around 64 and 128.
      const at = r.int(0, base.length);
      const body = r.chance(0.3)
        ? base
        : r.chance(0.2)
          ? base.slice(0, r.int(30, 110))
          : base.slice(0, at) + r.pick(['c', '€', '"', 'z']) + base.slice(at + 1);
      const input = {
        timestamp: '1732550000000',
        method: 'POST',
        path: r.chance(0.05) ? `/${'p'.repeat(r.int(100, 1500))}` : '/order',
        body,
      };
      const message = Buffer.from(input.timestamp + input.method + input.path + body);
      const expected = `${createHmac('sha256', key).update(message).digest('base64url')}=`;
      expect(signer.sign(input), `message ${i}`).toBe(expected);
      if (message.length > 129 && previous.length > 129 && message.subarray(0, 128).equals(previous.subarray(0, 128))) sharedTwo++;
      previous = message;
    }
    expect(sharedTwo).toBeGreaterThan(500);
  });
});

describe('RequestSigner padding and keys', () => {
  it('equals node:crypto for every message length around the padding boundaries, with short and long keys', () => {
    const long = Buffer.alloc(100, 7).toString('base64');
    for (const secret of [TEST_CREDENTIALS.secret, long, Buffer.from([1]).toString('base64'), Buffer.alloc(64, 9).toString('base64')]) {
      const signer = new RequestSigner(secret);
      const key = decodeSecret(secret);
      for (let len = 0; len <= 300; len++) {
        const input = { timestamp: '1732550000000', method: 'POST', path: '/o', body: 'x'.repeat(len) };
        const expected = createHmac('sha256', key)
          .update(input.timestamp + input.method + input.path + input.body)
          .digest('base64url');
        expect(signer.sign(input), `${len} bytes`).toBe(`${expected}=`);
      }
    }
  });
});
