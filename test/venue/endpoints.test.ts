import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { ENDPOINTS, ENDPOINT_IDS } from '../../src/venue/endpoints.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { CASES } from './endpoint-cases.js';

let venue: FakeVenue;
let client: VenueClient;

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({
    baseUrl: venue.url,
    credentials: TEST_CREDENTIALS,
    clock: new FakeClock(),
    retry: { maxAttempts: 1 },
  });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

it('has a case for every endpoint of the registry', () => {
  expect(CASES.map((c) => c.id).sort()).toEqual([...ENDPOINT_IDS].sort());
});

for (const tc of CASES) {
  const def = ENDPOINTS[tc.id];
  describe(`${tc.id} (${def.route})`, () => {
    it('sends the exact request and returns the typed answer', async () => {
      venue.on(def.method, tc.path, { json: tc.reply });
      const result = await tc.call(client);
      // Compared in its JSON form: the order-book reads hand over checked classes whose JSON is
      // the venue's answer (src/venue/checked-book.ts); every other answer is plain JSON already.
      expect(JSON.parse(JSON.stringify(result))).toEqual(tc.returns ?? tc.reply);
      expect(venue.requests).toHaveLength(1);
      const req = venue.requests[0]!;
      expect(req.method).toBe(def.method);
      expect(req.path).toBe(tc.path);
      expect(req.query).toBe(tc.query);
      expect(req.body).toBe(tc.body ?? '');
      if (tc.body !== undefined) expect(req.headers['content-type']).toBe('application/json');
      // Only the authenticated endpoints carry credentials.
      expect(req.headers.service_api_key).toBe(def.auth ? TEST_CREDENTIALS.apiKey : undefined);
    });

    it('rejects a bad parameter before sending anything', async () => {
      venue.on(def.method, tc.path, { json: tc.reply });
      const err = await rejectionOf(tc.bad.call(client));
      expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.field).toBe(tc.bad.param);
      expect(err.message).toContain(def.route);
      expect(err.message).toContain(`'${tc.bad.param}'`);
      expect(venue.requests).toHaveLength(0);
    });

    it('refuses a malformed answer, naming the endpoint and the field', async () => {
      venue.on(def.method, tc.path, { json: tc.malformed.reply });
      const err = await rejectionOf(tc.call(client));
      expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
      expect(err.where).toBe(def.route);
      expect(err.field).toBe(tc.malformed.field);
      expect(err.message).toContain(`${def.route}: response field '${tc.malformed.field}'`);
    });
  });
}
