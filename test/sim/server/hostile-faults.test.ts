/**
 * The hostile-answer faults, switched at run time through POST /_sim/faults against a real server
 * on port 0: huge books (levels off the tick grid), giant answers streamed in chunks, a flood of
 * large market-stream messages, answers trickled a byte a second, deeply nested JSON and binary
 * garbage. Each test reads what was sent (levels, bytes, depth) and that switching off restores
 * the normal answer.
 */
import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { TRICKLE_INTERVAL_MS } from '../../../src/sim/server/body-stream.js';
import { GARBAGE_BYTES, hugePrice, MB } from '../../../src/sim/server/hostile-answers.js';
import { simulatorOptions } from '../../../src/sim/sim-options.js';
import type { OrderBookSnapshot } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';
import { rest, synthetic, tokenWithTick } from './trade-helpers.js';

let h: SimHarness;
let tokenId: string;
let other: string;
beforeAll(async () => {
  h = await startSimHarness({ markets: 4, edgeLimits: { enabled: false } });
  tokenId = tokenWithTick(h, '0.01').tokenId;
  other = tokenWithTick(h, '0.01', 1).tokenId;
  rest(h, synthetic(h, 0), tokenId, 'BUY', '0.40', '20');
  rest(h, synthetic(h, 1), tokenId, 'SELL', '0.60', '20');
});
afterAll(() => h.close());
afterEach(async () => {
  const r = await h.setFaults({
    hugeBooks: 0,
    giantAnswersMb: 0,
    streamFloodMb: 0,
    streamFloodPerSec: 4,
    trickle: false,
    deepJson: 0,
    garbage: false,
  });
  expect(r.status).toBe(200);
});

const book = () => h.request<OrderBookSnapshot>('GET', '/book', { query: { token_id: tokenId } });
const books = (ids: string[]) => h.request<OrderBookSnapshot[]>('POST', '/books', { body: ids.map((t) => ({ token_id: t })) });
const faultCount = async (kind: string): Promise<number> => ((await h.stats()).faults_injected as Record<string, number>)[kind] ?? 0;
const faultBytes = async (kind: string): Promise<number> => ((await h.stats()).fault_bytes_sent as Record<string, number>)[kind] ?? 0;

/** Billionths of a decimal price string (every price here has at most 9 decimals). */
const units = (p: string): number => Math.round(Number(p) * 1e9);

/** Checks a huge side: `n` levels, distinct, in (0, 1), worst first, none on a 0.0001 grid. */
function expectHugeSide(levels: { price: string; size: string }[], side: 'bids' | 'asks', n: number): void {
  expect(levels).toHaveLength(n);
  // Plain loops, one expect each: a million expect calls take seconds.
  const bad = { range: 0, onGrid: 0, order: 0 };
  let prev: number | undefined;
  for (const l of levels) {
    const u = units(l.price);
    if (!(u > 0 && u < 1e9)) bad.range++;
    // Off every tick grid: ticks are multiples of 10^-4 (100,000 billionths).
    if (u % 100_000 === 0) bad.onGrid++;
    if (prev !== undefined && !(side === 'bids' ? u > prev : u < prev)) bad.order++;
    prev = u;
  }
  expect(bad).toEqual({ range: 0, onGrid: 0, order: 0 });
  // Best last, as the simulator orders its sides.
  expect(levels.at(-1)!.price).toBe(hugePrice(side, 0, n));
}

/** Reads a response as a stream without keeping it: bytes, the first and last `keep` bytes, the headers. */
function streamRead(
  path: string,
  body: string,
  keep = 64,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number; head: string; tail: string }> {
  const url = new URL(h.baseUrl + path);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let bytes = 0;
        let head = Buffer.alloc(0);
        let tail = Buffer.alloc(0);
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (head.length < keep) head = Buffer.concat([head, c.subarray(0, keep - head.length)]);
          tail = Buffer.concat([tail, c]).subarray(-keep);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, head: head.toString(), tail: tail.toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('hugeBooks', () => {
  it('answers GET /book with 100,000 levels a side by default (true), every price off the tick grid', async () => {
    expect((await h.setFaults({ hugeBooks: true })).body).toMatchObject({ hugeBooks: 100_000 });
    const r = await book();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-length')).toBeNull(); // streamed as generated
    expect(r.body.asset_id).toBe(tokenId);
    expect(r.body.tick_size).toBe('0.01');
    expectHugeSide(r.body.bids, 'bids', 100_000);
    expectHugeSide(r.body.asks, 'asks', 100_000);
    expect(r.text.length).toBeGreaterThan(7_000_000);
    expect(await faultCount('huge_books')).toBeGreaterThanOrEqual(1);
  });

  it('answers every book of POST /books with N levels a side; off restores the real books', async () => {
    await h.setFaults({ hugeBooks: 1_500 });
    const r = await books([tokenId, other]);
    expect(r.status).toBe(200);
    expect(r.body.map((b) => b.asset_id)).toEqual([tokenId, other]);
    for (const b of r.body) {
      expectHugeSide(b.bids, 'bids', 1_500);
      expectHugeSide(b.asks, 'asks', 1_500);
    }
    await h.setFaults({ hugeBooks: 0 });
    const normal = await books([tokenId]);
    expect(normal.body[0]!.bids).toEqual([{ price: '0.4', size: '20' }]);
    expect((await book()).body.asks).toEqual([{ price: '0.6', size: '20' }]);
  });

  it('stops generating when the client hangs up', async () => {
    await h.setFaults({ hugeBooks: 1_000_000 });
    const before = await faultBytes('huge_books');
    const ac = new AbortController();
    const res = await fetch(`${h.baseUrl}/book?token_id=${tokenId}`, { signal: ac.signal });
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    await new Promise((r) => setTimeout(r, 200));
    const sent = (await faultBytes('huge_books')) - before;
    await new Promise((r) => setTimeout(r, 200));
    // A whole book of a million levels a side is ~74 MB; it stopped within a few socket buffers.
    expect(sent).toBeLessThan(20 * MB);
    expect((await faultBytes('huge_books')) - before).toBe(sent);
  });
});

describe('giantAnswersMb', () => {
  it('answers POST /books with valid JSON of exactly that size: the real books, the first one padded', async () => {
    await h.setFaults({ giantAnswersMb: 2 });
    const r = await books([tokenId, other]);
    expect(r.status).toBe(200);
    expect(Buffer.byteLength(r.text)).toBe(2 * MB);
    expect(r.body.map((b) => b.asset_id)).toEqual([tokenId, other]);
    expect(r.body[0]!.asks).toEqual([{ price: '0.6', size: '20' }]);
    expect(r.body[0]!.bids.length).toBeGreaterThan(70_000);
    expect(await faultCount('giant_answer')).toBeGreaterThanOrEqual(1);
    await h.setFaults({ giantAnswersMb: 0 });
    expect((await books([tokenId])).text.length).toBeLessThan(1_000);
  });

  it('streams 400 MB in chunks (no Content-Length) without holding it: the process grows by far less than the answer', async () => {
    await h.setFaults({ giantAnswersMb: true });
    expect((await h.request('GET', '/_sim/faults')).body).toMatchObject({ giantAnswersMb: 400 });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const timer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const r = await streamRead('/books', JSON.stringify([{ token_id: tokenId }]));
    clearInterval(timer);
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers['transfer-encoding']).toBe('chunked');
    expect(r.bytes).toBe(400 * MB);
    expect(r.head).toMatch(/^\[\{"market":/);
    expect(r.tail).toMatch(/\]\}\]$/);
    // Reader and simulator share this process: 400 MB went through it, a few chunks at a time.
    expect(rssPeak - rssBefore).toBeLessThan(150 * MB);
    expect(await faultBytes('giant_answer')).toBeGreaterThanOrEqual(400 * MB);
  }, 60_000);
});

describe('streamFloodMb', () => {
  it('sends every market-stream connection messages of that size at that rate, until switched off', async () => {
    const ws = new WebSocket(`${h.sim.wsUrl}/ws/market`);
    const sizes: number[] = [];
    let first: unknown;
    ws.on('message', (data: Buffer) => {
      if (data.length < 100_000) return; // the subscription's book
      sizes.push(data.length);
      first ??= JSON.parse(data.toString());
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'market', assets_ids: [tokenId] }));
    await new Promise((r) => setTimeout(r, 100));
    await h.setFaults({ streamFloodMb: 0.5, streamFloodPerSec: 10 });
    await new Promise((r) => setTimeout(r, 1_000));
    await h.setFaults({ streamFloodMb: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const during = sizes.length;
    // 10 a second for a second (fewer when the machine is loaded: timers run late, never early).
    expect(during).toBeGreaterThanOrEqual(3);
    expect(during).toBeLessThanOrEqual(13);
    expect(new Set(sizes)).toEqual(new Set([0.5 * MB]));
    // A `book` event of the subscribed token, as valid JSON.
    expect(first).toMatchObject([{ event_type: 'book', asset_id: tokenId, asks: [] }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(sizes.length).toBe(during);
    expect(await faultCount('stream_flood')).toBeGreaterThanOrEqual(during);
    ws.close();
  });

  it('skips a connection that does not read: the simulator buffers no more than a message for it', async () => {
    const ws = new WebSocket(`${h.sim.wsUrl}/ws/market`);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'market', assets_ids: [tokenId] }));
    await new Promise((r) => setTimeout(r, 100));
    // Stop reading: the simulator's socket buffer fills up.
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = await faultCount('stream_flood');
    await h.setFaults({ streamFloodMb: 4, streamFloodPerSec: 20 });
    await new Promise((r) => setTimeout(r, 1_500));
    await h.setFaults({ streamFloodMb: 0 });
    const sent = (await faultCount('stream_flood')) - before;
    // 30 ticks of 4 MB; only those the kernel's buffers took went out (each at most one message behind).
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThan(15);
    ws.terminate();
  });
});

describe('trickle', () => {
  /** Reads a signed GET for `ms` after its headers: the bytes and when each came. */
  async function readFor(path: string, ms: number): Promise<{ status: number; arrivals: number[]; bytes: number }> {
    const ac = new AbortController();
    const started = performance.now();
    const res = await fetch(h.baseUrl + path, { headers: h.authHeaders('GET', path, undefined), signal: ac.signal });
    const arrivals: number[] = [];
    let bytes = 0;
    const reader = res.body!.getReader();
    const stop = setTimeout(() => ac.abort(), ms);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        arrivals.push(performance.now() - started);
      }
    } catch {
      // aborted
    }
    clearTimeout(stop);
    return { status: res.status, arrivals, bytes };
  }

  it('sends GET /data/orders (true) one byte a second; off restores the whole answer at once', async () => {
    expect((await h.setFaults({ trickle: true })).body).toMatchObject({ trickle: ['GET /data/orders'] });
    const before = await faultBytes('trickle');
    const r = await readFor('/data/orders', 2_500);
    expect(r.status).toBe(200);
    // The first byte at once, then one per interval: 3 bytes in 2.5 s.
    expect(r.bytes).toBeGreaterThanOrEqual(2);
    expect(r.bytes).toBeLessThanOrEqual(4);
    expect(r.arrivals[1]! - r.arrivals[0]!).toBeGreaterThanOrEqual(TRICKLE_INTERVAL_MS - 100);
    // The client hung up: the simulator stops writing.
    await new Promise((res) => setTimeout(res, 1_200));
    const sent = (await faultBytes('trickle')) - before;
    expect(sent).toBeLessThanOrEqual(4);
    // Other routes are untouched.
    expect((await book()).body.bids).toEqual([{ price: '0.4', size: '20' }]);
    await h.setFaults({ trickle: false });
    const t = performance.now();
    const whole = await h.signed<{ data: unknown[] }>('GET', '/data/orders');
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body.data)).toBe(true);
    // Trickled, its tens of bytes would take tens of seconds.
    expect(performance.now() - t).toBeLessThan(5_000);
  }, 15_000);

  it('trickles the routes named, errors included', async () => {
    await h.setFaults({ trickle: ['GET /book'] });
    const ac = new AbortController();
    const res = await fetch(`${h.baseUrl}/book?token_id=nope`, { signal: ac.signal });
    expect(res.status).toBe(404);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value).toHaveLength(1);
    ac.abort();
    expect((await h.request('GET', '/_sim/faults')).body).toMatchObject({ trickle: ['GET /book'] });
  });
});

describe('deepJson', () => {
  it("answers POST /midpoints with the first token's midpoint nested 200,000 deep (true)", async () => {
    await h.setFaults({ deepJson: true });
    const r = await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }, { token_id: other }] });
    expect(r.status).toBe(200);
    const head = `{"${tokenId}":`;
    expect(r.text.startsWith(head)).toBe(true);
    const value = r.text.slice(head.length, -1);
    expect(value).toBe(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(r.text.endsWith('}')).toBe(true);
    expect(Number(r.headers.get('content-length'))).toBe(r.text.length);
    await h.setFaults({ deepJson: 0 });
    expect((await h.request('POST', '/midpoints', { body: [{ token_id: tokenId }] })).body).toEqual({ [tokenId]: '0.5' });
  });
});

describe('garbage', () => {
  it('answers POST /books with 64 KiB of random bytes as JSON; off restores the books', async () => {
    await h.setFaults({ garbage: true });
    const res = await fetch(`${h.baseUrl}/books`, { method: 'POST', body: JSON.stringify([{ token_id: tokenId }]) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(GARBAGE_BYTES);
    expect(() => JSON.parse(bytes.toString('utf8'))).toThrow();
    expect(new Set(bytes).size).toBeGreaterThan(200);
    // GET /book is not touched by it.
    expect((await book()).status).toBe(200);
    await h.setFaults({ garbage: false });
    expect((await books([tokenId])).body[0]!.asset_id).toBe(tokenId);
  });
});

describe('settings', () => {
  it('rejects bad hostile settings with 400 naming the setting', async () => {
    expectError(await h.setFaults({ hugeBooks: -1 }), 400, 'BAD_PARAMETER', "'hugeBooks'");
    expectError(await h.setFaults({ hugeBooks: 1.5 }), 400, 'BAD_PARAMETER', "'hugeBooks'");
    expectError(await h.setFaults({ hugeBooks: 2_000_000 }), 400, 'BAD_PARAMETER', "'hugeBooks'");
    expectError(await h.setFaults({ streamFloodMb: 65 }), 400, 'BAD_PARAMETER', "'streamFloodMb'");
    expectError(await h.setFaults({ streamFloodPerSec: 0 }), 400, 'BAD_PARAMETER', "'streamFloodPerSec'");
    expectError(await h.setFaults({ trickle: ['GET /nowhere'] }), 400, 'BAD_PARAMETER', "'trickle[0]'");
    expectError(await h.setFaults({ garbage: 'yes' }), 400, 'BAD_PARAMETER', "'garbage'");
    expect((await h.request('GET', '/_sim/faults')).body).toMatchObject({
      hugeBooks: 0,
      giantAnswersMb: 0,
      streamFloodMb: 0,
      streamFloodPerSec: 4,
      trickle: [],
      deepJson: 0,
      garbage: false,
    });
  });

  it('reads them from the configuration (sim.faults.*), bounds named by key', () => {
    const args = [
      '--fault-huge-books',
      '2000',
      '--fault-giant-answers-mb',
      '400',
      '--fault-trickle',
      'true',
      '--fault-deep-json',
      '200000',
    ];
    const o = simulatorOptions(loadConfig({ env: {}, args }).config);
    expect(o.faults).toMatchObject({
      hugeBooks: 2_000,
      giantAnswersMb: 400,
      trickle: ['GET /data/orders'],
      deepJson: 200_000,
      garbage: false,
    });
    const flood = loadConfig({ env: { MAKERD_SIM_FAULT_STREAM_FLOOD_MB: '100' }, args: [] }).config;
    expect(() => simulatorOptions(flood)).toThrow(/sim\.faults: parameter 'streamFloodMb' must be/);
  });
});
