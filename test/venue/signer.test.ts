import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RequestSigner, decodeSecret, signRequest } from '../../src/venue/signer.js';
import { fixturePath, sharedDir, sharedPath } from '../support/shared.js';
import { join } from 'node:path';
import { existsSync } from 'node:fs';

interface Vector {
  secret: string;
  timestamp: string;
  method: string;
  path: string;
  body: string | null;
  signature: string;
}

const vectors = (JSON.parse(readFileSync(sharedPath('venue-vectors.json'), 'utf8')) as { hmac: Vector[] }).hmac;

describe('RequestSigner', () => {
  it('has vectors to run', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(6);
  });

  it('keeps its fixture copy identical to shared/venue-vectors.json', () => {
    const dir = sharedDir();
    if (dir === undefined || !existsSync(join(dir, 'venue-vectors.json'))) return;
    expect(readFileSync(fixturePath('venue-vectors.json'), 'utf8')).toBe(readFileSync(join(dir, 'venue-vectors.json'), 'utf8'));
  });

  for (const [i, v] of vectors.entries()) {
    it(`matches reference vector ${i} (${v.method} ${v.path})`, () => {
      const signer = new RequestSigner(v.secret);
      expect(signer.sign(v)).toBe(v.signature);
      // Signing again with the same keyed instance gives the same answer (no state leaks between calls).
      expect(signer.sign(v)).toBe(v.signature);
    });
  }

  it('signRequest (secret in hand) gives the same answers for every vector, interleaving secrets', () => {
    for (const v of [...vectors, ...vectors.slice().reverse()]) expect(signRequest(v.secret, v)).toBe(v.signature);
  });

  it('interleaves requests on one keyed instance without cross-talk', () => {
    const signer = new RequestSigner(vectors[3]!.secret);
    const order = [3, 4, 5, 3, 5, 4];
    for (const i of order) expect(signer.sign(vectors[i]!)).toBe(vectors[i]!.signature);
  });

  it('never signs the query string', () => {
    const v = vectors[5]!;
    const signer = new RequestSigner(v.secret);
    expect(signer.sign({ ...v, path: `${v.path}?market=0xabc&next_cursor=MA==` })).toBe(v.signature);
  });

  it('keeps base64url alphabet and = padding', () => {
    const sig = new RequestSigner(vectors[0]!.secret).sign(vectors[0]!);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}=$/);
  });

  it('agrees with node:crypto for a body with multi-byte characters', () => {
    const secret = vectors[3]!.secret;
    const input = { timestamp: '1763800000000', method: 'POST', path: '/order', body: '{"note":"€ ✓"}' };
    const expected = createHmac('sha256', decodeSecret(secret))
      .update(input.timestamp + input.method + input.path + input.body)
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(new RequestSigner(secret).sign(input)).toBe(expected);
  });

  it('decodes base64 and base64url forms of the same key identically', () => {
    const url = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==';
    const std = url.replace(/-/g, '+').replace(/_/g, '/');
    expect(Buffer.from(decodeSecret(std)).equals(Buffer.from(decodeSecret(url)))).toBe(true);
  });

  it('rejects a secret that is not base64 without echoing it', () => {
    expect(() => new RequestSigner('not base64 at all!')).toThrowError(/not base64/);
    try {
      new RequestSigner('sup3r$ecret');
    } catch (err) {
      expect(String(err)).not.toContain('sup3r$ecret');
    }
  });

  it('does not print key material when inspected or serialized', () => {
    const signer = new RequestSigner(vectors[3]!.secret);
    expect(JSON.stringify({ signer })).toBe('{"signer":"[RequestSigner]"}');
  });
});
