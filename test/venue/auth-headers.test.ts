import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { RequestSigner } from '../../src/venue/signer.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue, type RecordedRequest } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { cancelResult, openOrder, orderResponse, paged } from '../support/venue-fixtures.js';

const NOW = 1_763_800_000_456;
const signer = new RequestSigner(TEST_CREDENTIALS.secret);
let venue: FakeVenue;
let client: VenueClient;

/** Recomputes the signature from what the venue received: its exact body and path without query. */
function expectSigned(req: RecordedRequest, prefix = 'service_'): void {
  expect(req.headers[`${prefix}address`]).toBe(TEST_CREDENTIALS.address);
  expect(req.headers[`${prefix}api_key`]).toBe(TEST_CREDENTIALS.apiKey);
  expect(req.headers[`${prefix}passphrase`]).toBe(TEST_CREDENTIALS.passphrase);
  expect(req.headers[`${prefix}timestamp`]).toBe(String(NOW));
  const expected = signer.sign({
    timestamp: String(NOW),
    method: req.method,
    path: req.path,
    body: req.body === '' ? undefined : req.body,
  });
  expect(req.headers[`${prefix}signature`]).toBe(expected);
}

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({ baseUrl: venue.url, credentials: TEST_CREDENTIALS, clock: new FakeClock(NOW), retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

describe('signed requests', () => {
  it('signs DELETE /order over the exact body bytes sent', async () => {
    venue.on('DELETE', '/order', { json: cancelResult() });
    await client.cancelOrder({ orderId: '0x5f1c2a9e' });
    const req = venue.requests[0]!;
    expect(req.body).toBe('{"orderId":"0x5f1c2a9e"}');
    expectSigned(req);
  });

  it('signs POST /order, whose body has multi-byte characters', async () => {
    venue.on('POST', '/order', { json: orderResponse() });
    await client.postOrder({
      order: { asset_id: 'c:0', side: 'SELL', price: '0.5', size: '1', expiration: '0', client_order_id: 'café-€' },
      orderType: 'GTC',
    });
    const req = venue.requests[0]!;
    expect(JSON.parse(req.body).order.client_order_id).toBe('café-€');
    expectSigned(req);
  });

  it('signs GET /data/orders over the path without its query string', async () => {
    venue.on('GET', '/data/orders', { json: paged([openOrder()]) });
    await client.getOpenOrders({ market: 'c', next_cursor: 'MA==' });
    const req = venue.requests[0]!;
    expect(req.query).toBe('market=c&next_cursor=MA%3D%3D');
    expectSigned(req);
  });

  it('signs the full path when the base URL has a path prefix, with a custom header prefix', async () => {
    const prefixed = createVenueClient({
      baseUrl: `${venue.url}/clob`,
      credentials: TEST_CREDENTIALS,
      headerPrefix: 'POLY_',
      clock: new FakeClock(NOW),
      retry: { maxAttempts: 1 },
    });
    try {
      venue.on('GET', '/clob/data/order/o-1', { json: openOrder() });
      await prefixed.getOrder({ id: 'o-1' });
      const req = venue.requests[0]!;
      expect(req.headers.service_api_key).toBeUndefined();
      expectSigned(req, 'poly_');
    } finally {
      await prefixed.close();
    }
  });

  it('refuses an authenticated endpoint without credentials, before sending', async () => {
    const anonymous = createVenueClient({ baseUrl: venue.url, retry: { maxAttempts: 1 } });
    try {
      venue.on('DELETE', '/order', { json: cancelResult() });
      const err = await rejectionOf(anonymous.cancelOrder({ orderId: 'o-1' }));
      expect(err.code).toBe(ErrorCode.AUTH);
      expect(err.message).toBe('DELETE /order: requires venue credentials and none are configured');
      const err2 = await rejectionOf(anonymous.postOrder({ order: openOrder() as never, orderType: 'GTC' }));
      expect(err2.code).toBe(ErrorCode.AUTH);
      expect(venue.requests).toHaveLength(0);
    } finally {
      await anonymous.close();
    }
  });
});
