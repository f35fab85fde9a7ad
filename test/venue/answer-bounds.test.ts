/**
 * Bounded answers (src/venue/http/answer-bounds.ts) against real HTTP servers on port 0: an answer
 * over its route's bound is refused while it streams (the server sees the connection close long
 * before it has written everything, and the client read at most the bound plus one chunk), an
 * answer announced too large is refused before its body, a trickling answer is cut as too slow
 * (on a fake clock: no sleeps), an answer within its bounds still works; each refusal is counted
 * with its route and reason on the registry, and logged once per episode.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { venueRequestMetrics } from '../../src/metrics/venue-metrics.js';
import { createVenueClient, type VenueClient, type VenueClientOptions } from '../../src/venue/client.js';
import { AnswerRefused, answerLimitBytes, DEFAULT_ANSWER_BOUNDS } from '../../src/venue/http/answer-bounds.js';
import { HttpTransport } from '../../src/venue/http/transport.js';
import { ENDPOINTS } from '../../src/venue/endpoints.js';
import { Inbox } from '../market/inbox.js';
import { rejectionOf } from '../support/catch-error.js';
import { logCapture } from '../support/log-capture.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { book, paged, openOrder, TOKEN_NO, TOKEN_YES } from '../support/venue-fixtures.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A server answering every request with the next handler (the last one repeats). */
async function server(...handlers: Handler[]): Promise<{ url: string; server: Server }> {
  const srv = createServer((req, res) => {
    req.resume();
    req.on('end', () => (handlers.length > 1 ? handlers.shift()! : handlers[0]!)(req, res));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  cleanup.push(
    () =>
      new Promise<void>((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, server: srv };
}

/** What a streaming handler managed to write before the client hung up. */
interface Streamed {
  written: number;
  closedEarly: boolean;
}

/**
 * A handler streaming `total` bytes of a JSON array (chunked, no Content-Length) in 16 KiB writes,
 * respecting backpressure, and stopping when the client closes the connection.
 */
function streamingAnswer(total: number, out: Inbox<Streamed>): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.from(`[${' '.repeat(16_382)},`);
    const state: Streamed = { written: 0, closedEarly: false };
    let done = false;
    res.on('close', () => {
      if (done) return;
      done = true;
      state.closedEarly = state.written < total;
      out.push(state);
    });
    const pump = (): void => {
      while (!done && state.written < total) {
        state.written += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!done && state.written >= total) res.end(']');
    };
    pump();
  };
}

const json =
  (value: unknown): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

function client(url: string, patch: Partial<VenueClientOptions> = {}) {
  const registry = createRegistry();
  const { logger, lines } = logCapture('info');
  const c: VenueClient = createVenueClient({
    baseUrl: url,
    clock: new FakeClock(1_763_800_000_000),
    retry: { maxAttempts: 1 },
    onRequest: venueRequestMetrics(registry),
    logger,
    ...patch,
  });
  cleanup.push(() => c.close());
  const refused = async (route: string, reason: string): Promise<number | undefined> => {
    const m = (await registry.getMetricsAsJSON()).find((x) => x.name === 'makerd_venue_answers_refused_total');
    return m?.values.find((v) => v.labels.route === route && v.labels.reason === reason)?.value as number | undefined;
  };
  return { client: c, registry, lines, refused };
}

// Small bounds: a books answer for 2 tokens may have 1 KiB + 2 x 4 KiB.
const SMALL = { recordBytes: 1_024, bookBytes: 4_096 };
const BOOKS_BOUND = 1_024 + 2 * 4_096;

describe('answer bounds per route', () => {
  it('grow with the tokens of a books batch; listings get a page, single records a record', () => {
    const b = DEFAULT_ANSWER_BOUNDS;
    expect(answerLimitBytes(b, { def: ENDPOINTS.postBooks, items: 500 })).toBe(b.recordBytes + 500 * b.bookBytes);
    expect(answerLimitBytes(b, { def: ENDPOINTS.postBooks, items: 500 })).toBeLessThanOrEqual(65 * 1024 * 1024);
    expect(answerLimitBytes(b, { def: ENDPOINTS.getBook })).toBe(b.recordBytes + b.bookBytes);
    expect(answerLimitBytes(b, { def: ENDPOINTS.postMidpoints, items: 10 })).toBe(b.recordBytes + 2_560);
    expect(answerLimitBytes(b, { def: ENDPOINTS.getOpenOrders })).toBe(b.pageBytes);
    expect(answerLimitBytes(b, { def: ENDPOINTS.getMarkets })).toBe(b.pageBytes);
    expect(answerLimitBytes(b, { def: ENDPOINTS.getOrder })).toBe(b.recordBytes);
    expect(answerLimitBytes(b, { def: ENDPOINTS.postOrder })).toBe(b.recordBytes);
  });
});

describe('an answer over its bound', () => {
  it('is refused while it streams: the server sees the close long before the end, the client read at most the bound and a chunk', async () => {
    const streamed = new Inbox<Streamed>();
    const total = 64 * 1024 * 1024;
    const { url } = await server(streamingAnswer(total, streamed));
    const { client: c, refused } = client(url, { answers: SMALL });
    const err = await rejectionOf(c.postBooks([TOKEN_YES, TOKEN_NO]));
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect(err.where).toBe('POST /books');
    expect(err.message).toContain('venue.answers.bookBytes');
    const refusal = err.cause as AnswerRefused;
    expect(refusal).toBeInstanceOf(AnswerRefused);
    expect(refusal.reason).toBe('too_large');
    expect(refusal.limit).toBe(BOOKS_BOUND);
    expect(refusal.bytes).toBeGreaterThan(BOOKS_BOUND);
    expect(refusal.bytes).toBeLessThanOrEqual(BOOKS_BOUND + 64 * 1024);
    const s = await streamed.next();
    expect(s.closedEarly).toBe(true);
    // What the server got out before the close: socket buffers, never the answer.
    expect(s.written).toBeLessThan(total / 4);
    expect(await refused('POST /books', 'too_large')).toBe(1);
    expect(await refused('POST /books', 'too_slow')).toBe(0);
  });

  it('is refused at its headers when its Content-Length is over the bound', async () => {
    const streamed = new Inbox<Streamed>();
    const { url } = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(400 * 1024 * 1024) });
      res.on('close', () => streamed.push({ written: 0, closedEarly: true }));
      res.write('[');
    });
    const { client: c, refused } = client(url, { answers: SMALL });
    const err = await rejectionOf(c.postBooks([TOKEN_YES, TOKEN_NO]));
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect((err.cause as AnswerRefused).bytes).toBe(400 * 1024 * 1024);
    expect(err.message).toContain(`answer of ${400 * 1024 * 1024} bytes announced`);
    expect((await streamed.next()).closedEarly).toBe(true);
    expect(await refused('POST /books', 'too_large')).toBe(1);
  });

  it('is not tried again (the next attempt would be as large)', async () => {
    const streamed = new Inbox<Streamed>();
    const { url } = await server(streamingAnswer(1024 * 1024, streamed));
    const { client: c, registry } = client(url, { answers: SMALL, retry: { maxAttempts: 3, baseMs: 1, maxMs: 1 } });
    const err = await rejectionOf(c.postBooks([TOKEN_YES, TOKEN_NO]));
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    const attempts = (await registry.getMetricsAsJSON()).find((m) => m.name === 'makerd_venue_requests_total')!.values;
    expect(attempts).toEqual([{ labels: { route: 'POST /books', outcome: ErrorCode.BAD_RESPONSE }, value: 1 }]);
  });

  it('is logged once for a run of refusals, and once when the route answers within bounds again', async () => {
    const streamed = new Inbox<Streamed>();
    const big = streamingAnswer(1024 * 1024, streamed);
    const good = json([book(TOKEN_YES), book(TOKEN_NO)]);
    const { url } = await server(big, big, big, good);
    const { client: c, lines, refused } = client(url, { answers: SMALL });
    for (let i = 0; i < 3; i++) expect((await rejectionOf(c.postBooks([TOKEN_YES, TOKEN_NO]))).code).toBe(ErrorCode.BAD_RESPONSE);
    expect(await c.postBooks([TOKEN_YES, TOKEN_NO])).toHaveLength(2);
    expect(await c.postBooks([TOKEN_YES, TOKEN_NO])).toHaveLength(2);
    expect(await refused('POST /books', 'too_large')).toBe(3);
    const warns = lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]).toMatchObject({ route: 'POST /books', reason: 'too_large', limit: BOOKS_BOUND, setting: 'venue.answers.bookBytes' });
    expect(String(warns[0]!.msg)).toMatch(/^venue answer refused \(too_large\).*further POST \/books refused answers are counted/);
    const recovered = lines.filter((l) => l.level === 'info' && String(l.msg).includes('works again'));
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ msg: 'POST /books works again after 3 refused answer(s)', failures: 3 });
  });
});

describe('an answer that trickles', () => {
  it('is cut as too slow once it falls behind the minimum rate, counted and logged (GET /data/orders, one byte at a time)', async () => {
    let fakeNow = 0;
    // Each reading of the clock: once at the headers, once per body chunk.
    let readings = 0;
    const read = new Inbox<number>();
    const transport = new HttpTransport({
      timeouts: { connectMs: 5_000, headersMs: 5_000, bodyMs: 60_000 },
      connections: 1,
      minBytesPerSec: 100,
      slowGraceMs: 1_000,
      now: () => {
        read.push(++readings);
        return fakeNow;
      },
    });
    const writeMore = new Inbox<ServerResponse>();
    const streamed = new Inbox<Streamed>();
    const { url } = await server((req, res) => {
      expect(req.url).toMatch(/^\/data\/orders/);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      res.on('close', () => streamed.push({ written: 2, closedEarly: true }));
      writeMore.push(res);
    });
    const { client: c, lines, refused } = client(url, { transport, credentials: TEST_CREDENTIALS });
    const pending = rejectionOf(c.getOpenOrders());
    const res = await writeMore.next();
    await read.next((n) => n === 2); // the headers and '{' are in: the rate rule counts from the headers
    // Within the grace a byte is fine...
    fakeNow += 500;
    res.write('"');
    await read.next((n) => n === 3);
    // ...4 s later, 3 bytes are far below 100 bytes/s after a 1 s grace.
    fakeNow += 4_000;
    res.write('d');
    const err = await pending;
    expect(err.code).toBe(ErrorCode.TIMEOUT);
    expect(err.where).toBe('GET /data/orders');
    expect(err.message).toContain('venue.answers.minBytesPerSec');
    expect((err.cause as AnswerRefused).reason).toBe('too_slow');
    expect((await streamed.next()).closedEarly).toBe(true);
    expect(await refused('GET /data/orders', 'too_slow')).toBe(1);
    const warns = lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]).toMatchObject({ route: 'GET /data/orders', reason: 'too_slow', bytes: 3, setting: 'venue.answers.minBytesPerSec' });
  });

  it('that stops altogether (the body timeout) is refused as too slow as well', async () => {
    const { url } = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
    });
    const { client: c, refused, lines } = client(url, { credentials: TEST_CREDENTIALS, timeouts: { bodyMs: 50 } });
    const err = await rejectionOf(c.getOpenOrders());
    expect(err.code).toBe(ErrorCode.TIMEOUT);
    expect((err.cause as AnswerRefused).reason).toBe('too_slow');
    expect(err.message).toContain('the body stopped after 9 bytes');
    expect(await refused('GET /data/orders', 'too_slow')).toBe(1);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });
});

describe('an answer within its bounds', () => {
  it('works as before, up to its bound exactly, and nothing is counted', async () => {
    const answer = [book(TOKEN_YES), book(TOKEN_NO)];
    const text = JSON.stringify(answer);
    const exact = `${text}${' '.repeat(BOOKS_BOUND - Buffer.byteLength(text))}`;
    expect(Buffer.byteLength(exact)).toBe(BOOKS_BOUND);
    const { url } = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(exact);
    });
    const { client: c, refused, lines } = client(url, { answers: SMALL });
    const books = await c.postBooks([TOKEN_YES, TOKEN_NO]);
    expect(books.map((b) => b.snapshot.asset_id)).toEqual([TOKEN_YES, TOKEN_NO]);
    expect(await refused('POST /books', 'too_large')).toBe(0);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('with the default bounds: a page of open orders, a single order', async () => {
    const { url } = await server(json(paged([openOrder('o-1'), openOrder('o-2')])), json(openOrder('o-3')));
    const { client: c } = client(url, { credentials: TEST_CREDENTIALS });
    expect((await c.getOpenOrders()).data).toHaveLength(2);
    expect((await c.getOrder({ id: 'o-3' })).id).toBe('o-3');
  });
});
