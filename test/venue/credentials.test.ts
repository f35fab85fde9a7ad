import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { createVenueClient } from '../../src/venue/client.js';
import { VenueCredentials } from '../../src/venue/credentials.js';
import { RequestSigner } from '../../src/venue/signer.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

describe('VenueCredentials', () => {
  it('builds the five headers with the default SERVICE_ prefix', () => {
    const creds = new VenueCredentials(TEST_CREDENTIALS);
    const body = '{"orderId":"0x5f1c2a9e"}';
    const headers = creds.headersFor({ method: 'DELETE', path: '/order', body, timestampMs: 1_763_800_000_123 });
    expect(headers).toEqual({
      SERVICE_ADDRESS: TEST_CREDENTIALS.address,
      SERVICE_API_KEY: TEST_CREDENTIALS.apiKey,
      SERVICE_PASSPHRASE: TEST_CREDENTIALS.passphrase,
      SERVICE_TIMESTAMP: '1763800000123',
      // Shared reference vector 3 (same secret, timestamp, method, path and body).
      SERVICE_SIGNATURE: 'QZnbqsFjjjYw2ovBi0H3hWFpQi9ldxaAtaIDRLAJS3Q=',
    });
  });

  it('uses a configured prefix and signs the path without its query string', () => {
    const creds = new VenueCredentials(TEST_CREDENTIALS, 'POLY_');
    const headers = creds.headersFor({ method: 'GET', path: '/data/trades?next_cursor=MA==', timestampMs: 1_000 });
    expect(Object.keys(headers).sort()).toEqual(['POLY_ADDRESS', 'POLY_API_KEY', 'POLY_PASSPHRASE', 'POLY_SIGNATURE', 'POLY_TIMESTAMP']);
    const expected = new RequestSigner(TEST_CREDENTIALS.secret).sign({ timestamp: '1000', method: 'GET', path: '/data/trades' });
    expect(headers.POLY_SIGNATURE).toBe(expected);
  });

  it('never shows the secret or the passphrase when printed', () => {
    const creds = new VenueCredentials(TEST_CREDENTIALS);
    for (const text of [JSON.stringify(creds), inspect(creds), String(creds), `${creds}`, inspect({ nested: { creds } })]) {
      expect(text).not.toContain(TEST_CREDENTIALS.secret);
      expect(text).not.toContain(TEST_CREDENTIALS.passphrase);
    }
    expect(JSON.parse(JSON.stringify(creds))).toEqual({
      address: TEST_CREDENTIALS.address,
      apiKey: TEST_CREDENTIALS.apiKey,
      passphrase: '[redacted]',
      secret: '[redacted]',
    });
  });

  it('names a missing field without echoing any value', () => {
    expect(() => new VenueCredentials({ ...TEST_CREDENTIALS, passphrase: '' })).toThrowError("venue credentials: 'passphrase' is required");
    try {
      new VenueCredentials({ ...TEST_CREDENTIALS, secret: 'not base64!' });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain('not base64!');
      expect(String(err)).not.toContain(TEST_CREDENTIALS.passphrase);
    }
  });

  it('bad credentials given to the client stop it with a CONFIG error that names the field, not the value', () => {
    const secret = 'sup3r$ecret!';
    let caught: unknown;
    try {
      createVenueClient({ baseUrl: 'http://127.0.0.1:9', credentials: { ...TEST_CREDENTIALS, secret } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MakerdError);
    const e = caught as MakerdError;
    expect(e.code).toBe(ErrorCode.CONFIG);
    expect(e.field).toBe('credentials');
    expect(e.message).toBe("venue client: option 'credentials' is invalid: venue secret is not base64 or base64url text");
    expect(JSON.stringify(e) + String(e) + inspect(e)).not.toContain(secret);
  });
});
