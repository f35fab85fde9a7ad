import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RequestSigner, decodeSecret } from '../../src/venue/signer.js';
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
