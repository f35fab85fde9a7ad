import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import { tag } from '../support/venue-fixtures.js';

const NOW = 1_763_800_000_000;
let venue: FakeVenue;
let client: VenueClient;
const clock = new FakeClock(NOW);

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({ baseUrl: venue.url, clock, retry: { maxAttempts: 1 }, timeouts: { headersMs: 2_000 } });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

describe('venue answers map to the error catalogue', () => {
  const statusCases = [
    { status: 400, code: ErrorCode.BAD_PARAMETER },
    { status: 401, code: ErrorCode.AUTH },
    { status: 403, code: ErrorCode.AUTH },
    { status: 404, code: ErrorCode.NOT_FOUND },
    { status: 409, code: ErrorCode.REJECTED },
    { status: 425, code: ErrorCode.VENUE_RESTARTING },
    { status: 429, code: ErrorCode.THROTTLED },
    { status: 500, code: ErrorCode.VENUE_FAULT },
    { status: 503, code: ErrorCode.VENUE_FAULT },
  ];
  for (const { status, code } of statusCases) {
    it(`${status} -> ${code}, with the venue's message prefixed by the route`, async () => {
      venue.on('GET', '/tags', { status, json: { error: `tags said ${status}`, code: 'SOME_CODE' } });
      const err = await rejectionOf(client.getTags());
      expect(err.code).toBe(code);
      expect(err.status).toBe(status);
      expect(err.where).toBe('GET /tags');
      expect(err.message).toBe(`GET /tags: venue answered ${status}: tags said ${status} [SOME_CODE]`);
    });
  }

  it('429 carries Retry-After in seconds as retryAfterMs', async () => {
    venue.on('GET', '/tags', { status: 429, headers: { 'retry-after': '3' }, json: { error: 'slow down', code: 'THROTTLED' } });
    const err = await rejectionOf(client.getTags());
    expect(err.code).toBe(ErrorCode.THROTTLED);
    expect(err.retryAfterMs).toBe(3_000);
  });

  it('429 with an HTTP-date Retry-After waits until that date on the client clock', async () => {
    const at = new Date(NOW + 7_000).toUTCString();
    venue.on('GET', '/tags', { status: 429, headers: { 'retry-after': at }, json: { error: 'slow down', code: 'THROTTLED' } });
    const err = await rejectionOf(client.getTags());
    expect(err.retryAfterMs).toBe(7_000);
  });

  it('425 carries Retry-After too', async () => {
    venue.on('GET', '/book', { status: 425, headers: { 'retry-after': '1.5' }, json: { error: 'restarting', code: 'RESTARTING' } });
    const err = await rejectionOf(client.getBook({ token_id: 'x:0' }));
    expect(err.code).toBe(ErrorCode.VENUE_RESTARTING);
    expect(err.retryAfterMs).toBe(1_500);
  });

  it('an error body that is not JSON is quoted, shortened', async () => {
    venue.on('GET', '/tags', { status: 502, raw: `<html>${'x'.repeat(500)}</html>` });
    const err = await rejectionOf(client.getTags());
    expect(err.code).toBe(ErrorCode.VENUE_FAULT);
    expect(err.message.startsWith('GET /tags: venue answered 502: <html>xxx')).toBe(true);
    expect(err.message.length).toBeLessThan(260);
  });

  it('a 200 whose body is not JSON is BAD_RESPONSE', async () => {
    venue.on('GET', '/tags', { raw: '[{"id": "tg-1"' });
    const err = await rejectionOf(client.getTags());
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect(err.field).toBe('body');
    expect(err.message).toBe('GET /tags: response body is not JSON (14 bytes)');
  });

  it('a 200 with a good body passes (control for the cases above)', async () => {
    venue.on('GET', '/tags', { json: [tag()] });
    expect(await client.getTags()).toEqual([tag()]);
  });
});

describe('requests without a complete answer', () => {
  it('headers timeout -> TIMEOUT', async () => {
    const quick = createVenueClient({ baseUrl: venue.url, clock, retry: { maxAttempts: 1 }, timeouts: { headersMs: 100 } });
    venue.on('GET', '/book', { hang: true });
    try {
      const err = await rejectionOf(quick.getBook({ token_id: 'x:0' }));
      expect(err.code).toBe(ErrorCode.TIMEOUT);
      expect(err.message).toBe('GET /book: timed out (UND_ERR_HEADERS_TIMEOUT)');
    } finally {
      await quick.close();
    }
  });

  it("the call's own timeoutMs -> TIMEOUT", async () => {
    venue.on('GET', '/book', { hang: true });
    const err = await rejectionOf(client.getBook({ token_id: 'x:0' }, { timeoutMs: 100 }));
    expect(err.code).toBe(ErrorCode.TIMEOUT);
    expect(err.message).toBe('GET /book: timed out (no complete answer within 100 ms)');
  });

  it('a deadline already passed -> TIMEOUT without sending', async () => {
    venue.on('GET', '/book', { hang: true });
    const err = await rejectionOf(client.getBook({ token_id: 'x:0' }, { deadlineMs: NOW - 1 }));
    expect(err.code).toBe(ErrorCode.TIMEOUT);
    expect(venue.requests).toHaveLength(0);
  });

  it('connection refused -> NETWORK', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const dead = createVenueClient({ baseUrl: `http://127.0.0.1:${port}`, clock, retry: { maxAttempts: 1 } });
    try {
      const err = await rejectionOf(dead.getTags());
      expect(err.code).toBe(ErrorCode.NETWORK);
      expect(err.message).toBe('GET /tags: network failure (ECONNREFUSED)');
    } finally {
      await dead.close();
    }
  });

  it('a dropped connection -> NETWORK', async () => {
    venue.on('GET', '/tags', { destroy: true });
    const err = await rejectionOf(client.getTags());
    expect(err.code).toBe(ErrorCode.NETWORK);
  });

  it('the caller aborting mid-request -> ABORTED', async () => {
    const controller = new AbortController();
    venue.on('GET', '/book', () => {
      controller.abort();
      return { hang: true };
    });
    const err = await rejectionOf(client.getBook({ token_id: 'x:0' }, { signal: controller.signal }));
    expect(err.code).toBe(ErrorCode.ABORTED);
    expect(venue.requests).toHaveLength(1);
  });

  it('an already aborted signal -> ABORTED without sending', async () => {
    const err = await rejectionOf(client.getBook({ token_id: 'x:0' }, { signal: AbortSignal.abort() }));
    expect(err.code).toBe(ErrorCode.ABORTED);
    expect(venue.requests).toHaveLength(0);
  });
});

describe('client options', () => {
  it('refuses a base URL that is not http(s)', () => {
    expect(() => createVenueClient({ baseUrl: 'ftp://venue' })).toThrowError(/option 'baseUrl' must be an http\(s\) URL/);
    expect(() => createVenueClient({ baseUrl: 'venue:8080/x y' })).toThrowError(/baseUrl/);
  });

  it('refuses timeouts that are not positive', () => {
    expect(() => createVenueClient({ baseUrl: venue.url, timeouts: { headersMs: 0 } })).toThrowError(/timeouts.headersMs/);
  });

  it('sends catalog and CLOB routes to their own base URLs', async () => {
    const catalog = await FakeVenue.start();
    const split = createVenueClient({ baseUrl: venue.url, catalogBaseUrl: `${catalog.url}/gamma/`, retry: { maxAttempts: 1 } });
    try {
      catalog.on('GET', '/gamma/tags', { json: [tag()] });
      venue.on('GET', '/fee-rate', {
        json: { base_fee: 0, fd: { r: 0, e: 1, to: true }, fee_schedule: { rate: 0, exponent: 1, takerOnly: true, rebateRate: 0 } },
      });
      await split.getTags();
      await split.getFeeRate();
      expect(catalog.requests.map((r) => r.path)).toEqual(['/gamma/tags']);
      expect(venue.requests.map((r) => r.path)).toEqual(['/fee-rate']);
    } finally {
      await split.close();
      await catalog.close();
    }
  });
});
