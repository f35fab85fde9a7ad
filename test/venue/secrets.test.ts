import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoAdvanceClock } from '../support/auto-advance-clock.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { cancelResult, paged } from '../support/venue-fixtures.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
let venue: FakeVenue;
let client: VenueClient;
const secrets = [TEST_CREDENTIALS.secret, TEST_CREDENTIALS.passphrase];

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({
    baseUrl: venue.url,
    credentials: TEST_CREDENTIALS,
    clock: new AutoAdvanceClock(),
    logger: pino({ level: 'debug' }, sink),
    retry: { maxAttempts: 2, baseMs: 1, maxMs: 1 },
    random: () => 0,
  });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});

describe('secrets stay out of logs and errors', () => {
  it('logs one debug line per request with route, status and ms, and no header values', async () => {
    venue.on('DELETE', '/order', { json: cancelResult() });
    await client.cancelOrder({ orderId: 'o-1' });
    const signature = venue.requests[0]!.headers.service_signature as string;
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 20, route: 'DELETE /order', status: 200, attempt: 1, msg: 'venue request' });
    expect(typeof entry.ms).toBe('number');
    expect(lines.join('\n')).not.toContain(signature);
  });

  it('scrubs a venue error body that echoes the passphrase', async () => {
    venue.on('GET', '/data/trades', {
      status: 401,
      json: { error: `bad passphrase ${TEST_CREDENTIALS.passphrase} for secret ${TEST_CREDENTIALS.secret}`, code: 'AUTH' },
    });
    const err = await rejectionOf(client.getAccountTrades());
    expect(err.message).toBe('GET /data/trades: venue answered 401: bad passphrase [redacted] for secret [redacted] [AUTH]');
  });

  it('never shows a secret anywhere: logs, messages, JSON, inspect', async () => {
    venue.on('GET', '/data/orders', { status: 500, json: { error: 'boom' } }, { json: paged([]) });
    await client.getOpenOrders();
    venue.on('DELETE', '/cancel-market-orders', { status: 403, json: { error: `no ${TEST_CREDENTIALS.passphrase}` } });
    const err = await rejectionOf(client.cancelMarketOrders({ market: 'c' }));
    venue.on('DELETE', '/order', { destroy: true });
    const err2 = await rejectionOf(client.cancelOrder({ orderId: 'o-1' }));
    const texts = [
      lines.join('\n'),
      err.message,
      JSON.stringify(err),
      inspect(err),
      err2.message,
      inspect(err2),
      inspect(client, { depth: 5 }),
    ];
    for (const text of texts) for (const s of secrets) expect(text).not.toContain(s);
    expect(lines.length).toBeGreaterThanOrEqual(5);
  });
});
